/** Display formatting of SPEC §5: shortened counts (K/M/B), time strings and durations. */

const UNITS = [
  { value: 1e9, suffix: 'B' },
  { value: 1e6, suffix: 'M' },
  { value: 1e3, suffix: 'K' },
] as const

/**
 * Shortens a count with K, M or B to one decimal (thresholds 1e3, 1e6, 1e9): 999 → "999",
 * 1234 → "1.2K", 1000 → "1K", 2_500_000 → "2.5M". Rounds down so a count never reads higher
 * than it is (999_950 → "999.9K", not "1000K").
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '0'
  const sign = n < 0 ? '-' : ''
  const abs = Math.abs(Math.trunc(n))
  for (const { value, suffix } of UNITS) {
    if (abs >= value) {
      const shortened = Math.floor((abs / value) * 10) / 10
      return `${sign}${Number.isInteger(shortened) ? shortened.toFixed(0) : shortened.toFixed(1)}${suffix}`
    }
  }
  return `${sign}${abs}`
}

/** Parses "h:mm:ss", "mm:ss" or "m:ss" into seconds; null when it is none of those. */
export function parseTimeString(text: string): number | null {
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/.exec(text.trim())
  if (!match) return null
  const [, h, m, s] = match
  const minutes = Number(m)
  const seconds = Number(s)
  if (seconds >= 60 || (h !== undefined && minutes >= 60)) return null
  return Number(h ?? 0) * 3600 + minutes * 60 + seconds
}

/** Seconds as "m:ss" or "h:mm:ss" (the player's clock). */
export function formatClock(totalSeconds: number): string {
  const t = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0))
  const h = Math.floor(t / 3600)
  const m = Math.floor((t % 3600) / 60)
  const s = t % 60
  const ss = String(s).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`
}

export const MINUTES_PER_DAY = 1440
export const MINUTES_PER_MONTH = 43200

/** A duration in minutes as its two largest parts (SPEC §5): months+days, days+hours, hours+minutes, or minutes. */
export function durationParts(totalMinutes: number): { months: number; days: number; hours: number; minutes: number } {
  const t = Math.max(0, Math.floor(totalMinutes))
  const months = Math.floor(t / MINUTES_PER_MONTH)
  const days = Math.floor((t % MINUTES_PER_MONTH) / MINUTES_PER_DAY)
  const hours = Math.floor((t % MINUTES_PER_DAY) / 60)
  const minutes = t % 60
  if (months > 0) return { months, days, hours: 0, minutes: 0 }
  if (days > 0) return { months: 0, days, hours, minutes: 0 }
  return { months: 0, days: 0, hours, minutes }
}
