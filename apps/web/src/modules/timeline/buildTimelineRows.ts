/** The timeline's rows: entry ids, with a day heading before each new day when grouping by date. */
import { dayKey } from './formatTime.ts'

export type TimelineRow = { kind: 'day'; key: string; day: string } | { kind: 'entry'; key: string; id: string }

export function buildTimelineRows(ids: readonly string[], publishedAt: (id: string) => string | undefined, groupByDate: boolean): TimelineRow[] {
  const rows: TimelineRow[] = []
  let current: string | null = null
  for (const id of ids) {
    if (groupByDate) {
      const at = publishedAt(id)
      const day = at ? dayKey(at) : 'unknown'
      if (day !== current) {
        current = day
        rows.push({ kind: 'day', key: `day:${day}`, day })
      }
    }
    rows.push({ kind: 'entry', key: id, id })
  }
  return rows
}
