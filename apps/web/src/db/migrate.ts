/**
 * Local schema migrations (SPEC §4): numbered from 0000, applied in order at start; only the
 * ones after the last recorded are applied. A recorded tag this build does not know (a newer
 * build ran here, or the record is corrupt) fails with `Missing migration: {tag}`.
 */
import { toObjects, type SqlExecutor } from './types.ts'

export interface LocalMigration {
  /** `NNNN_name`, sorting in application order. */
  tag: string
  statements: string[]
}

export const MIGRATIONS_TABLE = '__brook_migrations'

/** Applies the pending migrations, each in its own transaction; returns the tags applied. */
export async function migrate(db: SqlExecutor, migrations: LocalMigration[]): Promise<string[]> {
  // A read first: an up-to-date database starts without any write transaction.
  const [exists] = await db.run([{ sql: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", params: [MIGRATIONS_TABLE] }])
  if (exists.rows.length === 0) {
    await db.run([{ sql: `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (id INTEGER PRIMARY KEY AUTOINCREMENT, tag TEXT NOT NULL UNIQUE, appliedAt TEXT NOT NULL)` }], { transaction: true })
  }
  const [result] = await db.run([{ sql: `SELECT tag FROM ${MIGRATIONS_TABLE} ORDER BY id DESC LIMIT 1` }])
  const last = toObjects<{ tag: string }>(result)[0]?.tag ?? null
  let start = 0
  if (last !== null) {
    const index = migrations.findIndex((m) => m.tag === last)
    if (index < 0) throw new Error(`Missing migration: ${last}`)
    start = index + 1
  }
  const applied: string[] = []
  for (const migration of migrations.slice(start)) {
    await db.run(
      [
        ...migration.statements.map((sql) => ({ sql })),
        { sql: `INSERT INTO ${MIGRATIONS_TABLE} (tag, appliedAt) VALUES (?, ?)`, params: [migration.tag, new Date().toISOString()] },
      ],
      { transaction: true },
    )
    applied.push(migration.tag)
  }
  return applied
}

/**
 * Opens and migrates; when migrating fails, deletes the local database and tries once more
 * (SPEC §4). The second failure is thrown.
 */
export async function migrateOrRebuild(
  open: () => Promise<SqlExecutor>,
  destroy: () => Promise<void>,
  migrations: LocalMigration[],
  log: (message: string, error: unknown) => void = () => undefined,
): Promise<{ db: SqlExecutor; rebuilt: boolean; applied: string[] }> {
  let db = await open()
  try {
    return { db, rebuilt: false, applied: await migrate(db, migrations) }
  } catch (error) {
    log('local database migration failed; deleting it and retrying once', error)
    await destroy()
    db = await open()
    return { db, rebuilt: true, applied: await migrate(db, migrations) }
  }
}
