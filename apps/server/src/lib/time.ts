/** Time helpers: every stored time is ISO-8601 UTC text. */
export function nowIso(): string {
  return new Date().toISOString()
}

/** Normalizes a Date, ISO string or epoch number to ISO text (null stays null). */
export function toIso(value: Date | string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null
  const d = value instanceof Date ? value : new Date(value)
  return Number.isNaN(d.getTime()) ? null : d.toISOString()
}
