/**
 * Transactions that behave the same under load on both databases, and the feed-row lock that
 * orders the ingest against subscribe/list changes (docs/reading-api.md, "Unread counters").
 */
import { SqliteAdapter, type Kysely } from 'kysely'
import type { Database } from './schema.ts'
import { chunks } from './chunks.ts'
import { groupCommit } from './groupCommit.ts'

/** The query builder of Brook's database, or of one transaction on it. */
export type Db = Kysely<Database>

/** True when the builder talks to SQLite. */
export function isSqliteDb(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter
}

/**
 * PostgreSQL errors worth running the transaction again: deadlock, serialization failure, and an
 * error marked `retryTransaction` by the code that threw it (wallets/ledger.ts IdempotencyRace).
 */
function isRetryable(error: unknown): boolean {
  const e = error as { code?: string; retryTransaction?: boolean } | null
  return e?.code === '40P01' || e?.code === '40001' || e?.retryTransaction === true
}

/**
 * Runs a transaction; on PostgreSQL retries a few times when picked as a deadlock victim.
 *
 * SQLite: `BEGIN IMMEDIATE`, so a transaction that reads before it writes takes the write lock
 * up front and waits (busy timeout) for another process's writer instead of failing with
 * SQLITE_BUSY_SNAPSHOT when that writer commits in between; and group commit (groupCommit.ts):
 * transactions arriving while one runs share the next commit, each in its own savepoint.
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (isSqliteDb(db)) return groupCommit(db, work)
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work)
    } catch (error) {
      if (attempt >= 4 || !isRetryable(error)) throw error
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20))
    }
  }
}

/**
 * Locks the rows of these feeds until the transaction ends (PostgreSQL; SQLite has one writer).
 * Subscribe and list changes count a feed's entries while holding it, and the ingest stores new
 * entries while holding it, so no entry is counted twice or missed.
 */
export async function lockFeeds(trx: Db, feedIds: string[]): Promise<void> {
  if (isSqliteDb(trx) || feedIds.length === 0) return
  const ids = [...new Set(feedIds)].sort()
  for (const part of chunks(ids)) {
    await trx.selectFrom('feeds').select('id').where('id', 'in', part).orderBy('id').forUpdate().execute()
  }
}
