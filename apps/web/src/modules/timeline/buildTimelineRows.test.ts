import { describe, expect, it } from 'vitest'
import { buildTimelineRows } from './buildTimelineRows.ts'
import { dayKey, dayLabel, formatRelativeTime } from './formatTime.ts'

describe('buildTimelineRows', () => {
  const at: Record<string, string> = { a: '2025-03-04T10:00:00', b: '2025-03-04T08:00:00', c: '2025-03-03T23:00:00' }
  it('puts a day heading before each new day', () => {
    const rows = buildTimelineRows(['a', 'b', 'c'], (id) => at[id], true)
    expect(rows.map((r) => (r.kind === 'day' ? `#${r.day}` : r.id))).toEqual(['#2025-03-04', 'a', 'b', '#2025-03-03', 'c'])
  })
  it('lists only entries without grouping', () => {
    expect(buildTimelineRows(['a', 'b', 'c'], (id) => at[id], false).map((r) => r.key)).toEqual(['a', 'b', 'c'])
  })
  it('builds 10,000 rows fast', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => String(i))
    const started = performance.now()
    const rows = buildTimelineRows(ids, (id) => new Date(Date.UTC(2025, 0, 1) - Number(id) * 3_600_000).toISOString(), true)
    expect(performance.now() - started).toBeLessThan(200)
    expect(rows.length).toBeGreaterThan(10_000)
  })
})

describe('formatTime', () => {
  const now = Date.parse('2025-03-04T12:00:00Z')
  it('is relative when recent', () => {
    expect(formatRelativeTime('2025-03-04T11:55:00Z', 'en', now)).toMatch(/5/)
    expect(formatRelativeTime('2025-03-04T09:00:00Z', 'en', now)).toMatch(/3/)
    expect(formatRelativeTime('2025-02-01T09:00:00Z', 'en', now)).toBe('Feb 1')
    expect(formatRelativeTime('2023-02-01T09:00:00Z', 'en', now)).toBe('Feb 1, 2023')
  })
  it('labels days', () => {
    const today = new Date('2025-03-04T12:00:00')
    expect(dayLabel(dayKey('2025-03-04T08:00:00'), 'en', today).kind).toBe('today')
    expect(dayLabel(dayKey('2025-03-03T08:00:00'), 'en', today).kind).toBe('yesterday')
    expect(dayLabel('2025-03-01', 'en', today).text).toBe('Saturday, March 1')
  })
})
