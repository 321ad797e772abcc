/** @module The one spelling of a feed URL under which a feed is stored and looked up. */

/** True for an `rsshub://namespace/path` feed URL (fetched through the user's RSSHub instance, docs/rsshub.md). */
export function isRsshubUrl(url: string): boolean {
  return /^rsshub:\/\//i.test(url)
}

/** `rsshub://Namespace/path/?a=1#x` → `rsshub://namespace/path?a=1`; null without a namespace. */
function normalizeRsshubUrl(text: string): string | null {
  const match = /^rsshub:\/\/([A-Za-z0-9][\w.-]*)(\/[^?#]*)?(\?[^#]*)?/i.exec(text)
  if (!match) return null
  const path = (match[2] ?? '').replace(/\/+$/, '')
  const query = match[3] && match[3] !== '?' ? match[3] : ''
  return `rsshub://${match[1].toLowerCase()}${path}${query}`
}

/**
 * Normalizes what a user typed into a feed URL: trims, turns `feed:` URLs into http(s), adds
 * `https://` when no scheme is given, lower-cases the host, drops the default port and the
 * fragment. `rsshub://namespace/path` stays an rsshub:// URL (namespace lower-cased, no trailing
 * slash). Returns null for anything else that is not an http(s) URL.
 */
export function normalizeFeedUrl(input: string): string | null {
  let text = input.trim()
  if (!text) return null
  if (isRsshubUrl(text)) return normalizeRsshubUrl(text)
  // feed://host/path (Safari, old Firefox) and feed:https://host/path
  const feedScheme = /^feed:(\/\/)?/i.exec(text)
  if (feedScheme) text = /^https?:/i.test(text.slice(feedScheme[0].length)) ? text.slice(feedScheme[0].length) : `http://${text.slice(feedScheme[0].length)}`
  if (!/^[a-z][a-z0-9+.-]*:/i.test(text) || /^[^:/]+:\d+(\/|$)/.test(text)) text = `https://${text.replace(/^\/\//, '')}`
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null
  url.hash = ''
  return url.href
}

/** True when a feed URL carries credentials (`user:pass@`): such a URL is not moved by a redirect. */
export function hasCredentials(url: string): boolean {
  try {
    const parsed = new URL(url)
    return parsed.username !== '' || parsed.password !== ''
  } catch {
    return false
  }
}

/** The host a feed is fetched from (the per-host concurrency key); '' for an unusable URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return ''
  }
}
