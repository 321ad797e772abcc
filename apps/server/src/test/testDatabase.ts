/**
 * Real databases for tests: a fresh SQLite file per test, and — when TEST_DATABASE_URL is set —
 * a fresh PostgreSQL schema per test, so parallel runs never collide.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import crypto from 'node:crypto'
import pg from 'pg'
import { describe } from 'vitest'
import { testEnv } from '../env.ts'
import { openDatabase, type Dialect, type OpenDatabase } from '../db/openDatabase.ts'
import { migrateToLatest } from '../db/migrate.ts'

export interface TestDatabase extends OpenDatabase {
  /** Closes the connection and removes the file or schema. */
  dispose(): Promise<void>
  /** How to reach the same database from another process (env DATABASE_URL / DATA_DIR). */
  location: { DATABASE_URL?: string; DATA_DIR: string }
}

/** The dialects this run covers: SQLite always, PostgreSQL when configured. */
export const testDialects: Dialect[] = testEnv.databaseUrl ? ['sqlite', 'postgres'] : ['sqlite']

/** A temp directory removed with the test database. */
export function tempDir(prefix = 'brook-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix))
}

/** Creates an empty, migrated database of a dialect. */
export async function createTestDatabase(dialect: Dialect, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const dir = tempDir()
  if (dialect === 'sqlite') {
    const file = path.join(dir, 'brook.db')
    const database = openDatabase({ dialect: 'sqlite', file })
    if (options.migrate !== false) await migrateToLatest(database.db)
    return {
      ...database,
      location: { DATA_DIR: dir },
      async dispose() {
        await database.close()
        fs.rmSync(dir, { recursive: true, force: true })
      },
    }
  }
  const url = testEnv.databaseUrl
  if (!url) throw new Error('TEST_DATABASE_URL is not set')
  const schema = `brook_t_${crypto.randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE SCHEMA ${schema}`)
  await admin.end()
  const database = openDatabase({ dialect: 'postgres', url, schema, poolSize: 5 })
  if (options.migrate !== false) await migrateToLatest(database.db)
  const separator = url.includes('?') ? '&' : '?'
  return {
    ...database,
    location: { DATABASE_URL: `${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`, DATA_DIR: dir },
    async dispose() {
      await database.close()
      const cleanup = new pg.Client({ connectionString: url })
      await cleanup.connect()
      await cleanup.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await cleanup.end()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Runs a suite once per dialect; says plainly when PostgreSQL was skipped. */
export function describeEachDialect(name: string, suite: (dialect: Dialect) => void): void {
  for (const dialect of testDialects) describe(`${name} [${dialect}]`, () => suite(dialect))
  if (!testEnv.databaseUrl) describe.skip(`${name} [postgres] — skipped: TEST_DATABASE_URL is not set`, () => suite('postgres'))
}
