/** Start-up housekeeping of SPEC §9: old translations dropped, summary cache capped. */
import type { Statement } from '../types.ts'

export const TRANSLATION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000
export const SUMMARY_CACHE_SIZE = 10

/** Deletes translations older than 7 days and all but the 10 most recently accessed summaries. */
export function housekeeping(now = Date.now()): Statement[] {
  return [
    { sql: 'DELETE FROM translations WHERE createdAt < ?', params: [new Date(now - TRANSLATION_MAX_AGE_MS).toISOString()] },
    {
      sql: `DELETE FROM summaries WHERE rowid NOT IN (
        SELECT rowid FROM summaries ORDER BY COALESCE(lastAccessed, createdAt) DESC LIMIT ?
      )`,
      params: [SUMMARY_CACHE_SIZE],
    },
  ]
}
