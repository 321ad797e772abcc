/** SQL of the idempotency store: claim a key, complete it with the answer, release it, purge expired keys. */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { inTransaction, isSqliteDb } from '../../db/transactions.ts'

export interface IdempotencyRecord {
  userId: string
  key: string
  method: string
  path: string
  fingerprint: string
  state: 'pending' | 'done'
  responseStatus: number | null
  responseType: string | null
  responseBody: string | null
  createdAt: string
  expiresAt: string
}

export type Claim = { kind: 'claimed' } | { kind: 'existing'; record: IdempotencyRecord }

export function idempotencyRepo(db: Kysely<Database>) {
  /**
   * A write of one statement. SQLite: through the group commit (db/groupCommit.ts), so the claims
   * and answers of concurrent requests share one commit instead of paying one each; PostgreSQL:
   * the statement alone (autocommit).
   */
  const sqlite = isSqliteDb(db)
  const write = <T>(statement: (w: Kysely<Database>) => Promise<T>): Promise<T> => (sqlite ? inTransaction(db, statement) : statement(db))

  return {
    /**
     * Claims (userId, key) for a new request in one statement: an upsert that inserts the row, or
     * takes over an expired one (DO UPDATE … WHERE expired), and returns it only then. Exactly one
     * of several concurrent claims gets a row back (primary key); the others read the existing row.
     */
    async claim(input: { userId: string; key: string; method: string; path: string; fingerprint: string; now: string; expiresAt: string }): Promise<Claim> {
      const fresh = { method: input.method, path: input.path, fingerprint: input.fingerprint, state: 'pending', responseStatus: null, responseType: null, responseBody: null, createdAt: input.now, expiresAt: input.expiresAt }
      const inserted = await write((w) =>
        w
          .insertInto('idempotency_keys')
          .values({ userId: input.userId, key: input.key, ...fresh })
          .onConflict((oc) => oc.columns(['userId', 'key']).doUpdateSet(fresh).where('idempotency_keys.expiresAt', '<=', input.now))
          .returning('key')
          .executeTakeFirst(),
      )
      if (inserted) return { kind: 'claimed' }
      const record = await db.selectFrom('idempotency_keys').selectAll().where('userId', '=', input.userId).where('key', '=', input.key).executeTakeFirst()
      // Deleted in between (released after a failure): the caller may simply try again.
      if (!record) return this.claim(input)
      return { kind: 'existing', record: record as IdempotencyRecord }
    },

    /** Stores the answer of a claimed key. */
    async complete(userId: string, key: string, response: { status: number; type: string | null; body: string }): Promise<void> {
      await write((w) =>
        w
          .updateTable('idempotency_keys')
          .set({ state: 'done', responseStatus: response.status, responseType: response.type, responseBody: response.body })
          .where('userId', '=', userId)
          .where('key', '=', key)
          .execute(),
      )
    },

    /** Forgets a claimed key (the request failed on our side; a retry should run it). */
    async release(userId: string, key: string): Promise<void> {
      await write((w) => w.deleteFrom('idempotency_keys').where('userId', '=', userId).where('key', '=', key).where('state', '=', 'pending').execute())
    },

    /** Deletes every expired key; returns how many. */
    async purgeExpired(now: string): Promise<number> {
      const result = await db.deleteFrom('idempotency_keys').where('expiresAt', '<=', now).executeTakeFirst()
      return Number(result.numDeletedRows ?? 0)
    },
  }
}

export type IdempotencyRepo = ReturnType<typeof idempotencyRepo>
