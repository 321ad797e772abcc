/**
 * @module fetchFeed: one SSRF-safe conditional GET of a feed URL.
 *
 * Redirects are followed by hand (at most 5) so every hop goes through the URL check again; the
 * guarded undici connector checks the address each new connection actually reaches. One deadline
 * (default 20 s) covers every hop, the headers and the body.
 */
import type { Dispatcher } from 'undici'
import { undici } from '../../lib/undiciModule.ts'
import type { Readable } from 'node:stream'
import { sharedAgent, throwawayAgent } from './dispatcher.ts'
import { FetchError, toFetchError } from './fetchError.ts'
import { headerValue, parseMaxAge, parseRetryAfter } from './httpHeaders.ts'
import { ACCEPT_ENCODING, readBody } from './readBody.ts'
import { checkUrlTarget, isPublicAddress, type AddressPolicy, type HostResolver } from './ssrfGuard.ts'

export { FetchError } from './fetchError.ts'
export type { FetchErrorKind } from './fetchError.ts'

export const DEFAULT_USER_AGENT = 'Brook/0.7.0 (+https://github.com/brook-reader/brook; feed fetcher)'
export const FEED_ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.8'
export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024
export const DEFAULT_TIMEOUT_MS = 20_000
export const MAX_REDIRECTS = 5

export type FetchOptions = {
  /** Validator from the previous 200: sent as If-None-Match. */
  etag?: string | null
  /** Validator from the previous 200: sent as If-Modified-Since. */
  lastModified?: string | null
  /** Lifts the SSRF guard (self-hosters reading feeds on their own LAN; the test farm). */
  allowPrivateNetworks: boolean
  /** Body cap in bytes, on the wire and decoded; default 10 MiB. */
  maxBytes?: number
  /** Total deadline for all hops, headers and body; default 20 000 ms. */
  timeoutMs?: number
  userAgent?: string
  signal?: AbortSignal
  /**
   * Test-only: replaces the address policy of the guard (default `isPublicAddress`) for this call,
   * e.g. to let a test reach the loopback farm under a test host name (with `resolveHost`) for the
   * first hop while every other private address stays refused. Ignored when
   * `allowPrivateNetworks` is true. Production code never sets it.
   */
  isAllowedAddress?: AddressPolicy
  /** Test-only: replaces DNS for this call so tests can play hostile answers. */
  resolveHost?: HostResolver
}

type Validators = { etag: string | null; lastModified: string | null; maxAgeSeconds: number | null }

/**
 * `movedTo`: where the first hops sent the request when each of them was a permanent redirect
 * (301 or 308), the address the feed now lives at; null when the first answer was not one.
 */
type Location = { finalUrl: string; movedTo: string | null }

export type FetchResult =
  | ({ status: 200; body: Uint8Array; contentType: string | null; /** The HTTP Link header (WebSub hub discovery). */ link?: string | null } & Location & Validators)
  | ({ status: 304 } & Location & Validators)

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])
const PERMANENT_REDIRECTS = new Set([301, 308])

/** Drops a body we do not want: small leftovers are read so the socket can be reused, big ones cut. */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.dump({ limit: 64 * 1024 }).catch(() => {})
}

function parseTarget(raw: string, base?: string): URL {
  let url: URL
  try {
    url = new URL(raw, base)
  } catch {
    throw new FetchError('invalid_url', `invalid URL "${raw}"`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchError('scheme', `only http and https are fetched, not ${url.protocol.replace(/:$/, '')}`)
  }
  url.hash = ''
  return url
}

/** Fetches a feed URL once; throws `FetchError` on every failure, including 304-less HTTP errors. */
export async function fetchFeed(url: string, opts: FetchOptions): Promise<FetchResult> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES
  const deadline = AbortSignal.timeout(timeoutMs)
  const signal = opts.signal ? AbortSignal.any([deadline, opts.signal]) : deadline
  const policy = opts.allowPrivateNetworks ? null : (opts.isAllowedAddress ?? isPublicAddress)
  const testAgent =
    policy && (opts.isAllowedAddress || opts.resolveHost) ? throwawayAgent(policy, opts.resolveHost) : null
  const dispatcher: Dispatcher = testAgent ?? sharedAgent(opts.allowPrivateNetworks)

  const headers: Record<string, string> = {
    'user-agent': opts.userAgent ?? DEFAULT_USER_AGENT,
    accept: FEED_ACCEPT,
    'accept-encoding': ACCEPT_ENCODING,
  }
  if (opts.etag) headers['if-none-match'] = opts.etag
  if (opts.lastModified) headers['if-modified-since'] = opts.lastModified

  let current = parseTarget(url)
  // user:pass@ in a feed URL (private feeds) becomes Basic auth, sent to that origin only.
  const auth = current.username || current.password
    ? `Basic ${Buffer.from(`${decodeURIComponent(current.username)}:${decodeURIComponent(current.password)}`).toString('base64')}`
    : null
  const authOrigin = current.origin
  const visited = new Set<string>()
  let movedTo: string | null = null
  let permanentSoFar = true
  try {
    for (let hop = 0; ; hop++) {
      if (policy) checkUrlTarget(current, policy)
      visited.add(current.href)
      const hopHeaders = auth && current.origin === authOrigin ? { ...headers, authorization: auth } : headers
      const response = await undici().request(current, { method: 'GET', headers: hopHeaders, signal, dispatcher })
      const { statusCode } = response
      const header = (name: string) => headerValue(response.headers[name])

      if (REDIRECT_STATUSES.has(statusCode)) {
        discard(response.body)
        const location = header('location')
        if (!location) throw new FetchError('http', `HTTP ${statusCode} without a Location header`, { status: statusCode })
        if (hop >= MAX_REDIRECTS) throw new FetchError('redirects', `more than ${MAX_REDIRECTS} redirects from ${url}`)
        const next = parseTarget(location, current.href)
        if (visited.has(next.href)) throw new FetchError('redirects', `redirect loop at ${next.href}`)
        permanentSoFar &&= PERMANENT_REDIRECTS.has(statusCode)
        if (permanentSoFar) movedTo = next.href
        current = next
        continue
      }

      const validators: Validators = {
        etag: header('etag'),
        lastModified: header('last-modified'),
        maxAgeSeconds: parseMaxAge(header('cache-control')),
      }
      if (statusCode === 304) {
        discard(response.body)
        return { status: 304, finalUrl: current.href, movedTo, ...validators }
      }
      if (statusCode < 200 || statusCode > 299) {
        discard(response.body)
        const retryAfter = statusCode === 429 || statusCode === 503 ? parseRetryAfter(header('retry-after')) : null
        const extra = retryAfter === null ? { status: statusCode } : { status: statusCode, retryAfterSeconds: retryAfter }
        throw new FetchError('http', `HTTP ${statusCode} from ${current.href}`, extra)
      }
      const declared = Number(header('content-length') ?? NaN)
      if (declared > maxBytes) {
        discard(response.body)
        throw new FetchError('too_large', `response body of ${current.href} is ${declared} bytes, over the ${maxBytes} byte cap`)
      }
      const body = await readBody(response.body as unknown as Readable, header('content-encoding'), maxBytes, current.href)
      return { status: 200, body, contentType: header('content-type'), link: header('link'), finalUrl: current.href, movedTo, ...validators }
    }
  } catch (error) {
    if (opts.signal?.aborted && !deadline.aborted) throw opts.signal.reason
    if (deadline.aborted && !(error instanceof FetchError && error.kind !== 'network')) {
      throw new FetchError('timeout', `timed out after ${timeoutMs} ms fetching ${url}`, { cause: error })
    }
    throw toFetchError(error, current.href)
  } finally {
    if (testAgent) void testAgent.close()
  }
}
