/**
 * Feed dates as they are found in the wild → a Date (UTC), or null when nothing sensible is there.
 * Handles ISO 8601 / W3CDTF (with partials like `2003-12` and zones like `+0100` or none), RFC 822 /
 * 2822 (named zones like EST or PDT, military letters, `GMT+2`, missing seconds, two-digit years,
 * missing or misplaced weekday), asctime, a few common non-English month names, and falls back to
 * the JavaScript engine's parser with zone-less input read as UTC.
 */

const MONTHS: Record<string, number> = {}
const monthNames: [number, string[]][] = [
  [0, ['jan', 'january', 'janvier', 'janv', 'januar', 'jänner', 'enero', 'ene', 'gennaio', 'gen', 'janeiro', 'januari']],
  [1, ['feb', 'february', 'février', 'fevrier', 'févr', 'fevr', 'februar', 'febrero', 'febbraio', 'fevereiro', 'fev', 'februari']],
  [2, ['mar', 'march', 'mars', 'märz', 'maerz', 'mär', 'marzo', 'março', 'marco', 'maart', 'mrt']],
  [3, ['apr', 'april', 'avril', 'avr', 'abril', 'abr', 'aprile']],
  [4, ['may', 'mai', 'mayo', 'maggio', 'mag', 'maio', 'mei']],
  [5, ['jun', 'june', 'juin', 'juni', 'junio', 'giugno', 'giu', 'junho']],
  [6, ['jul', 'july', 'juillet', 'juil', 'juli', 'julio', 'luglio', 'lug', 'julho']],
  [7, ['aug', 'august', 'août', 'aout', 'agosto', 'ago', 'augustus']],
  [8, ['sep', 'sept', 'september', 'septembre', 'septiembre', 'settembre', 'set', 'setembro']],
  [9, ['oct', 'october', 'octobre', 'oktober', 'okt', 'octubre', 'ottobre', 'ott', 'outubro', 'out']],
  [10, ['nov', 'november', 'novembre', 'noviembre', 'novembro']],
  [11, ['dec', 'december', 'décembre', 'decembre', 'déc', 'dezember', 'dez', 'diciembre', 'dic', 'dicembre', 'dezembro']],
]
for (const [index, names] of monthNames) for (const name of names) MONTHS[name] = index

/** Offsets in minutes east of UTC for the zone names RFC 822 and real feeds use. */
const ZONES: Record<string, number> = {
  ut: 0, utc: 0, gmt: 0, z: 0, wet: 0, bst: 60, ist: 330, cet: 60, met: 60, cest: 120, mest: 120,
  eet: 120, eest: 180, msk: 180, jst: 540, kst: 540, hkt: 480, sgt: 480, awst: 480, acst: 570,
  aest: 600, aedt: 660, nzst: 720, nzdt: 780,
  est: -300, edt: -240, cst: -360, cdt: -300, mst: -420, mdt: -360, pst: -480, pdt: -420,
  akst: -540, akdt: -480, hst: -600, ast: -240, adt: -180, nst: -210, ndt: -150,
}
// RFC 822 military zones (A–I, K–M east; N–Y west). RFC 1123 advises treating them as -0000,
// but real feeds that use them mean the military offset.
for (let i = 0; i < 9; i++) ZONES[String.fromCharCode(97 + i)] = (i + 1) * 60
for (let i = 0; i < 3; i++) ZONES[String.fromCharCode(107 + i)] = (i + 10) * 60
for (let i = 0; i < 12; i++) ZONES[String.fromCharCode(110 + i)] = -(i + 1) * 60

const ISO =
  /^(\d{4})(?:-?(\d{2})(?:-?(\d{2})(?:[T\s]+(\d{1,2})(?::?(\d{2})(?::?(\d{2})(?:[.,](\d+))?)?)?\s*(Z|UTC|GMT|[+-]\d{1,2}(?::?\d{2})?)?)?)?)?$/i
const RFC822 =
  /^(?:[a-zA-Zéûä.]+,?\s*)?(\d{1,2})[\s-]+([a-zA-Zéûäç]+)\.?[\s-]+(\d{2,4})(?:[\sT,]+(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)?\s*(.*)$/
/** `Sun Nov  6 08:49:37 1994`, `Mon Jan 2 15:04:05 MST 2006`, `Tuesday, March 4, 2008 10:00 AM` */
const MONTH_FIRST =
  /^(?:[a-zA-Z]+,?\s+)?([a-zA-Z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(?:(\d{4})\s+)?(?:(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm)?\s*)?([A-Za-z]{1,5}|[+-]\d{4})?\s*(\d{4})?$/i

function makeDate(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number, offsetMinutes: number): Date | null {
  if (mo < 0 || mo > 11 || d < 1 || d > 31 || h > 24 || mi > 59 || s > 60) return null
  const t = Date.UTC(y, mo, d, h, mi, s, ms) - offsetMinutes * 60_000
  if (!Number.isFinite(t)) return null
  const date = new Date(t)
  // Date.UTC maps years 0–99 onto 1900–1999; real years here always have four digits or were expanded.
  if (y < 100) date.setUTCFullYear(y)
  return date
}

function expandYear(raw: string): number {
  const y = Number(raw)
  if (raw.length === 2) return y < 50 ? 2000 + y : 1900 + y
  if (raw.length === 3) return 1900 + y
  return y
}

/** Offset in minutes east of UTC for `Z`, `+0100`, `-05:00`, `+1`, `GMT+2`, `EST`, `(UTC)`; undefined if unknown. */
function zoneOffset(raw: string): number | undefined {
  const zone = raw.trim().replace(/^\(|\)$/g, '').trim()
  if (zone === '') return 0
  const lower = zone.toLowerCase()
  if (lower in ZONES) return ZONES[lower]
  const prefixed = /^(?:gmt|utc|ut)?\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?$/i.exec(zone)
  if (prefixed) {
    const [, sign, hh, mm] = prefixed
    const hours = Number(hh)
    const minutes = Number(mm ?? 0)
    if (hours > 14 || minutes > 59) return undefined
    return (sign === '-' ? -1 : 1) * (hours * 60 + minutes)
  }
  const withHhmm = /^([+-])(\d{3,4})$/.exec(zone)
  if (withHhmm) {
    const digits = withHhmm[2].padStart(4, '0')
    const hours = Number(digits.slice(0, 2))
    const minutes = Number(digits.slice(2))
    if (hours > 14 || minutes > 59) return undefined
    return (withHhmm[1] === '-' ? -1 : 1) * (hours * 60 + minutes)
  }
  // `EST (Eastern Standard Time)`, `+0000 (UTC)`, `GMT Daylight Time`: use the first word.
  const first = zone.split(/\s+/)[0]
  if (first !== zone) return zoneOffset(first)
  return undefined
}

function parseIso(s: string): Date | null {
  const m = ISO.exec(s)
  if (!m) return null
  const [, y, mo, d, h, mi, sec, frac, zone] = m
  const offset = zone ? zoneOffset(zone) : 0
  if (offset === undefined) return null
  const ms = frac ? Math.round(Number(`0.${frac}`) * 1000) : 0
  return makeDate(Number(y), mo ? Number(mo) - 1 : 0, d ? Number(d) : 1, h ? Number(h) : 0, mi ? Number(mi) : 0, sec ? Number(sec) : 0, ms, offset)
}

function parseRfc822(s: string): Date | null {
  const m = RFC822.exec(s)
  if (!m) return null
  const [, d, monthName, y, h, mi, sec, rest] = m
  const month = MONTHS[monthName.toLowerCase()]
  if (month === undefined) return null
  let zone = rest.trim()
  let hours = h ? Number(h) : 0
  const meridiem = /^(am|pm)\b\s*/i.exec(zone)
  if (meridiem) {
    if (meridiem[1].toLowerCase() === 'pm' && hours < 12) hours += 12
    if (meridiem[1].toLowerCase() === 'am' && hours === 12) hours = 0
    zone = zone.slice(meridiem[0].length)
  }
  const offset = zoneOffset(zone)
  if (offset === undefined) return null
  return makeDate(expandYear(y), month, Number(d), hours, mi ? Number(mi) : 0, sec ? Number(sec) : 0, 0, offset)
}

function parseMonthFirst(s: string): Date | null {
  const m = MONTH_FIRST.exec(s)
  if (!m) return null
  const [, monthName, d, y1, h, mi, sec, meridiem, zone, y2] = m
  const month = MONTHS[monthName.toLowerCase()]
  const year = y1 ?? y2
  if (month === undefined || year === undefined) return null
  let hours = h ? Number(h) : 0
  if (meridiem?.toLowerCase() === 'pm' && hours < 12) hours += 12
  if (meridiem?.toLowerCase() === 'am' && hours === 12) hours = 0
  const offset = zone ? zoneOffset(zone) : 0
  if (offset === undefined) return null
  return makeDate(Number(year), month, Number(d), hours, mi ? Number(mi) : 0, sec ? Number(sec) : 0, 0, offset)
}

/** `2024/01/31 10:00`, `31.01.2024 10:00`, `2024.01.31` — numeric dates with slashes or dots (day-first when dotted). */
function parseNumeric(s: string): Date | null {
  const ymd = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})(?:[\sT]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*(.*)$/.exec(s)
  const dmy = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:[\sT]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*(.*)$/.exec(s)
  let parts: [string, string, string, string?, string?, string?, string?] | null = null
  if (ymd) parts = [ymd[1], ymd[2], ymd[3], ymd[4], ymd[5], ymd[6], ymd[7]]
  else if (dmy) parts = [dmy[3], dmy[2], dmy[1], dmy[4], dmy[5], dmy[6], dmy[7]]
  if (!parts) return null
  const [y, mo, d, h, mi, sec, zone] = parts
  const offset = zoneOffset(zone ?? '')
  if (offset === undefined) return null
  return makeDate(Number(y), Number(mo) - 1, Number(d), h ? Number(h) : 0, mi ? Number(mi) : 0, sec ? Number(sec) : 0, 0, offset)
}

function parseFallback(s: string): Date | null {
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2}|\b(?:GMT|UTC|UT)\b)\s*$/i.test(s)
  const t = Date.parse(hasZone ? s : `${s} UTC`)
  if (Number.isFinite(t)) return new Date(t)
  const t2 = Date.parse(s)
  return Number.isFinite(t2) ? new Date(t2) : null
}

/**
 * The two shapes nearly every feed uses, with an explicit zone, which the engine's own parser reads
 * exactly (and fast): RFC 822 with GMT/UT/Z or a numeric offset, ISO 8601 with Z or ±hh:mm.
 */
const STRICT_RFC822 = /^(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), )?\d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}(?::\d{2})? (?:GMT|UT|UTC|Z|[+-]\d{4})$/
const STRICT_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/

/** Parses one date string of a feed; null when it holds no recognisable date. */
export function parseDate(raw: string | null | undefined): Date | null {
  if (raw == null) return null
  const s = raw.trim().replace(/\s+/g, ' ')
  if (s === '' || s.length > 100) return null
  if (STRICT_RFC822.test(s) || STRICT_ISO.test(s)) {
    const t = Date.parse(s)
    if (Number.isFinite(t)) return new Date(t)
  }
  const date =
    (/^\d{4}/.test(s) ? parseIso(s) ?? parseNumeric(s) : null) ??
    (/^\d{1,2}\.\d{1,2}\.\d{4}/.test(s) ? parseNumeric(s) : null) ??
    parseRfc822(s) ??
    parseMonthFirst(s) ??
    parseFallback(s)
  if (!date || Number.isNaN(date.getTime())) return null
  return date
}

/** The first of several candidate date strings that parses. */
export function firstDate(...candidates: (string | null | undefined)[]): Date | null {
  for (const candidate of candidates) {
    const date = parseDate(candidate)
    if (date) return date
  }
  return null
}
