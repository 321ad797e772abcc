/**
 * The daily digest's half days (issue 10, SPEC §7 "refreshes 8 AM and 8 PM"): a half day runs from
 * 8 AM to 8 PM or from 8 PM to 8 AM in the user's time zone. Wall-clock 8 AM/PM is turned into an
 * instant through Intl, so days that switch to or from summer time get a half day of 11 or 13 hours.
 */
import { isTimeZone } from '@brook/shared'

const HOUR = 3_600_000

/** A time zone Intl knows; anything else counts as UTC. */
export function validTimeZone(tz: string | undefined | null): string {
  return tz && isTimeZone(tz) ? tz : 'UTC'
}

type Wall = { y: number; m: number; d: number; h: number }

function wallClock(at: number, tz: string): Wall & { asUtc: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(new Date(at))
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  const w = { y: n('year'), m: n('month'), d: n('day'), h: n('hour') }
  return { ...w, asUtc: Date.UTC(w.y, w.m - 1, w.d, w.h, n('minute'), n('second')) }
}

/** The instant the wall clock of `tz` shows y-m-d h:00. */
function instantOf(w: Wall, tz: string): number {
  const guess = Date.UTC(w.y, w.m - 1, w.d, w.h)
  let at = guess - (wallClock(guess, tz).asUtc - guess)
  at = guess - (wallClock(at, tz).asUtc - at)
  return at
}

/** The start of the half day holding `at`. */
export function halfDayStart(at: Date, tz: string): Date {
  const w = wallClock(at.getTime(), tz)
  let start: number
  if (w.h >= 20) start = instantOf({ ...w, h: 20 }, tz)
  else if (w.h >= 8) start = instantOf({ ...w, h: 8 }, tz)
  else {
    const yesterday = new Date(Date.UTC(w.y, w.m - 1, w.d) - 24 * HOUR)
    start = instantOf({ y: yesterday.getUTCFullYear(), m: yesterday.getUTCMonth() + 1, d: yesterday.getUTCDate(), h: 20 }, tz)
  }
  // The wall clock of a summer-time gap may land past `at`; step back a half day then.
  return new Date(start > at.getTime() ? halfDayStart(new Date(start - 12 * HOUR), tz).getTime() : start)
}

/** [start, end) of the half day holding `at`. Half days last 11 to 13 hours, so +14 h is always in the next one. */
export function halfDayOf(at: Date, tz: string): { start: Date; end: Date } {
  const start = halfDayStart(at, tz)
  return { start, end: halfDayStart(new Date(start.getTime() + 14 * HOUR), tz) }
}

/** The half day before the one holding `at` (the one the 8 AM / 8 PM run digests). */
export function previousHalfDay(at: Date, tz: string): { start: Date; end: Date } {
  return halfDayOf(new Date(halfDayStart(at, tz).getTime() - 1), tz)
}
