/** The one error type routes throw: a catalogue code, its HTTP status and an optional reason. */
import { ErrorCatalogue, type ErrorCode } from '@brook/shared'

/** HTTP status per code where it is not 400. */
const STATUS: Partial<Record<ErrorCode, number>> = {
  1: 409,
  5: 500,
  6: 404,
  1000: 401,
  1001: 401,
  1004: 403,
  1005: 500,
  1006: 403,
  1008: 429,
  1103: 403,
  2000: 403,
  2001: 404,
  2003: 422,
  2004: 422,
  3000: 404,
  6000: 404,
  7000: 404,
  8000: 404,
  8001: 403,
  8003: 409,
  8004: 409,
  10000: 404,
  10001: 409,
  10003: 403,
  13000: 404,
  13003: 404,
  13004: 403,
  14001: 413,
  15000: 429,
  15001: 403,
}

/** The HTTP status a code is answered with. */
export function statusOf(code: ErrorCode): number {
  return STATUS[code] ?? 400
}

export class AppError extends Error {
  readonly code: ErrorCode
  readonly status: number
  readonly reason?: string
  readonly data?: unknown

  constructor(code: ErrorCode, options: { status?: number; reason?: string; data?: unknown; cause?: unknown } = {}) {
    super(ErrorCatalogue[code], { cause: options.cause })
    this.name = 'AppError'
    this.code = code
    this.status = options.status ?? statusOf(code)
    this.reason = options.reason
    this.data = options.data
  }
}
