/**
 * The typed HTTP client of SPEC §7: base `/api`, cookies, no-store, identifying headers,
 * 30 s timeout, envelope unwrapping and the transport rules of SPEC §8. No retries here.
 * `get`/`post`/… are typed by path and method from the generated contract (api/types.ts,
 * docs/api-contract.md); `request` is the untyped transport under them (the outbox replays
 * stored rows with it).
 */
import { APP_VERSION, ErrorCodes } from '@brook/shared'
import { env } from '../env.ts'
import { navigate } from '../lib/navigation.ts'
import { getClientId, getSessionId } from '../lib/storage.ts'
import { useNetworkStore } from '../store/network.ts'
import { useSessionStore } from '../store/session.ts'
import { ApiError, ClientErrorCodes, type ApiRequestInfo } from './ApiError.ts'
import type { ApiData, ApiInput, ApiMethod, ApiPath } from './types.ts'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
export type ResponseType = 'json' | 'text' | 'blob' | 'arrayBuffer' | 'response'

/** Default request timeout of the generic client (SPEC §9). */
export const REQUEST_TIMEOUT_MS = 30_000

export interface ApiClientOptions {
  /** Base of every path, e.g. `/api` or `http://host/api`. */
  baseUrl: string
  fetch?: typeof fetch
  timeoutMs?: number
  /** Identifying headers (client id, session id, platform…), read on every request. */
  headers?: () => Record<string, string>
  /** A bearer token, when the platform uses one instead of cookies. */
  getToken?: () => string | null | undefined
  /** A 401 answer: the session is gone. */
  onUnauthorized?: (error: ApiError) => void
  /** A 400 with code 1003: the user needs an invitation. */
  onInvitationRequired?: (error: ApiError) => void
  /** Connectivity signal: true on any response, false when none came while the browser is online. */
  onConnectivity?: (online: boolean) => void
}

export interface RequestOptions<R extends ResponseType = ResponseType> {
  signal?: AbortSignal
  headers?: Record<string, string>
  timeoutMs?: number
  responseType?: R
  /** A 401 is only thrown, not reported as the session ending (requests sent before the session is known). */
  quietUnauthorized?: boolean
}

/** The envelope of SPEC §3: a code other than 0 is an error. */
interface Envelope {
  code: number
  message?: string
  reason?: string
  data?: unknown
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).code === 'number'
}

type Input = Record<string, unknown> | FormData | Blob | ArrayBuffer | string | undefined

/** What a typed call resolves to: the envelope's `data`, or the raw body asked for. */
export type ApiAnswer<M extends ApiMethod, P extends ApiPath<M>, R extends ResponseType = 'json'> = R extends 'json'
  ? ApiData<M, P>
  : R extends 'text'
    ? string
    : R extends 'blob'
      ? Blob
      : R extends 'arrayBuffer'
        ? ArrayBuffer
        : Response

/** The input and options of a typed call; the input is required when the route requires something. */
type CallArgs<M extends ApiMethod, P extends ApiPath<M>, R extends ResponseType> = object extends ApiInput<M, P>
  ? [input?: ApiInput<M, P>, init?: RequestOptions<R>]
  : [input: ApiInput<M, P>, init?: RequestOptions<R>]

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
}

/**
 * Fills `{name}` path parameters from input and returns the path with the leftover input
 * (SPEC §7: GET puts leftovers in the query, other methods in the body).
 */
export function fillPath(path: string, input: Input): { path: string; rest: Input } {
  if (!isPlainObject(input)) return { path, rest: input }
  const rest: Record<string, unknown> = { ...input }
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in rest)) throw new Error(`Missing path parameter "${name}" for ${path}`)
    const value = rest[name]
    delete rest[name]
    return encodeURIComponent(String(value))
  })
  return { path: filled, rest }
}

/** Serialises leftover GET input as a query string (arrays repeat the key; null/undefined skipped). */
export function toQuery(input: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item))
    else params.append(key, String(value))
  }
  const query = params.toString()
  return query ? `?${query}` : ''
}

/** Builds the request body and its content type for non-GET input. */
function toBody(input: Input): { body?: BodyInit; contentType?: string } {
  if (input === undefined) return {}
  if (typeof FormData !== 'undefined' && input instanceof FormData) return { body: input }
  if (typeof Blob !== 'undefined' && input instanceof Blob) return { body: input }
  if (input instanceof ArrayBuffer) return { body: input, contentType: 'application/octet-stream' }
  if (typeof input === 'string') return { body: input, contentType: 'text/plain;charset=UTF-8' }
  return { body: JSON.stringify(input), contentType: 'application/json' }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return undefined
  const type = response.headers.get('content-type') ?? ''
  if (type.includes('json') || /^[[{]/.test(text.trim())) {
    try {
      return JSON.parse(text)
    } catch {
      return text
    }
  }
  return text
}

/** The identifying headers of SPEC §7 for a platform. */
export function appHeaders(ids: { clientId: string; sessionId: string; platform: 'web' | 'desktop'; dev?: boolean }): Record<string, string> {
  return {
    'X-App-Platform': ids.platform,
    'X-App-Name': 'Brook',
    'X-App-Version': APP_VERSION,
    'X-Client-Id': ids.clientId,
    'X-Session-Id': ids.sessionId,
    'Cache-Control': 'no-store',
    ...(ids.dev ? { 'X-App-Dev': '1' } : {}),
  }
}

/** Creates a client; the app has one (api/index.ts), tests make their own. */
export function createApiClient(options: ApiClientOptions) {
  const base = options.baseUrl.replace(/\/$/, '')
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))

  async function request(method: HttpMethod, path: string, input?: Input, init: RequestOptions = {}): Promise<unknown> {
    const { path: filled, rest } = fillPath(path, input)
    let url = `${base}${filled.startsWith('/') ? filled : `/${filled}`}`
    let body: BodyInit | undefined
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers?.(), ...init.headers }
    if (method === 'GET') {
      if (isPlainObject(rest)) url += toQuery(rest)
    } else {
      const built = toBody(rest)
      body = built.body
      if (built.contentType) headers['Content-Type'] = built.contentType
    }
    const token = options.getToken?.()
    if (token) headers.Authorization = `Bearer ${token}`
    const info: ApiRequestInfo = { method, url, args: input instanceof FormData ? '[form-data]' : input }

    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, init.timeoutMs ?? options.timeoutMs ?? REQUEST_TIMEOUT_MS)
    const onOuterAbort = () => controller.abort()
    init.signal?.addEventListener('abort', onOuterAbort, { once: true })

    let response: Response
    try {
      response = await doFetch(url, {
        method,
        headers,
        body,
        credentials: 'include',
        cache: 'no-store',
        signal: controller.signal,
      })
    } catch (cause) {
      if (timedOut) throw new ApiError('Request timeout', { code: ClientErrorCodes.Timeout, status: 408, request: info })
      if (init.signal?.aborted) throw new ApiError('Request aborted', { code: ClientErrorCodes.Aborted, status: 0, request: info })
      // No response at all: if the browser believes it is online, the server is unreachable.
      if (typeof navigator === 'undefined' || navigator.onLine !== false) options.onConnectivity?.(false)
      const message = cause instanceof Error ? cause.message : 'Network error'
      throw new ApiError(message, { code: ClientErrorCodes.Network, status: 0, request: info })
    } finally {
      clearTimeout(timer)
      init.signal?.removeEventListener('abort', onOuterAbort)
    }

    if (response.status === 0) {
      if (typeof navigator === 'undefined' || navigator.onLine !== false) options.onConnectivity?.(false)
    } else {
      options.onConnectivity?.(true)
    }

    const responseType = init.responseType ?? 'json'
    if (response.ok && responseType !== 'json') {
      if (responseType === 'response') return response
      if (responseType === 'text') return await response.text()
      if (responseType === 'blob') return await response.blob()
      return await response.arrayBuffer()
    }

    const parsed = await readBody(response)
    const envelope = isEnvelope(parsed) ? parsed : undefined

    if (!response.ok) {
      const serverMessage = envelope?.message ?? (typeof parsed === 'object' && parsed && typeof (parsed as { message?: unknown }).message === 'string' ? (parsed as { message: string }).message : undefined)
      const rawCode = (parsed as { code?: unknown } | undefined)?.code
      const code = typeof rawCode === 'number' || typeof rawCode === 'string' ? rawCode : response.status
      if (response.status === 401) {
        const error = new ApiError(serverMessage ?? 'Authentication required', { code, status: 401, reason: envelope?.reason, data: envelope?.data, request: info })
        if (!init.quietUnauthorized) options.onUnauthorized?.(error)
        throw error
      }
      if (response.status === 400 && Array.isArray(envelope?.data)) {
        throw new ApiError(serverMessage ?? 'Validation error', { code, status: 400, reason: envelope?.reason, data: envelope?.data, request: info })
      }
      const error = new ApiError(serverMessage || response.statusText || `HTTP ${response.status}`, {
        code,
        status: response.status,
        reason: envelope?.reason,
        data: envelope?.data,
        request: info,
      })
      if (response.status === 400 && code === ErrorCodes.InvalidInvitation) options.onInvitationRequired?.(error)
      throw error
    }

    if (envelope) {
      if (envelope.code !== 0) {
        const error = new ApiError(envelope.message ?? 'Unknown error', {
          code: envelope.code,
          status: response.status,
          reason: envelope.reason,
          data: envelope.data,
          request: info,
        })
        throw error
      }
      return envelope.data
    }
    return parsed
  }

  /** A call typed by path and method: input and answer come from the contract. */
  function typed<M extends ApiMethod>(method: M) {
    return <P extends ApiPath<M>, R extends ResponseType = 'json'>(path: P, ...[input, init]: CallArgs<M, P, R>): Promise<ApiAnswer<M, P, R>> =>
      request(method.toUpperCase() as HttpMethod, path, input as Input, init) as Promise<ApiAnswer<M, P, R>>
  }

  return {
    request,
    get: typed('get'),
    post: typed('post'),
    put: typed('put'),
    patch: typed('patch'),
    delete: typed('delete'),
  }
}

export type ApiClient = ReturnType<typeof createApiClient>

// ---------------------------------------------------------------------------
// The app's client: wired to the session and network stores and the router.

let bearerToken: string | null = null

/** Sets (or clears) the bearer token sent with every request. */
export function setAuthToken(token: string | null): void {
  bearerToken = token
}

/** The identifying headers of this browser tab. */
export function currentAppHeaders(): Record<string, string> {
  return appHeaders({ clientId: getClientId(), sessionId: getSessionId(), platform: env.platform, dev: env.dev })
}

/** The one API client of the app. */
export const api = createApiClient({
  baseUrl: env.apiUrl,
  headers: currentAppHeaders,
  getToken: () => bearerToken,
  onUnauthorized: () => useSessionStore.getState().expireSession(),
  onInvitationRequired: () => navigate('/invitation'),
  onConnectivity: (online) => useNetworkStore.getState().setOnline(online),
})

export { ApiError, isApiError } from './ApiError.ts'
