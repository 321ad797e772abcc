/**
 * Gives node:sqlite's DatabaseSync the statement interface Kysely's SqliteDialect expects
 * (`prepare(sql)` → `{reader, all, run, iterate}`), with a small prepared-statement cache.
 *
 * Rows: node:sqlite builds each row as a null-prototype object in V8's dictionary mode (a hash
 * table), which is slow to build and slow to read — every property access and every
 * JSON.stringify of a row pays for it. Statements here return arrays instead, and each statement's
 * rows are built by a function made once from its column names (`{"id": r[0], …}`), so every row
 * of a statement shares one fast hidden class (docs/performance.md).
 */
import type { DatabaseSync, StatementSync, SQLInputValue } from 'node:sqlite'
import type { SqliteDatabase, SqliteStatement } from 'kysely'

const CACHE_SIZE = 256

/** node:sqlite binds only numbers, strings, bigints, buffers and null: map the rest. */
function bindable(value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null
  if (typeof value === 'boolean') return value ? 1 : 0
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'bigint') return value
  if (value instanceof Uint8Array) return value
  return JSON.stringify(value)
}

function bindAll(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map(bindable)
}

type Row = Record<string, unknown>

/**
 * A function building one row object from a row array: an object literal with the column names as
 * keys (JSON-quoted, so any name is a plain string key; `__proto__` as a computed key so it stays
 * an own property). A name repeated keeps its last value, as node:sqlite's own objects do.
 */
export function rowBuilder(columns: readonly string[]): (values: readonly unknown[]) => Row {
  const fields = columns.map((name, i) => `${name === '__proto__' ? `[${JSON.stringify(name)}]` : JSON.stringify(name)}: v[${i}]`)
  return new Function('v', `return { ${fields.join(', ')} }`) as (values: readonly unknown[]) => Row
}

/** Wraps an open DatabaseSync for Kysely. */
export function nodeSqliteDatabase(database: DatabaseSync): SqliteDatabase {
  const cache = new Map<string, { statement: StatementSync; reader: boolean; build: ((values: readonly unknown[]) => Row) | null }>()

  function statementFor(sql: string) {
    let hit = cache.get(sql)
    if (hit) {
      // Refresh recency.
      cache.delete(sql)
      cache.set(sql, hit)
      return hit
    }
    const statement = database.prepare(sql)
    const columns = statement.columns()
    const reader = columns.length > 0
    if (reader) statement.setReturnArrays(true)
    hit = { statement, reader, build: reader ? rowBuilder(columns.map((c) => c.name)) : null }
    cache.set(sql, hit)
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string)
    return hit
  }

  return {
    close() {
      cache.clear()
      if (database.isOpen) database.close()
    },
    prepare(sql: string): SqliteStatement {
      const { statement, reader, build } = statementFor(sql)
      return {
        reader,
        all: (parameters) => {
          const rows = statement.all(...bindAll(parameters)) as unknown as unknown[][]
          if (!build) return rows
          const out: Row[] = new Array(rows.length)
          for (let i = 0; i < rows.length; i++) out[i] = build(rows[i])
          return out
        },
        run: (parameters) => {
          const r = statement.run(...bindAll(parameters))
          return { changes: r.changes, lastInsertRowid: r.lastInsertRowid }
        },
        iterate: (parameters) => {
          const rows = statement.iterate(...bindAll(parameters)) as unknown as IterableIterator<unknown[]>
          if (!build) return rows
          return (function* () {
            for (const row of rows) yield build(row)
          })()
        },
      }
    },
  }
}
