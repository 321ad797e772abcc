/** The statement-level interface every local database backend offers (the worker, or node:sqlite in tests). */

/** A value SQLite stores. */
export type SqlValue = string | number | null | Uint8Array

/** One SQL statement with positional `?` parameters. */
export interface Statement {
  sql: string
  params?: SqlValue[]
}

/** Rows of one statement as arrays, with the column names once. */
export interface StatementResult {
  columns: string[]
  rows: SqlValue[][]
  /** Rows changed by an INSERT/UPDATE/DELETE. */
  changes: number
}

/**
 * Runs statements. With `transaction`, all of them commit together or none does; without,
 * each runs on its own (reads).
 */
export interface SqlExecutor {
  run(statements: Statement[], options?: { transaction?: boolean }): Promise<StatementResult[]>
}

/** Turns an array-row result into objects keyed by column name. */
export function toObjects<T>(result: StatementResult | undefined): T[] {
  if (!result) return []
  const { columns, rows } = result
  const out = new Array<T>(rows.length)
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]
    const obj: Record<string, SqlValue> = {}
    for (let c = 0; c < columns.length; c++) obj[columns[c]] = row[c]
    out[i] = obj as T
  }
  return out
}

/** `?, ?, ?` for n parameters. */
export function placeholders(n: number): string {
  return n <= 0 ? '' : '?' + ',?'.repeat(n - 1)
}
