/** URL helpers shared by normalize and the sanitizer: resolving relative references and keeping only safe schemes. */

const WEB_SCHEMES = new Set(['http:', 'https:'])

/**
 * An absolute http(s) URL already written the way WHATWG URL serializes it: lower-case scheme and
 * host (dot-separated labels of letters, digits and hyphens, the last starting with a letter, so
 * never an IPv4 number), no userinfo or port, a path, and only characters no component
 * percent-encodes or rewrites. Such a URL resolves to itself whatever the base, so parsing it can
 * be skipped (most links and images in feeds look like this). `NOT_SHORTCUT` sends anything that
 * might hold a `.`/`..` segment (`/.`, `%2e`) and punycode labels (validated by IDNA) to the
 * parser. resolveUrl.test.ts checks the shortcut against `URL.parse` on generated URLs.
 */
const CANONICAL_WEB_URL = /^https?:\/\/(?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*\/[A-Za-z0-9\-._~!$&()*+,;=:@/%?#]*$/
const NOT_SHORTCUT = /\/\.|%2e|xn--/i

/** Whether `value` is an absolute http(s) URL that `new URL(value, anyBase).href` returns unchanged. */
export function isCanonicalWebUrl(value: string): boolean {
  return CANONICAL_WEB_URL.test(value) && !NOT_SHORTCUT.test(value)
}

/**
 * Resolves `raw` against `base` (both may be absent or malformed).
 * Returns the absolute URL, the trimmed input when it cannot be resolved, or null for blank input.
 */
export function resolveUrl(raw: string | null | undefined, base?: string | null): string | null {
  if (raw == null) return null
  const value = raw.trim()
  if (value === '') return null
  if (isCanonicalWebUrl(value)) return value
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
  if (isCanonicalWebUrl(value)) return value
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
