/**
 * @module When to check a feed next (miniflux's "entry frequency" scheduler, with back-off).
 *
 * A pure function so the rules are tested without clocks or databases:
 * - healthy feed: 7 days ÷ entries of the last week, clamped to [10 min, 24 h] (no entries → 24 h);
 * - raised to the feed's TTL, Cache-Control max-age and Retry-After (a publisher asking us to come
 *   back later wins over our own estimate), each hint capped so a feed is never forgotten;
 * - failing feed: 10 min × 2^(errors − 1), capped at 24 h, at least Retry-After — never given up;
 * - boosted feed (issue 11, a running boost's level 1–3): its bounds shrink — level 1 checks
 *   between every 5 min and 4 h, level 2 every 3 min to 1 h, level 3 every 2 min to 20 min — and
 *   TTL / max-age hints are capped at the level's upper bound too. Retry-After and the error
 *   back-off are not shortened: a boost never makes Brook hammer a failing or throttling server.
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
/** [lower, upper] bounds of the healthy interval by boost level (0 = not boosted). */
export const BOOSTED_BOUNDS_MS: ReadonlyArray<readonly [number, number]> = [
  [MIN_INTERVAL_MS, MAX_INTERVAL_MS],
  [5 * MINUTE_MS, 4 * HOUR_MS],
  [3 * MINUTE_MS, HOUR_MS],
  [2 * MINUTE_MS, 20 * MINUTE_MS],
]

/** The healthy interval's bounds for a boost level (levels beyond the table use its last row). */
export function boundsFor(boostLevel = 0): readonly [number, number] {
  return BOOSTED_BOUNDS_MS[Math.max(0, Math.min(Math.floor(boostLevel) || 0, BOOSTED_BOUNDS_MS.length - 1))]
}

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
  /** The feed's running boost level (0–3): a boosted feed's interval bounds shrink. */
  boostLevel?: number
}

/** Interval from the entry frequency alone, clamped to [10 min, 24 h] (narrower for a boosted feed). */
export function frequencyInterval(updatesPerWeek: number, boostLevel = 0): number {
  const [min, max] = boundsFor(boostLevel)
  if (!(updatesPerWeek > 0)) return max
  return clamp(WEEK_MS / updatesPerWeek, min, max)
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
    const hintCap = Math.min(MAX_CACHE_HINT_MS, boundsFor(input.boostLevel)[1])
    const ttl = Math.min((input.ttlMinutes ?? 0) > 0 ? (input.ttlMinutes as number) * MINUTE_MS : 0, hintCap)
    const maxAge = Math.min(seconds(input.maxAgeSeconds), hintCap)
    delay = Math.max(frequencyInterval(input.updatesPerWeek, input.boostLevel), ttl, maxAge, retryAfter)
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
