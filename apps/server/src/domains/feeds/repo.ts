/**
 * SQL of the feed engine: feed rows and their refresh bookkeeping, the refresh lease and the
 * scheduler's due query. Entries are stored by the entries domain (entries/storeEntries.ts)
 * inside the transaction `transaction` opens.
 */
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely'
import { inTransaction, lockFeeds, type Db } from '../../db/transactions.ts'
import { chunks } from '../../db/chunks.ts'
import type { Database, FeedsTable } from '../../db/schema.ts'
import { feedAccount, transferFunds, userAccount } from '../wallets/ledger.ts'

export type FeedRow = Selectable<FeedsTable>
export type NewFeedRow = Insertable<FeedsTable>
export type FeedPatch = Updateable<FeedsTable>
/** The analytics of SPEC §7 for one feed. */
export type FeedAnalyticsRow = Pick<FeedRow, 'id' | 'updatesPerWeek' | 'subscriptionCount' | 'latestEntryPublishedAt'>

/** A feed the scheduler may enqueue. */
export type DueFeed = Pick<FeedRow, 'id' | 'url'>


/** The feed engine's storage; `transaction` runs work with the same queries bound to one transaction. */
export function feedsRepo(db: Kysely<Database>) {
  return {
    ...feedQueries(db),
    /**
     * Runs work in one transaction: `tx` are these queries bound to it, `trx` the transaction
     * itself for other domains' writes (entries/storeEntries.ts). With `lockFeedId` the feed row is
     * locked first (PostgreSQL), so storing entries and counting them for a new subscriber never
     * interleave.
     */
    /**
     * Feed claiming (docs/power.md): makes the user the owner unless someone else already is, and
     * moves the tips waiting in the feed's account to the owner — in one transaction. Returns
     * false when another user owns it; `moved` is what the owner received (smallest units).
     */
    async claimOwnership(feedId: string, userId: string, at: string): Promise<{ claimed: boolean; moved: string }> {
      return inTransaction(db, async (trx) => {
        await lockFeeds(trx, [feedId])
        const updated = await trx.updateTable('feeds').set({ ownerUserId: userId, updatedAt: at }).where('id', '=', feedId).where((eb) => eb.or([eb('ownerUserId', 'is', null), eb('ownerUserId', '=', userId)])).executeTakeFirst()
        if (Number(updated.numUpdatedRows) === 0) return { claimed: false, moved: '0' }
        const account = await trx.selectFrom('ledger_accounts').select(['balance']).where('id', '=', feedAccount(feedId)).executeTakeFirst()
        const waiting = account ? BigInt(account.balance) : 0n
        if (waiting > 0n) {
          await transferFunds(trx, { debit: feedAccount(feedId), credit: userAccount(userId), amount: waiting, kind: 'claim', reference: feedId, idempotencyKey: `claim:${feedId}:${userId}:${at}`, actorUserId: userId, cashable: true, at })
        }
        return { claimed: true, moved: waiting.toString() }
      })
    },

    async ownedBy(userId: string): Promise<FeedRow[]> {
      return db.selectFrom('feeds').selectAll().where('ownerUserId', '=', userId).orderBy('title').limit(1000).execute()
    },

    transaction<T>(work: (tx: FeedQueries, trx: Db) => Promise<T>, options: { lockFeedId?: string } = {}): Promise<T> {
      return inTransaction(db, async (trx) => {
        if (options.lockFeedId) await lockFeeds(trx, [options.lockFeedId])
        return work(feedQueries(trx), trx)
      })
    },
  }
}

function feedQueries(db: Kysely<Database>) {
  return {
    async findById(id: string): Promise<FeedRow | null> {
      return (await db.selectFrom('feeds').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
    },

    async findByUrl(url: string): Promise<FeedRow | null> {
      return (await db.selectFrom('feeds').selectAll().where('url', '=', url).executeTakeFirst()) ?? null
    },

    /** Inserts a feed unless its URL is taken; returns whether this call inserted it. */
    async insertFeed(row: NewFeedRow): Promise<boolean> {
      const result = await db
        .insertInto('feeds')
        .values(row)
        .onConflict((oc) => oc.column('url').doNothing())
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
    },

    async updateFeed(id: string, patch: FeedPatch): Promise<void> {
      await db.updateTable('feeds').set(patch).where('id', '=', id).execute()
    },

    async analytics(ids: string[]): Promise<FeedAnalyticsRow[]> {
      const rows: FeedAnalyticsRow[] = []
      for (const part of chunks(ids)) {
        rows.push(
          ...(await db
            .selectFrom('feeds')
            .select(['id', 'updatesPerWeek', 'subscriptionCount', 'latestEntryPublishedAt'])
            .where('id', 'in', part)
            .execute()),
        )
      }
      return rows
    },

    /**
     * Takes the refresh lease of a feed until `until` unless another worker holds a live one.
     * One UPDATE, so it is atomic on both dialects and across processes.
     */
    async acquireLease(id: string, owner: string, now: string, until: string): Promise<boolean> {
      const result = await db
        .updateTable('feeds')
        .set({ leaseOwner: owner, leaseUntil: until })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<=', now)]))
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /** Writes the outcome of a check and gives the lease back, if this owner still holds it. */
    async finishCheck(id: string, owner: string, patch: FeedPatch): Promise<void> {
      await db
        .updateTable('feeds')
        .set({ ...patch, leaseOwner: null, leaseUntil: null })
        .where('id', '=', id)
        .where('leaseOwner', '=', owner)
        .execute()
    },

    /**
     * Stores a feed under the address it moved to permanently, unless another feed is stored
     * there already (then the two stay apart); true when it moved.
     */
    async moveFeedUrl(id: string, url: string, at: string): Promise<boolean> {
      try {
        const result = await db
          .updateTable('feeds')
          .set({ url, updatedAt: at })
          .where('id', '=', id)
          .where((eb) => eb.not(eb.exists(eb.selectFrom('feeds as other').select('other.id').where('other.url', '=', url))))
          .executeTakeFirst()
        return Number(result.numUpdatedRows) > 0
      } catch (error) {
        // Stored there by someone else at the same moment (unique url).
        if (/unique|duplicate/i.test(String((error as Error).message))) return false
        throw error
      }
    },

    /**
     * Subscribed feeds whose next check is due and that no worker holds: never checked first, then
     * oldest due first. Two index ranges of feeds_due_idx, not one `IS NULL OR <= now` (which both
     * planners answered by walking the whole index whenever fewer than `limit` feeds were due — a
     * cost per tick that grew with the feeds table; docs/performance.md, "100,000 feeds").
     */
    async dueFeeds(now: string, limit: number): Promise<DueFeed[]> {
      const subscribedUnleased = () =>
        db
          .selectFrom('feeds')
          .select(['id', 'url'])
          // A literal 0 so both planners match the partial index feeds_due_idx.
          .where(sql<boolean>`${sql.ref('subscriptionCount')} > 0`)
          .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<=', now)]))
      const never = await subscribedUnleased().where('nextCheckAt', 'is', null).limit(limit).execute()
      if (never.length >= limit) return never
      const due = await subscribedUnleased().where('nextCheckAt', '<=', now).orderBy('nextCheckAt').limit(limit - never.length).execute()
      return never.length ? [...never, ...due] : due
    },

    /** Brings a feed's next check forward to `at` when it was planned later (a boost). */
    async checkNoLaterThan(feedId: string, at: string): Promise<void> {
      await db.updateTable('feeds').set({ nextCheckAt: at }).where('id', '=', feedId).where((eb) => eb.or([eb('nextCheckAt', 'is', null), eb('nextCheckAt', '>', at)])).execute()
    },

    /** Moves the next check of enqueued feeds to `until`: not picked again while queued, retried if a worker dies. */
    async postpone(ids: string[], until: string): Promise<void> {
      for (const part of chunks(ids)) {
        await db.updateTable('feeds').set({ nextCheckAt: until }).where('id', 'in', part).execute()
      }
    },

    /** Entries of a feed published since `since` (the "updates per week" of SPEC §7). */
    async countPublishedSince(feedId: string, since: string): Promise<number> {
      const row = await db
        .selectFrom('entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('feedId', '=', feedId)
        .where('publishedAt', '>=', since)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },
  }
}

export type FeedQueries = ReturnType<typeof feedQueries>
export type FeedsRepo = ReturnType<typeof feedsRepo>
