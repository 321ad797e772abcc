/** Column types that differ between SQLite and PostgreSQL, for migrations written once. */
import { SqliteAdapter, type Kysely } from 'kysely'

export function isSqlite(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter
}

/** better-auth's own mapping: dates are `date` text on SQLite, timestamptz on PostgreSQL; booleans integer/boolean. */
export function authTypes(db: Kysely<unknown>) {
  const sqlite = isSqlite(db)
  return {
    date: sqlite ? ('date' as const) : ('timestamptz' as const),
    bool: sqlite ? ('integer' as const) : ('boolean' as const),
  }
}
