/** SQL of the idempotency store: claim a key, complete it with the answer, release it, purge expired keys. */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'

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
  return {
    /**
     * Claims (userId, key) for a new request. Exactly one of several concurrent claims inserts the
     * row (primary key + ON CONFLICT DO NOTHING on both dialects); the others get the existing row.
     * An expired row is replaced.
     */
    async claim(input: { userId: string; key: string; method: string; path: string; fingerprint: string; now: string; expiresAt: string }): Promise<Claim> {
      await db.deleteFrom('idempotency_keys').where('userId', '=', input.userId).where('key', '=', input.key).where('expiresAt', '<=', input.now).execute()
      const inserted = await db
        .insertInto('idempotency_keys')
        .values({
          userId: input.userId,
          key: input.key,
          method: input.method,
          path: input.path,
          fingerprint: input.fingerprint,
          state: 'pending',
          responseStatus: null,
          responseType: null,
          responseBody: null,
          createdAt: input.now,
          expiresAt: input.expiresAt,
        })
        .onConflict((oc) => oc.columns(['userId', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst()
      if (inserted) return { kind: 'claimed' }
      const record = await db.selectFrom('idempotency_keys').selectAll().where('userId', '=', input.userId).where('key', '=', input.key).executeTakeFirst()
      // Deleted in between (released after a failure): the caller may simply try again.
      if (!record) return this.claim(input)
      return { kind: 'existing', record: record as IdempotencyRecord }
    },

    /** Stores the answer of a claimed key. */
    async complete(userId: string, key: string, response: { status: number; type: string | null; body: string }): Promise<void> {
      await db
        .updateTable('idempotency_keys')
        .set({ state: 'done', responseStatus: response.status, responseType: response.type, responseBody: response.body })
        .where('userId', '=', userId)
        .where('key', '=', key)
        .execute()
    },

    /** Forgets a claimed key (the request failed on our side; a retry should run it). */
    async release(userId: string, key: string): Promise<void> {
      await db.deleteFrom('idempotency_keys').where('userId', '=', userId).where('key', '=', key).where('state', '=', 'pending').execute()
    },

    /** Deletes every expired key; returns how many. */
    async purgeExpired(now: string): Promise<number> {
      const result = await db.deleteFrom('idempotency_keys').where('expiresAt', '<=', now).executeTakeFirst()
      return Number(result.numDeletedRows ?? 0)
    },
  }
}

export type IdempotencyRepo = ReturnType<typeof idempotencyRepo>
