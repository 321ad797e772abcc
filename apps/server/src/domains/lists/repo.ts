/** SQL of lists: rows, their feeds, and the list counters that follow membership changes. */
import type { Insertable, Selectable, Updateable } from 'kysely'
import type { Database, FeedsTable, ListsTable } from '../../db/schema.ts'
import { inTransaction, lockFeeds, type Db } from '../../db/transactions.ts'
import { recountListForSubscribers } from '../unread/repo.ts'
import { chunks } from '../../db/chunks.ts'

export type ListRow = Selectable<ListsTable>
export type ListPatch = Pick<Updateable<ListsTable>, 'title' | 'description' | 'image' | 'view' | 'fee' | 'updatedAt'>
type FeedRow = Selectable<FeedsTable>

/** Feed ids of several lists, keyed by list id, each in the order the feeds were added (also used by profiles, discover and subscriptions). */
export async function feedIdsOfLists(db: Db, listIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(listIds.map((id) => [id, []]))
  for (const part of chunks([...new Set(listIds)])) {
    const rows = await db.selectFrom('list_feeds').select(['listId', 'feedId']).where('listId', 'in', part).orderBy('createdAt').execute()
    for (const row of rows) out.get(row.listId)?.push(row.feedId)
  }
  return out
}

export function listsRepo(db: Db) {
  return {
    async get(id: string): Promise<ListRow | null> {
      return (await db.selectFrom('lists').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
    },

    async ownedBy(userId: string): Promise<ListRow[]> {
      return db.selectFrom('lists').selectAll().where('ownerUserId', '=', userId).orderBy('createdAt').execute()
    },

    async create(row: Insertable<ListsTable>): Promise<void> {
      await db.insertInto('lists').values(row).execute()
    },

    /** Updates a list; a new view moves every subscription to the list along (SPEC §4). */
    async update(id: string, patch: ListPatch): Promise<void> {
      await inTransaction(db, async (trx) => {
        await trx.updateTable('lists').set(patch).where('id', '=', id).execute()
        if (patch.view !== undefined) await trx.updateTable('subscriptions').set({ view: patch.view }).where('listId', '=', id).execute()
      })
    },

    /** Deletes a list nobody follows; false when it has subscriptions. */
    async deleteIfUnfollowed(id: string): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const followers = await trx.selectFrom('subscriptions').select((eb) => eb.fn.countAll<number>().as('n')).where('listId', '=', id).executeTakeFirstOrThrow()
        if (Number(followers.n) > 0) return false
        await trx.deleteFrom('lists').where('id', '=', id).execute()
        return true
      })
    },

    /** GET /lists/{id}/analytics: when each current subscription to the list began, and when each entry of its feeds since `since` was published. */
    async activity(listId: string, since: string): Promise<{ subscribedAt: string[]; publishedAt: string[] }> {
      const subs = await db.selectFrom('subscriptions').select('createdAt').where('listId', '=', listId).execute()
      const entries = await db
        .selectFrom('list_feeds as lf')
        .innerJoin('entries as e', 'e.feedId', 'lf.feedId')
        .select('e.publishedAt')
        .where('lf.listId', '=', listId)
        .where('e.publishedAt', '>=', since)
        .execute()
      const iso = (v: string | Date) => new Date(v).toISOString()
      return { subscribedAt: subs.map((r) => iso(r.createdAt)), publishedAt: entries.map((r) => iso(r.publishedAt)) }
    },

    async feedIds(listId: string): Promise<string[]> {
      return (await db.selectFrom('list_feeds').select('feedId').where('listId', '=', listId).orderBy('createdAt').orderBy('feedId').execute()).map((r) => r.feedId)
    },

    feedIdsOfLists: (listIds: string[]) => feedIdsOfLists(db, listIds),

    async feeds(listId: string): Promise<FeedRow[]> {
      return db.selectFrom('list_feeds as lf').innerJoin('feeds as f', 'f.id', 'lf.feedId').selectAll('f').where('lf.listId', '=', listId).orderBy('lf.createdAt').execute()
    },

    async existingFeedIds(ids: string[]): Promise<string[]> {
      if (ids.length === 0) return []
      return (await db.selectFrom('feeds').select('id').where('id', 'in', ids).execute()).map((r) => r.id)
    },

    /**
     * Adds feeds to a list and recounts its subscribers' counters; returns the ids already there
     * instead (and adds nothing) when any is.
     */
    async addFeeds(listId: string, feedIds: string[], createdAt: string): Promise<{ alreadyThere: string[] }> {
      return inTransaction(db, async (trx) => {
        await lockFeeds(trx, feedIds)
        const present = (await trx.selectFrom('list_feeds').select('feedId').where('listId', '=', listId).where('feedId', 'in', feedIds).execute()).map((r) => r.feedId)
        if (present.length > 0) return { alreadyThere: present }
        await trx.insertInto('list_feeds').values(feedIds.map((feedId) => ({ listId, feedId, createdAt }))).execute()
        await trx.updateTable('lists').set({ updatedAt: createdAt }).where('id', '=', listId).execute()
        await recountListForSubscribers(trx, listId)
        return { alreadyThere: [] }
      })
    },

    /** Removes a feed from a list and recounts; false when it was not there. */
    async removeFeed(listId: string, feedId: string, at: string): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        await lockFeeds(trx, [feedId])
        const result = await trx.deleteFrom('list_feeds').where('listId', '=', listId).where('feedId', '=', feedId).executeTakeFirst()
        if (Number(result.numDeletedRows) === 0) return false
        await trx.updateTable('lists').set({ updatedAt: at }).where('id', '=', listId).execute()
        await recountListForSubscribers(trx, listId)
        return true
      })
    },

    /** The viewer's subscription to a list, if any. */
    async subscriptionOf(userId: string, listId: string) {
      return (await db.selectFrom('subscriptions').selectAll().where('userId', '=', userId).where('listId', '=', listId).executeTakeFirst()) ?? null
    },
  }
}

export type ListsRepo = ReturnType<typeof listsRepo>
export type { Database }
