import { describe, expect, it } from 'vitest'
import { DAY_MS, HOUR_MS, MINUTE_MS, WEEK_MS, errorBackoff, frequencyInterval, nextCheckAt, nextCheckDelay } from './nextCheck.ts'

const now = new Date('2025-03-01T00:00:00.000Z')

describe('frequencyInterval', () => {
  it('is 7 days ÷ weekly entries', () => {
    expect(frequencyInterval(7)).toBe(DAY_MS)
    expect(frequencyInterval(14)).toBe(12 * HOUR_MS)
    expect(frequencyInterval(168)).toBe(HOUR_MS)
  })
  it('is clamped to [10 min, 24 h]', () => {
    expect(frequencyInterval(100_000)).toBe(10 * MINUTE_MS)
    expect(frequencyInterval(1)).toBe(DAY_MS)
    expect(frequencyInterval(0)).toBe(DAY_MS)
    expect(frequencyInterval(Number.NaN)).toBe(DAY_MS)
  })
})

describe('errorBackoff', () => {
  it('doubles from 10 minutes and stops at 24 hours', () => {
    expect(errorBackoff(1)).toBe(10 * MINUTE_MS)
    expect(errorBackoff(2)).toBe(20 * MINUTE_MS)
    expect(errorBackoff(3)).toBe(40 * MINUTE_MS)
    expect(errorBackoff(8)).toBe(1280 * MINUTE_MS)
    expect(errorBackoff(9)).toBe(DAY_MS)
    expect(errorBackoff(10_000)).toBe(DAY_MS)
  })
})

describe('nextCheckDelay', () => {
  it('uses the entry frequency of a healthy feed', () => {
    expect(nextCheckDelay({ now, updatesPerWeek: 84, errorCount: 0 })).toBe(2 * HOUR_MS)
  })
  it('is raised to TTL, max-age and Retry-After, never lowered by them', () => {
    expect(nextCheckDelay({ now, updatesPerWeek: 84, errorCount: 0, ttlMinutes: 180 })).toBe(3 * HOUR_MS)
    expect(nextCheckDelay({ now, updatesPerWeek: 84, errorCount: 0, maxAgeSeconds: 4 * 3600 })).toBe(4 * HOUR_MS)
    expect(nextCheckDelay({ now, updatesPerWeek: 84, errorCount: 0, retryAfterSeconds: 5 * 3600 })).toBe(5 * HOUR_MS)
    expect(nextCheckDelay({ now, updatesPerWeek: 84, errorCount: 0, ttlMinutes: 5, maxAgeSeconds: 60 })).toBe(2 * HOUR_MS)
  })
  it('caps cache hints at a day and Retry-After at a week', () => {
    expect(nextCheckDelay({ now, updatesPerWeek: 84, errorCount: 0, maxAgeSeconds: 365 * 86400 })).toBe(DAY_MS)
    expect(nextCheckDelay({ now, updatesPerWeek: 84, errorCount: 0, ttlMinutes: 100_000 })).toBe(DAY_MS)
    expect(nextCheckDelay({ now, updatesPerWeek: 0, errorCount: 3, retryAfterSeconds: 30 * 86400 })).toBe(WEEK_MS)
  })
  it('backs off on errors, honouring Retry-After, and never gives up', () => {
    expect(nextCheckDelay({ now, updatesPerWeek: 500, errorCount: 1 })).toBe(10 * MINUTE_MS)
    expect(nextCheckDelay({ now, updatesPerWeek: 500, errorCount: 4 })).toBe(80 * MINUTE_MS)
    expect(nextCheckDelay({ now, updatesPerWeek: 500, errorCount: 2, retryAfterSeconds: 7200 })).toBe(2 * HOUR_MS)
    expect(nextCheckDelay({ now, updatesPerWeek: 500, errorCount: 50 })).toBe(DAY_MS)
  })
  it('spreads by at most 5 %', () => {
    expect(nextCheckDelay({ now, updatesPerWeek: 7, errorCount: 0, spread: 0.999999 })).toBeLessThanOrEqual(DAY_MS * 1.05)
    expect(nextCheckDelay({ now, updatesPerWeek: 7, errorCount: 0, spread: 0.5 })).toBe(Math.round(DAY_MS * 1.025))
  })
  it('gives an absolute time from now', () => {
    expect(nextCheckAt({ now, updatesPerWeek: 168, errorCount: 0 }).toISOString()).toBe('2025-03-01T01:00:00.000Z')
  })
})

describe('boosted feeds (issue 11)', () => {
  it('narrows the healthy bounds per boost level', () => {
    // A quiet feed: 24 h unboosted, then 4 h, 1 h, 20 min by level.
    expect([0, 1, 2, 3].map((level) => frequencyInterval(0, level))).toEqual([DAY_MS, 4 * HOUR_MS, HOUR_MS, 20 * MINUTE_MS])
    // A very busy feed: the lower bound drops from 10 min to 5, 3, 2.
    expect([0, 1, 2, 3].map((level) => frequencyInterval(100_000, level))).toEqual([10 * MINUTE_MS, 5 * MINUTE_MS, 3 * MINUTE_MS, 2 * MINUTE_MS])
    // In between, the entry frequency still decides.
    expect(frequencyInterval(168, 1)).toBe(HOUR_MS)
  })
  it('caps TTL and max-age hints at the level’s upper bound, but never shortens Retry-After or the error back-off', () => {
    expect(nextCheckDelay({ now, updatesPerWeek: 0, errorCount: 0, ttlMinutes: 600, boostLevel: 2 })).toBe(HOUR_MS)
    expect(nextCheckDelay({ now, updatesPerWeek: 0, errorCount: 0, maxAgeSeconds: 86_400, boostLevel: 3 })).toBe(20 * MINUTE_MS)
    expect(nextCheckDelay({ now, updatesPerWeek: 0, errorCount: 0, retryAfterSeconds: 7200, boostLevel: 3 })).toBe(2 * HOUR_MS)
    expect(nextCheckDelay({ now, updatesPerWeek: 0, errorCount: 3, boostLevel: 3 })).toBe(errorBackoff(3))
    expect(nextCheckAt({ now, updatesPerWeek: 0, errorCount: 0, boostLevel: 1 }).getTime() - now.getTime()).toBe(4 * HOUR_MS)
  })
})
