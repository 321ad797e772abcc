/**
 * POWER amounts (issue 11, docs/power.md): integers of the smallest unit, 1 POWER = 10^18, carried
 * as decimal strings and computed with bigint. No float ever holds an amount.
 */

/** Smallest units per POWER. */
export const POWER_DECIMALS = 18
export const POWER_UNIT = 10n ** 18n
/** The largest amount a request may name (2^255). */
export const MAX_POWER_AMOUNT = 2n ** 255n

/** Why an amount string is refused, or null when it is a valid positive amount of smallest units. */
export function amountProblem(text: unknown): string | null {
  if (typeof text !== 'string') return 'must be a string of digits (smallest units)'
  if (!/^\d+$/.test(text)) return /^-/.test(text) ? 'must not be negative' : /^\d*\.\d+$/.test(text) ? 'must be a whole number of smallest units (1 POWER = 10^18)' : 'must be a string of digits (smallest units)'
  if (text.length > 80) return 'must be at most 2^255'
  const value = BigInt(text)
  if (value === 0n) return 'must be greater than zero'
  if (value > MAX_POWER_AMOUNT) return 'must be at most 2^255'
  return null
}

/**
 * Parses what a person typed in POWER ("1.5", "10", "0.000000000000000001") into smallest units;
 * null when it is not a positive amount with at most 18 decimals.
 */
export function parsePower(text: string): bigint | null {
  const match = /^\s*(\d*)(?:\.(\d*))?\s*$/.exec(text)
  if (!match) return null
  const [, whole = '', fraction = ''] = match
  if (whole === '' && fraction === '') return null
  if (fraction.length > POWER_DECIMALS) return null
  const value = BigInt(whole || '0') * POWER_UNIT + BigInt(fraction.padEnd(POWER_DECIMALS, '0') || '0')
  return value > 0n && value <= MAX_POWER_AMOUNT ? value : null
}

/** Smallest units as POWER text, trailing zeros dropped, at most `decimals` decimals (rounded down). */
export function formatPower(amount: string | bigint, decimals = 4): string {
  const value = typeof amount === 'bigint' ? amount : BigInt(amount)
  const sign = value < 0n ? '-' : ''
  const abs = value < 0n ? -value : value
  const whole = abs / POWER_UNIT
  const fraction = (abs % POWER_UNIT).toString().padStart(POWER_DECIMALS, '0').slice(0, decimals).replace(/0+$/, '')
  const grouped = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`
}

/** Whole POWER as smallest units. */
export function power(whole: number | bigint): bigint {
  return BigInt(whole) * POWER_UNIT
}

/** A wallet's level 0–5 by its balance: 1, 10, 100, 1,000, 10,000 POWER. */
export function powerLevel(balance: string | bigint): number {
  const value = typeof balance === 'bigint' ? balance : BigInt(balance)
  let level = 0
  for (let threshold = POWER_UNIT; level < 5 && value >= threshold; threshold *= 10n) level++
  return level
}
