/** Opens the database the configuration names: SQLite (node:sqlite, WAL) by default, PostgreSQL for postgres:// URLs. */
import fs from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { Kysely, PostgresDialect } from 'kysely'
import type pg from 'pg'
import { requireModule } from '../lib/lazyRequire.ts'
import type { Database } from './schema.ts'
import { nodeSqliteDatabase } from './nodeSqliteDatabase.ts'
import { FairSqliteDialect } from './fairSqliteDialect.ts'
import { startBackgroundCheckpoint, type BackgroundCheckpoint } from './backgroundCheckpoint.ts'

export type Dialect = 'sqlite' | 'postgres'

export type DatabaseLocation =
  /** backgroundCheckpoint: WAL checkpoints in a worker thread instead of inside commits (the server). */
  | { dialect: 'sqlite'; file: string; backgroundCheckpoint?: boolean }
  | { dialect: 'postgres'; url: string; schema?: string; poolSize?: number }

/** An open database: the query builder plus what better-auth and the probes need. */
export interface OpenDatabase {
  db: Kysely<Database>
  dialect: Dialect
  /** The raw DatabaseSync (SQLite) — better-auth can take it directly. */
  sqlite?: DatabaseSync
  /** SQLite: the database file (null in memory) — read-only connections in worker threads open it too. */
  file?: string | null
  /** SQLite with backgroundCheckpoint: the checkpointing worker. */
  checkpoint?: BackgroundCheckpoint
  pool?: pg.Pool
  close(): Promise<void>
}


/** The page cache and memory map of the read-only connections (search threads); the server's own connection uses writerPragmas. */
function readerPragmas(sqlite: DatabaseSync): void {
  // 32 MiB page cache (the default is 2 MiB): timeline pages behind old cursors stay in memory.
  sqlite.exec('PRAGMA cache_size = -32768')
  // Reads through a memory map of the file (SQLite's largest by default, 2 GiB) instead of one
  // read(2) per page that misses the page cache: a timeline page touches ~20 scattered table pages.
  // Writes still go through the WAL (docs/performance.md).
  sqlite.exec('PRAGMA mmap_size = 2147418112')
}

/**
 * The server's own connection, which writes too: no memory map and a 16 MiB page cache. Mapped,
 * every page a refresh touches stays in the process's RSS as file-backed memory, so RSS grew
 * with the database (202 MB file-backed at 43,000 feeds, over the 250 MB target at 100,000 —
 * issue #14); read(2) into a bounded page cache keeps it flat. Measured, `bench/refresh` 10,000
 * feeds: peak RSS 259 → 204–238 MB (8–32 MiB cache) at the same CPU; 100,000 feeds 250 MB
 * (docs/performance.md, "Session 8").
 */
function writerPragmas(sqlite: DatabaseSync): void {
  sqlite.exec('PRAGMA cache_size = -16384')
  sqlite.exec('PRAGMA mmap_size = 0')
}

/**
 * A second, read-only connection to a SQLite file the server already has open in WAL mode (its
 * `-wal` and `-shm` exist): each statement reads the newest committed state, never blocks the
 * writer and is never blocked by it. Worker threads query through one (domains/search/searchThreads.ts).
 */
export function openSqliteReader(file: string): { db: Kysely<Database>; close(): Promise<void> } {
  const sqlite = new DatabaseSync(file, { readOnly: true, timeout: 5000 })
  readerPragmas(sqlite)
  const db = new Kysely<Database>({ dialect: new FairSqliteDialect({ database: nodeSqliteDatabase(sqlite) }) })
  return { db, close: () => db.destroy() }
}

/** Opens (and creates, for SQLite) the database at a location. */
export function openDatabase(location: DatabaseLocation): OpenDatabase {
  if (location.dialect === 'sqlite') {
    if (location.file !== ':memory:') fs.mkdirSync(path.dirname(location.file), { recursive: true })
    const sqlite = new DatabaseSync(location.file, { timeout: 5000 })
    sqlite.exec('PRAGMA journal_mode = WAL')
    sqlite.exec('PRAGMA synchronous = NORMAL')
    sqlite.exec('PRAGMA foreign_keys = ON')
    writerPragmas(sqlite)
    const db = new Kysely<Database>({ dialect: new FairSqliteDialect({ database: nodeSqliteDatabase(sqlite) }) })
    const checkpoint = location.backgroundCheckpoint && location.file !== ':memory:' ? startBackgroundCheckpoint(sqlite, location.file) : undefined
    const close = async () => {
      await checkpoint?.stop()
      await db.destroy()
    }
    return { db, dialect: 'sqlite', sqlite, file: location.file === ':memory:' ? null : location.file, checkpoint, close }
  }
  // pg is loaded only for PostgreSQL (a SQLite server never loads it).
  const pgModule = requireModule<typeof pg>('pg')
  // int8 (counts, sums) as JS numbers; ids are text, so no precision is at stake.
  const pgTypes = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === 20) return (v: string) => Number(v)
      return pgModule.types.getTypeParser(oid, format)
    },
  }
  const pool = new pgModule.Pool({
    connectionString: location.url,
    max: location.poolSize ?? 10,
    types: pgTypes,
    ...(location.schema ? { options: `-c search_path=${location.schema}` } : {}),
  })
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  return { db, dialect: 'postgres', pool, close: () => db.destroy() }
}
