/** SQL of the Fever API: entries of the user's feeds by id (Fever pages by item id), unread and saved ids. */
import { sql, type SqlBool } from 'kysely'
import type { Db } from '../../db/transactions.ts'
import { chunks } from '../../db/chunks.ts'

export type FeverItemRow = {
  id: string
  feedId: string
  title: string | null
  author: string | null
  url: string | null
  description: string | null
  content: string | null
  publishedAt: string
  read: number | boolean
  starred: number | boolean
}

/**
 * Ids are decimal text: numeric order is (length, text) order, so comparisons and ordering use
 * both (all ids of a year have the same length; see packages/shared/src/ids.ts).
 */
const idAbove = (id: string) => sql<SqlBool>`(length(e."id") > ${id.length} or (length(e."id") = ${id.length} and e."id" > ${id}))`
const idBelow = (id: string) => sql<SqlBool>`(length(e."id") < ${id.length} or (length(e."id") = ${id.length} and e."id" < ${id}))`

export function feverRepo(db: Db) {
  const items = (userId: string) =>
    db
      .selectFrom('subscriptions as s')
      .innerJoin('entries as e', 'e.feedId', 's.feedId')
      .where('s.userId', '=', userId)
      .select(['e.id', 's.feedId', 'e.title', 'e.author', 'e.url', 'e.description', 'e.content', 'e.publishedAt'])
      .select((eb) => [
        eb.exists(eb.selectFrom('entry_reads as r').select(sql.lit(1).as('one')).where('r.userId', '=', userId).whereRef('r.entryId', '=', 'e.id')).as('read'),
        eb.exists(eb.selectFrom('collections as c').select(sql.lit(1).as('one')).where('c.userId', '=', userId).whereRef('c.entryId', '=', 'e.id')).as('starred'),
      ])

  return {
    /** Items after since_id (ascending), before max_id (descending), or the newest (descending). */
    async items(userId: string, q: { sinceId?: string; maxId?: string; limit: number }): Promise<FeverItemRow[]> {
      let query = items(userId)
      if (q.sinceId !== undefined) query = query.where(idAbove(q.sinceId))
      if (q.maxId !== undefined) query = query.where(idBelow(q.maxId))
      const dir = q.sinceId !== undefined ? 'asc' : 'desc'
      const rows = await query.orderBy(sql`length(e."id")`, dir).orderBy('e.id', dir).limit(q.limit).execute()
      return rows as FeverItemRow[]
    },

    async itemsByIds(userId: string, ids: string[]): Promise<FeverItemRow[]> {
      const out: FeverItemRow[] = []
      for (const part of chunks(ids)) out.push(...((await items(userId).where('e.id', 'in', part).execute()) as FeverItemRow[]))
      return out
    },

    async totalItems(userId: string): Promise<number> {
      const row = await db.selectFrom('subscriptions as s').innerJoin('entries as e', 'e.feedId', 's.feedId').where('s.userId', '=', userId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      return Number(row.n)
    },

    /** Ids of the unread entries of the user's feeds. */
    async unreadIds(userId: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('subscriptions as s')
        .innerJoin('entries as e', 'e.feedId', 's.feedId')
        .where('s.userId', '=', userId)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('entry_reads as r').select(sql.lit(1).as('one')).where('r.userId', '=', userId).whereRef('r.entryId', '=', 'e.id'))))
        .select('e.id')
        .orderBy('e.publishedAt', 'desc')
        .limit(limit)
        .execute()
      return rows.map((r) => r.id)
    },

    async savedIds(userId: string, limit: number): Promise<string[]> {
      const rows = await db.selectFrom('collections').select('entryId').where('userId', '=', userId).orderBy('createdAt', 'desc').limit(limit).execute()
      return rows.map((r) => r.entryId)
    },
  }
}

export type FeverRepo = ReturnType<typeof feverRepo>
