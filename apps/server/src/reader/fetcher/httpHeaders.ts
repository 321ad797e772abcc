/** @module Small parsers for the response headers the fetcher reports. */

type HeaderValue = string | string[] | undefined

/** The first value of a header as undici reports it. */
export function headerValue(value: HeaderValue): string | null {
  if (Array.isArray(value)) return value[0] ?? null
  return value ?? null
}

/** Retry-After as seconds from `now`: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (!value) return null
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text)
  const at = Date.parse(text)
  if (Number.isNaN(at)) return null
  return Math.max(0, Math.ceil((at - now) / 1000))
}

/** Cache-Control max-age in seconds (s-maxage is for shared caches and ignored); null when absent. */
export function parseMaxAge(value: string | null): number | null {
  if (!value) return null
  const match = /(?:^|[,\s])max-age\s*=\s*"?(\d+)"?/i.exec(value)
  return match ? Number(match[1]) : null
}
