/**
 * @module When to check a feed next (miniflux's "entry frequency" scheduler, with back-off).
 *
 * A pure function so the rules are tested without clocks or databases:
 * - healthy feed: 7 days ÷ entries of the last week, clamped to [10 min, 24 h] (no entries → 24 h);
 * - raised to the feed's TTL, Cache-Control max-age and Retry-After (a publisher asking us to come
 *   back later wins over our own estimate), each hint capped so a feed is never forgotten;
 * - failing feed: 10 min × 2^(errors − 1), capped at 24 h, at least Retry-After — never given up.
 */

export const MINUTE_MS = 60_000
export const HOUR_MS = 60 * MINUTE_MS
export const DAY_MS = 24 * HOUR_MS
export const WEEK_MS = 7 * DAY_MS

/** Bounds of the entry-frequency interval. */
export const MIN_INTERVAL_MS = 10 * MINUTE_MS
export const MAX_INTERVAL_MS = DAY_MS
/** First error back-off step; doubles per consecutive error up to MAX_INTERVAL_MS. */
export const ERROR_BACKOFF_BASE_MS = 10 * MINUTE_MS
/** TTL / max-age are hints: honoured up to a day, so a feed is checked at least daily. */
export const MAX_CACHE_HINT_MS = DAY_MS
/** Retry-After is an explicit request from the server: honoured up to a week. */
export const MAX_RETRY_AFTER_MS = WEEK_MS

export type NextCheckInput = {
  now: Date
  /** Entries published in the last 7 days. */
  updatesPerWeek: number
  /** Consecutive failed checks, this one included (0 for a successful check). */
  errorCount: number
  /** RSS `<ttl>` in minutes. */
  ttlMinutes?: number | null
  /** Cache-Control max-age of the last answer. */
  maxAgeSeconds?: number | null
  /** Retry-After of a 429/503 answer. */
  retryAfterSeconds?: number | null
  /**
   * A number in [0, 1) that spreads feeds added together (an OPML import) over up to 5 % more
   * time so they do not stay in lock-step forever; 0 (the default) adds nothing.
   */
  spread?: number
}

/** Interval from the entry frequency alone, clamped to [10 min, 24 h]. */
export function frequencyInterval(updatesPerWeek: number): number {
  if (!(updatesPerWeek > 0)) return MAX_INTERVAL_MS
  return clamp(WEEK_MS / updatesPerWeek, MIN_INTERVAL_MS, MAX_INTERVAL_MS)
}

/** Back-off after `errorCount` consecutive failures (≥ 1). */
export function errorBackoff(errorCount: number): number {
  const steps = Math.min(Math.max(errorCount, 1) - 1, 30)
  return Math.min(ERROR_BACKOFF_BASE_MS * 2 ** steps, MAX_INTERVAL_MS)
}

/** How long to wait before the next check, in milliseconds. */
export function nextCheckDelay(input: NextCheckInput): number {
  const retryAfter = Math.min(seconds(input.retryAfterSeconds), MAX_RETRY_AFTER_MS)
  let delay: number
  if (input.errorCount > 0) {
    delay = Math.max(errorBackoff(input.errorCount), retryAfter)
  } else {
    const ttl = Math.min((input.ttlMinutes ?? 0) > 0 ? (input.ttlMinutes as number) * MINUTE_MS : 0, MAX_CACHE_HINT_MS)
    const maxAge = Math.min(seconds(input.maxAgeSeconds), MAX_CACHE_HINT_MS)
    delay = Math.max(frequencyInterval(input.updatesPerWeek), ttl, maxAge, retryAfter)
  }
  const spread = input.spread ?? 0
  return Math.round(delay * (1 + 0.05 * clamp(spread, 0, 1)))
}

/** The time of the next check. */
export function nextCheckAt(input: NextCheckInput): Date {
  return new Date(input.now.getTime() + nextCheckDelay(input))
}

function seconds(value: number | null | undefined): number {
  return value && value > 0 && Number.isFinite(value) ? value * 1000 : 0
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max)
}
