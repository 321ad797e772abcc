/** Query retry rule of SPEC §7: never for 400, 401, 403, 404, 422 or no status; else up to 3 times, 1 s apart. */
import { isApiError } from './ApiError.ts'

const NO_RETRY = new Set([400, 401, 403, 404, 422])
export const MAX_QUERY_RETRIES = 3
export const QUERY_RETRY_DELAY_MS = 1000

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_QUERY_RETRIES) return false
  const status = isApiError(error) ? error.status : (error as { status?: number } | null)?.status
  if (!status) return false
  return !NO_RETRY.has(status)
}
