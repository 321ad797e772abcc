/**
 * SQL of the feed engine: feed rows and their refresh bookkeeping, the refresh lease, the
 * scheduler's due query, and entry storage (upsert by feed + guid, with the unread counters).
 */
import { sql, type ExpressionBuilder, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely'
import { inTransaction, lockFeeds } from '../../db/transactions.ts'
import { lowerFloor } from '../reads/repo.ts'
import type { Database, EntriesTable, FeedsTable } from '../../db/schema.ts'

export type FeedRow = Selectable<FeedsTable>
export type NewFeedRow = Insertable<FeedsTable>
export type FeedPatch = Updateable<FeedsTable>
export type NewEntryRow = Insertable<EntriesTable>
/** The columns an entry update rewrites (everything the feed controls). */
export type EntryContent = Omit<NewEntryRow, 'id' | 'feedId' | 'inboxId' | 'guid' | 'insertedAt' | 'readabilityContent' | 'readabilityUpdatedAt'>

/** What storage already holds for a guid of a feed. */
export type StoredEntryKey = { id: string; guid: string; contentHash: string | null; publishedAt: string }

/** The analytics of SPEC §7 for one feed. */
export type FeedAnalyticsRow = Pick<FeedRow, 'id' | 'updatesPerWeek' | 'subscriptionCount' | 'latestEntryPublishedAt'>

/** A feed the scheduler may enqueue. */
export type DueFeed = Pick<FeedRow, 'id' | 'url'>

/** The unread counters that show a feed's entries: every subscriber's of the feed, and of each list holding it. */
function countersOfFeed(eb: ExpressionBuilder<Database, 'unread_counts'>, feedId: string) {
  return eb.or([eb('sourceId', '=', feedId), eb('sourceId', 'in', eb.selectFrom('list_feeds').select('listId').where('list_feeds.feedId', '=', feedId))])
}

/** Rows per multi-row INSERT (SQLite binds at most 32 766 parameters; an entry has ~22 columns). */
const INSERT_CHUNK = 200
/** Values per IN (…) list. */
const IN_CHUNK = 500

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** The feed engine's storage; `transaction` runs work with the same queries bound to one transaction. */
export function feedsRepo(db: Kysely<Database>) {
  return {
    ...feedQueries(db),
    /**
     * Runs work in one transaction. With `lockFeedId` the feed row is locked first (PostgreSQL), so
     * storing entries and counting them for a new subscriber never interleave.
     */
    transaction<T>(work: (tx: FeedQueries) => Promise<T>, options: { lockFeedId?: string } = {}): Promise<T> {
      return inTransaction(db, async (trx) => {
        if (options.lockFeedId) await lockFeeds(trx, [options.lockFeedId])
        return work(feedQueries(trx))
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
      for (const part of chunks(ids, IN_CHUNK)) {
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

    /** Subscribed feeds whose next check is due and that no worker holds, oldest first. */
    async dueFeeds(now: string, limit: number): Promise<DueFeed[]> {
      return db
        .selectFrom('feeds')
        .select(['id', 'url'])
        // A literal 0 so both planners match the partial index feeds_due_idx.
        .where(sql<boolean>`${sql.ref('subscriptionCount')} > 0`)
        .where((eb) => eb.or([eb('nextCheckAt', 'is', null), eb('nextCheckAt', '<=', now)]))
        .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<=', now)]))
        .orderBy('nextCheckAt')
        .limit(limit)
        .execute()
    },

    /** Moves the next check of enqueued feeds to `until`: not picked again while queued, retried if a worker dies. */
    async postpone(ids: string[], until: string): Promise<void> {
      for (const part of chunks(ids, IN_CHUNK)) {
        await db.updateTable('feeds').set({ nextCheckAt: until }).where('id', 'in', part).execute()
      }
    },

    /** What is stored for these guids of a feed. */
    async storedEntries(feedId: string, guids: string[]): Promise<StoredEntryKey[]> {
      const rows: StoredEntryKey[] = []
      for (const part of chunks(guids, IN_CHUNK)) {
        rows.push(
          ...(await db
            .selectFrom('entries')
            .select(['id', 'guid', 'contentHash', 'publishedAt'])
            .where('feedId', '=', feedId)
            .where('guid', 'in', part)
            .execute()),
        )
      }
      return rows
    },

    /** Inserts new entries (a guid stored meanwhile is skipped); returns how many were inserted. */
    async insertEntries(rows: NewEntryRow[]): Promise<number> {
      let inserted = 0
      for (const part of chunks(rows, INSERT_CHUNK)) {
        const result = await db
          .insertInto('entries')
          .values(part)
          .onConflict((oc) => oc.columns(['feedId', 'guid']).doNothing())
          .executeTakeFirst()
        inserted += Number(result.numInsertedOrUpdatedRows ?? 0)
      }
      return inserted
    },

    /** Rewrites a changed entry in place: same id, so read state and stars survive. */
    async updateEntry(id: string, content: EntryContent): Promise<void> {
      await db.updateTable('entries').set(content).where('id', '=', id).execute()
    },

    /**
     * Adds `count` new entries of a feed, the oldest published at `oldestPublishedAt`, to every
     * unread counter that shows them: the subscribers' counter of the feed itself and of each list
     * the feed belongs to (lowering their floors: reads/repo.ts).
     */
    async incrementUnread(feedId: string, count: number, oldestPublishedAt: string | null): Promise<void> {
      if (count <= 0) return
      await db
        .updateTable('unread_counts')
        .set((eb) => ({ count: eb('count', '+', count), unreadSince: lowerFloor(oldestPublishedAt) }))
        .where((eb) => countersOfFeed(eb, feedId))
        .execute()
    },

    /** An entry of the feed now has an earlier publishedAt: no counter showing it may stay above that. */
    async lowerUnreadFloors(feedId: string, publishedAt: string): Promise<void> {
      await db
        .updateTable('unread_counts')
        .set({ unreadSince: publishedAt })
        .where((eb) => eb.and([countersOfFeed(eb, feedId), eb('unreadSince', '>', publishedAt)]))
        .execute()
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
