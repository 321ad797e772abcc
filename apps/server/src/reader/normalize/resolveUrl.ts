/** URL helpers shared by normalize and the sanitizer: resolving relative references and keeping only safe schemes. */

const WEB_SCHEMES = new Set(['http:', 'https:'])

/**
 * Resolves `raw` against `base` (both may be absent or malformed).
 * Returns the absolute URL, the trimmed input when it cannot be resolved, or null for blank input.
 */
export function resolveUrl(raw: string | null | undefined, base?: string | null): string | null {
  if (raw == null) return null
  const value = raw.trim()
  if (value === '') return null
  const resolved = URL.parse(value, base || undefined)
  return resolved ? resolved.href : value
}

/**
 * Resolves `raw` against `base` and keeps it only when the result is an absolute http(s) URL
 * (or one of `extraSchemes`, e.g. `magnet:` for attachments). Used for entry links, images, media.
 */
export function webUrl(
  raw: string | null | undefined,
  base?: string | null,
  extraSchemes?: ReadonlySet<string>,
): string | null {
  if (raw == null) return null
  const value = raw.trim()
  if (value === '') return null
  const resolved = URL.parse(value, base || undefined)
  if (!resolved) return null
  if (WEB_SCHEMES.has(resolved.protocol) || extraSchemes?.has(resolved.protocol)) return resolved.href
  return null
}

/** Joins a chain of xml:base values (outermost first) onto a starting base. */
export function joinBase(base: string | null, ...xmlBases: (string | null | undefined)[]): string | null {
  let current = base
  for (const next of xmlBases) {
    if (next == null || next.trim() === '') continue
    current = resolveUrl(next, current)
  }
  return current
}

/** The document's base URL: the feed URL when it is a web URL, else the feed's own link. */
export function rootBase(feedUrl: string, siteLink: string | null | undefined): string | null {
  if (/^https?:/i.test(feedUrl)) return feedUrl
  return webUrl(siteLink) ?? feedUrl
}
