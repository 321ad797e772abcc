/** Splitting long value lists so no statement binds more than the databases allow. */

/** Values per IN (…) list. */
export const IN_CHUNK = 500

/** `items` in slices of at most `size`. */
export function chunks<T>(items: T[], size = IN_CHUNK): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}
