/**
 * @module How a failed fetch or parse is told: as an AppError (2003 / 2004 with the detail in
 * `reason`) to the API caller, and as "2003 Feed fetch error: <detail>" in feeds.errorMessage.
 */
import { ErrorCatalogue } from '@brook/shared'
import { AppError } from '../../lib/appError.ts'
import { FetchError } from '../../reader/fetcher/fetchError.ts'
import { FeedParseError } from '../../reader/parser/feedParseError.ts'

/** Catalogue code and detail of an engine failure; anything unexpected is an internal error. */
export function describeFeedError(error: unknown): { code: 2003 | 2004 | 13000 | 13007 | 1005; detail: string } {
  if (error instanceof AppError && (error.code === 2003 || error.code === 2004 || error.code === 13000 || error.code === 13007)) return { code: error.code, detail: error.reason ?? error.message }
  if (error instanceof FetchError) return { code: 2003, detail: error.message }
  if (error instanceof FeedParseError) return { code: 2004, detail: error.detail }
  return { code: 1005, detail: error instanceof Error ? error.message : String(error) }
}

/** The text stored in feeds.errorMessage, e.g. `2003 Feed fetch error: HTTP 500 from https://…`. */
export function feedErrorMessage(error: unknown): string {
  const { code, detail } = describeFeedError(error)
  return `${code} ${ErrorCatalogue[code]}: ${detail}`.slice(0, 1000)
}

/** The AppError an API call answers with for an engine failure (unexpected errors pass through). */
export function toFeedAppError(error: unknown): unknown {
  if (error instanceof AppError) return error
  const { code, detail } = describeFeedError(error)
  if (code === 1005) return error
  return new AppError(code, { reason: detail, cause: error })
}

/** Retry-After of a failed fetch, when the server sent one. */
export function retryAfterOf(error: unknown): number | null {
  return error instanceof FetchError && error.retryAfterSeconds !== undefined ? error.retryAfterSeconds : null
}
