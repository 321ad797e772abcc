/** The error every API call rejects with (SPEC §8 "Transport-level"). */

/** The request an error came from: its request line and arguments. */
export interface ApiRequestInfo {
  method: string
  url: string
  args?: unknown
}

/** Codes the client itself produces, next to the numeric server codes. */
export const ClientErrorCodes = {
  Timeout: 'TIMEOUT_ERROR',
  Network: 'NETWORK_ERROR',
  Aborted: 'ABORT_ERROR',
  Http: 'HTTP_ERROR',
} as const

export interface ApiErrorInit {
  code: number | string
  status: number
  reason?: string
  data?: unknown
  request?: ApiRequestInfo
}

/** An API failure: message, HTTP status and code; server bodies may add a reason and data. */
export class ApiError extends Error {
  readonly code: number | string
  readonly status: number
  readonly reason?: string
  /** Validation issues for a 400 with data, or any other payload the server attached. */
  readonly data?: unknown
  readonly request?: ApiRequestInfo

  constructor(message: string, init: ApiErrorInit) {
    super(message)
    this.name = 'ApiError'
    this.code = init.code
    this.status = init.status
    this.reason = init.reason
    this.data = init.data
    this.request = init.request
  }

  /** True for a 400 that carries a list of validation issues. */
  get isValidation(): boolean {
    return this.status === 400 && Array.isArray(this.data)
  }

  /** The request line and arguments, for logs and bug reports. */
  get requestLine(): string {
    if (!this.request) return ''
    const args = this.request.args === undefined ? '' : ` ${safeJson(this.request.args)}`
    return `${this.request.method} ${this.request.url}${args}`
  }
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value)
  } catch {
    return String(value)
  }
}

/** True when value is an ApiError (also across bundles). */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError || (value instanceof Error && value.name === 'ApiError' && 'status' in value)
}
