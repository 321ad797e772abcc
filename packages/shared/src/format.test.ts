import { describe, expect, it } from 'vitest'
import { durationParts, formatClock, formatCount, parseTimeString } from './format.ts'

describe('formatCount', () => {
  it('keeps small counts and shortens large ones to one decimal', () => {
    expect(formatCount(0)).toBe('0')
    expect(formatCount(999)).toBe('999')
    expect(formatCount(1000)).toBe('1K')
    expect(formatCount(1234)).toBe('1.2K')
    expect(formatCount(999_950)).toBe('999.9K')
    expect(formatCount(1_000_000)).toBe('1M')
    expect(formatCount(2_550_000)).toBe('2.5M')
    expect(formatCount(1_200_000_000)).toBe('1.2B')
    expect(formatCount(-1500)).toBe('-1.5K')
    expect(formatCount(Number.NaN)).toBe('0')
  })
})

describe('time strings', () => {
  it('parses h:mm:ss, mm:ss and m:ss', () => {
    expect(parseTimeString('1:02:03')).toBe(3723)
    expect(parseTimeString('12:34')).toBe(754)
    expect(parseTimeString('5:07')).toBe(307)
    expect(parseTimeString('5:7')).toBeNull()
    expect(parseTimeString('1:60:00')).toBeNull()
    expect(parseTimeString('abc')).toBeNull()
  })
  it('formats a clock', () => {
    expect(formatClock(0)).toBe('0:00')
    expect(formatClock(65)).toBe('1:05')
    expect(formatClock(3723)).toBe('1:02:03')
    expect(formatClock(Number.POSITIVE_INFINITY)).toBe('0:00')
  })
  it('splits durations into their two largest parts', () => {
    expect(durationParts(50)).toEqual({ months: 0, days: 0, hours: 0, minutes: 50 })
    expect(durationParts(125)).toEqual({ months: 0, days: 0, hours: 2, minutes: 5 })
    expect(durationParts(1440 * 3 + 60 * 4 + 7)).toEqual({ months: 0, days: 3, hours: 4, minutes: 0 })
    expect(durationParts(43200 * 2 + 1440 * 5)).toEqual({ months: 2, days: 5, hours: 0, minutes: 0 })
  })
})
