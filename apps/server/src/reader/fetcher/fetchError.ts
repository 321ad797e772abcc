/** @module The one error the fetcher throws; the caller maps it to catalogue code 2003 'Feed fetch error'. */

/** Why a fetch failed. */
export type FetchErrorKind =
  | 'ssrf'
  | 'timeout'
  | 'too_large'
  | 'http'
  | 'network'
  | 'redirects'
  | 'scheme'
  | 'invalid_url'

/** A failed feed fetch: `kind` for code, `message` for people, `status`/`retryAfterSeconds` for HTTP answers. */
export class FetchError extends Error {
  override name = 'FetchError'
  readonly kind: FetchErrorKind
  readonly status?: number
  readonly retryAfterSeconds?: number

  constructor(
    kind: FetchErrorKind,
    message: string,
    extra: { status?: number; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause })
    this.kind = kind
    if (extra.status !== undefined) this.status = extra.status
    if (extra.retryAfterSeconds !== undefined) this.retryAfterSeconds = extra.retryAfterSeconds
  }
}

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT'])

/** Walks an error and its causes; returns the first link `test` accepts. */
function findInChain(error: unknown, test: (e: Error & { code?: unknown }) => boolean): (Error & { code?: unknown }) | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; depth++) {
    if (test(current)) return current
    current = current.cause
  }
  return null
}

/** Turns whatever undici, zlib or the guard threw into a `FetchError`. */
export function toFetchError(error: unknown, url: string): FetchError {
  if (error instanceof FetchError) return error
  const ssrf = findInChain(error, (e) => e.code === 'BROOK_SSRF')
  if (ssrf) return new FetchError('ssrf', ssrf.message, { cause: error })
  const timeout = findInChain(error, (e) => e.name === 'TimeoutError' || TIMEOUT_CODES.has(String(e.code)))
  if (timeout) return new FetchError('timeout', `timed out fetching ${url}`, { cause: error })
  const coded = findInChain(error, (e) => typeof e.code === 'string')
  const detail = coded ? `${coded.code}: ${coded.message}` : error instanceof Error ? error.message : String(error)
  return new FetchError('network', `network error fetching ${url} (${detail})`, { cause: error })
}
