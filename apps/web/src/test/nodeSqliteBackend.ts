/** A local-database backend over node:sqlite for unit tests: the same SQL the worker runs, in-process. */
import { DatabaseSync } from 'node:sqlite'
import type { LocalDbBackend } from '../db/index.ts'
import type { SqlValue, Statement, StatementResult } from '../db/types.ts'

export interface NodeBackend extends LocalDbBackend {
  db: () => DatabaseSync
  /** Makes the next `run` containing this SQL fragment throw (to test failure paths). */
  failOn: (fragment: string | null) => void
}

/** An in-memory database that behaves like the worker (transactions, wipe, export). */
export function nodeSqliteBackend(): NodeBackend {
  let db = new DatabaseSync(':memory:')
  let failFragment: string | null = null
  const runOne = (s: Statement): StatementResult => {
    if (failFragment && s.sql.includes(failFragment)) throw new Error(`forced failure on ${failFragment}`)
    const stmt = db.prepare(s.sql)
    stmt.setReturnArrays?.(true)
    const columns = stmt.columns().map((c) => c.name)
    const params = (s.params ?? []) as (string | number | null | Uint8Array)[]
    if (columns.length > 0) {
      const rows = stmt.all(...params) as unknown as SqlValue[][]
      return { columns, rows: rows.map((r) => (Array.isArray(r) ? r : columns.map((c) => (r as Record<string, SqlValue>)[c]))), changes: 0 }
    }
    const info = stmt.run(...params)
    return { columns: [], rows: [], changes: Number(info.changes) }
  }
  return {
    db: () => db,
    failOn: (fragment) => {
      failFragment = fragment
    },
    async run(statements, options) {
      if (!options?.transaction) return statements.map(runOne)
      db.exec('BEGIN IMMEDIATE')
      try {
        const results = statements.map(runOne)
        db.exec('COMMIT')
        return results
      } catch (error) {
        db.exec('ROLLBACK')
        throw error
      }
    },
    async export() {
      return []
    },
    async wipe() {
      db.close()
      db = new DatabaseSync(':memory:')
    },
    async close() {
      db.close()
    },
  }
}
