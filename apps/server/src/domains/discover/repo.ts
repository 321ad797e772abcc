/** SQL of discovery: known feeds and lists matching a keyword, most followed first. */
import { sql } from 'kysely'
import type { Selectable } from 'kysely'
import type { FeedsTable, ListsTable } from '../../db/schema.ts'
import type { Db } from '../../db/transactions.ts'
import { feedIdsOfLists } from '../lists/repo.ts'

/** `%keyword%` with LIKE's own wildcards escaped. */
function likePattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

export function discoverRepo(db: Db) {
  const like = (column: string, pattern: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`
  return {
    async searchFeeds(keyword: string, limit: number): Promise<Selectable<FeedsTable>[]> {
      const p = likePattern(keyword)
      return db
        .selectFrom('feeds')
        .selectAll()
        .where((eb) => eb.or([like('title', p), like('description', p), like('url', p), like('siteUrl', p)]))
        .orderBy('subscriptionCount', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute()
    },

    async searchLists(keyword: string, limit: number): Promise<Selectable<ListsTable>[]> {
      const p = likePattern(keyword)
      return db
        .selectFrom('lists')
        .selectAll()
        .where((eb) => eb.or([like('title', p), like('description', p)]))
        .orderBy('subscriptionCount', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute()
    },

    /**
     * Known feeds of a discovery category (any category: null) with at least one public
     * subscriber, most public subscribers first; `languagePrefix` keeps feeds whose language tag
     * starts with it (feeds that declare none show under every language).
     */
    async feedsOfCategory(q: { category: string | null; languagePrefix: string | null; limit: number }): Promise<Array<Selectable<FeedsTable> & { publicSubscribers: number }>> {
      let query = db
        .selectFrom('feeds as f')
        .innerJoin('subscriptions as s', 's.feedId', 'f.id')
        .selectAll('f')
        .select((eb) => eb.fn.count<number>('s.userId').distinct().as('publicSubscribers'))
        .where('s.isPrivate', '=', 0)
      if (q.category) query = query.where('f.discoveryCategory', '=', q.category)
      if (q.languagePrefix) query = query.where((eb) => eb.or([eb('f.language', 'is', null), sql<boolean>`lower(${sql.ref('f.language')}) like ${`${q.languagePrefix!.toLowerCase()}%`}`]))
      const rows = await query.groupBy('f.id').orderBy('publicSubscribers', 'desc').orderBy('f.id').limit(q.limit).execute()
      return rows.map((r) => ({ ...r, publicSubscribers: Number(r.publicSubscribers) }))
    },

    async feedById(id: string): Promise<Selectable<FeedsTable> | null> {
      return (await db.selectFrom('feeds').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
    },

    async setDiscoveryCategory(feedId: string, category: string | null, at: string): Promise<void> {
      await db.updateTable('feeds').set({ discoveryCategory: category, updatedAt: at }).where('id', '=', feedId).execute()
    },

    async feedsByUrls(urls: string[]): Promise<Selectable<FeedsTable>[]> {
      if (urls.length === 0) return []
      return db.selectFrom('feeds').selectAll().where('url', 'in', urls).execute()
    },

    /** Which of these feed or list ids the user follows. */
    async followed(userId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set()
      const rows = await db
        .selectFrom('subscriptions')
        .select(['feedId', 'listId'])
        .where('userId', '=', userId)
        .where((eb) => eb.or([eb('feedId', 'in', ids), eb('listId', 'in', ids)]))
        .execute()
      return new Set(rows.map((r) => (r.feedId ?? r.listId) as string))
    },

    listFeedIds: (listIds: string[]) => feedIdsOfLists(db, listIds),
  }
}

export type DiscoverRepo = ReturnType<typeof discoverRepo>
