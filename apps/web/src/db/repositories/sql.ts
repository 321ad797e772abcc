/** Small builders for the repetitive statements of the repositories. */
import { placeholders, type SqlValue, type Statement, type StatementResult } from '../types.ts'

/**
 * One `INSERT … ON CONFLICT DO UPDATE` per row, all with the same SQL text so the worker
 * prepares it once. `updates` overrides the SET expression of some columns.
 */
export function upsert(table: string, columns: readonly string[], rows: SqlValue[][], key: readonly string[], updates: Record<string, string> = {}): Statement[] {
  if (rows.length === 0) return []
  const set = columns
    .filter((c) => !key.includes(c))
    .map((c) => `${c} = ${updates[c] ?? `excluded.${c}`}`)
    .join(', ')
  const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${placeholders(columns.length)}) ON CONFLICT (${key.join(', ')}) DO ${set ? `UPDATE SET ${set}` : 'NOTHING'}`
  return rows.map((params) => ({ sql, params }))
}

/** `DELETE FROM table WHERE column IN (…)`, in chunks that stay under SQLite's parameter limit. */
export function deleteWhereIn(table: string, column: string, values: readonly string[]): Statement[] {
  return chunks(values, 500).map((part) => ({ sql: `DELETE FROM ${table} WHERE ${column} IN (${placeholders(part.length)})`, params: [...part] }))
}

export function chunks<T>(values: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size))
  return out
}

/**
 * Reads many rows as one JSON text cell: `json_group_array(json_array(columns…))`. Crossing from
 * WebAssembly to JavaScript costs per cell, so 1,000 rows of 12 columns come back 30–50x cheaper
 * as one string (bench/web-offline, cold start). `from` is the rest of the query: `FROM … WHERE …`.
 */
export function jsonRowsSql(columns: readonly string[], from: string): string {
  return `SELECT json_group_array(json_array(${columns.join(', ')})) AS rows ${from}`
}

/** The rows of a `jsonRowsSql` result, as objects keyed by the bare column names. */
export function parseJsonRows(result: StatementResult | undefined, columns: readonly string[]): Record<string, SqlValue>[] {
  const text = result?.rows[0]?.[0]
  if (typeof text !== 'string') return []
  const names = columns.map((c) => c.slice(c.lastIndexOf('.') + 1))
  return (JSON.parse(text) as SqlValue[][]).map((values) => {
    const row: Record<string, SqlValue> = {}
    for (let i = 0; i < names.length; i++) row[names[i]] = values[i]
    return row
  })
}
