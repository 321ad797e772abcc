/**
 * Gives node:sqlite's DatabaseSync the statement interface Kysely's SqliteDialect expects
 * (`prepare(sql)` → `{reader, all, run, iterate}`), with a small prepared-statement cache.
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

/** Wraps an open DatabaseSync for Kysely. */
export function nodeSqliteDatabase(database: DatabaseSync): SqliteDatabase {
  const cache = new Map<string, { statement: StatementSync; reader: boolean }>()

  function statementFor(sql: string) {
    let hit = cache.get(sql)
    if (hit) {
      // Refresh recency.
      cache.delete(sql)
      cache.set(sql, hit)
      return hit
    }
    const statement = database.prepare(sql)
    hit = { statement, reader: statement.columns().length > 0 }
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
      const { statement, reader } = statementFor(sql)
      return {
        reader,
        all: (parameters) => statement.all(...bindAll(parameters)),
        run: (parameters) => {
          const r = statement.run(...bindAll(parameters))
          return { changes: r.changes, lastInsertRowid: r.lastInsertRowid }
        },
        iterate: (parameters) => statement.iterate(...bindAll(parameters)) as IterableIterator<unknown>,
      }
    },
  }
}
