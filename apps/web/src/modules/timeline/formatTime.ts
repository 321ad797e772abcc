/** Entry times for the timeline and reader: relative when recent, a date otherwise; day labels for grouping. */

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const rtfCache = new Map<string, Intl.RelativeTimeFormat>()
const dtfCache = new Map<string, Intl.DateTimeFormat>()

function rtf(lng: string) {
  let f = rtfCache.get(lng)
  if (!f) rtfCache.set(lng, (f = new Intl.RelativeTimeFormat(lng, { numeric: 'auto', style: 'narrow' })))
  return f
}

function dtf(lng: string, options: Intl.DateTimeFormatOptions) {
  const key = `${lng}|${JSON.stringify(options)}`
  let f = dtfCache.get(key)
  if (!f) dtfCache.set(key, (f = new Intl.DateTimeFormat(lng, options)))
  return f
}

/** "5 min. ago", "3 hr. ago", then "Mar 4", then "Mar 4, 2023". */
export function formatRelativeTime(iso: string, lng: string, now = Date.now()): string {
  const t = Date.parse(iso)
  if (Number.isNaN(t)) return ''
  const diff = now - t
  if (diff < MINUTE) return rtf(lng).format(0, 'second')
  if (diff < HOUR) return rtf(lng).format(-Math.floor(diff / MINUTE), 'minute')
  if (diff < DAY) return rtf(lng).format(-Math.floor(diff / HOUR), 'hour')
  const sameYear = new Date(t).getFullYear() === new Date(now).getFullYear()
  return dtf(lng, sameYear ? { month: 'short', day: 'numeric' } : { year: 'numeric', month: 'short', day: 'numeric' }).format(t)
}

/** A full date and time for tooltips and the reader header. */
export function formatFullTime(iso: string, lng: string): string {
  const t = Date.parse(iso)
  return Number.isNaN(t) ? '' : dtf(lng, { dateStyle: 'long', timeStyle: 'short' }).format(t)
}

/** The local calendar day of a time, as `YYYY-MM-DD`. */
export function dayKey(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return 'unknown'
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

/** The heading of a day group: Today, Yesterday (translated by the caller) or a long date. */
export function dayLabel(key: string, lng: string, now = new Date()): { kind: 'today' | 'yesterday' | 'date'; text: string } {
  const today = dayKey(now.toISOString())
  const yesterday = dayKey(new Date(now.getTime() - DAY).toISOString())
  if (key === today) return { kind: 'today', text: '' }
  if (key === yesterday) return { kind: 'yesterday', text: '' }
  const [y, m, d] = key.split('-').map(Number)
  if (!y) return { kind: 'date', text: '' }
  const date = new Date(y, m - 1, d)
  const sameYear = y === now.getFullYear()
  return { kind: 'date', text: dtf(lng, sameYear ? { weekday: 'long', month: 'long', day: 'numeric' } : { year: 'numeric', month: 'long', day: 'numeric' }).format(date) }
}
