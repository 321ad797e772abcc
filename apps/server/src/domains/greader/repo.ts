/**
 * SQL of the Google Reader API (docs/api-access.md): the user's feed subscriptions with their
 * feeds, and stream pages — the entries of the user's feeds (all, one feed, one label), of their
 * stars or of their read history — filtered by read/star state and time, newest or oldest first.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { Db } from '../../db/transactions.ts'
import { chunks } from '../../db/chunks.ts'

export type FeedSubscriptionRow = {
  feedId: string
  title: string | null
  category: string | null
  createdAt: string
  url: string
  feedTitle: string | null
  siteUrl: string | null
  image: string | null
  latestEntryPublishedAt: string | null
}

/** Where a stream's entries come from. */
export type StreamSource = { kind: 'subscribed'; feedId?: string; label?: string } | { kind: 'starred' } | { kind: 'read' }

export type StreamQuery = {
  userId: string
  source: StreamSource
  /** true: only read; false: only unread. */
  read?: boolean
  /** true: only starred; false: only not starred. */
  starred?: boolean
  /** publishedAt bounds (ISO), inclusive. */
  publishedFrom?: string
  publishedTo?: string
  oldestFirst: boolean
  /** Past this entry in the stream's order (a continuation). */
  after?: { publishedAt: string; id: string }
  limit: number
  withContent: boolean
}

export type StreamRow = {
  id: string
  feedId: string | null
  guid: string
  title: string | null
  url: string | null
  author: string | null
  description: string | null
  content?: string | null
  publishedAt: string
  insertedAt: string
  read: number | boolean
  starred: number | boolean
}

type Eb = ExpressionBuilder<Database & { e: Database['entries'] }, 'e'>

export function greaderRepo(db: Db) {
  const readBy = (eb: Eb, userId: string) => eb.exists(eb.selectFrom('entry_reads as r').select(sql.lit(1).as('one')).where('r.userId', '=', userId).whereRef('r.entryId', '=', 'e.id'))
  const starredBy = (eb: Eb, userId: string) => eb.exists(eb.selectFrom('collections as c').select(sql.lit(1).as('one')).where('c.userId', '=', userId).whereRef('c.entryId', '=', 'e.id'))

  function filters(eb: Eb, q: StreamQuery): Expression<SqlBool>[] {
    const out: Expression<SqlBool>[] = []
    if (q.read === true) out.push(readBy(eb, q.userId))
    if (q.read === false) out.push(eb.not(readBy(eb, q.userId)))
    if (q.starred === true) out.push(starredBy(eb, q.userId))
    if (q.starred === false) out.push(eb.not(starredBy(eb, q.userId)))
    if (q.publishedFrom) out.push(eb('e.publishedAt', '>=', q.publishedFrom))
    if (q.publishedTo) out.push(eb('e.publishedAt', '<=', q.publishedTo))
    if (q.after) {
      // Written so the first term bounds the index walk (see entries/repo.ts olderThan).
      const { publishedAt, id } = q.after
      out.push(
        q.oldestFirst
          ? sql<SqlBool>`(e."publishedAt" >= ${publishedAt} and (e."publishedAt" > ${publishedAt} or e."id" > ${id}))`
          : sql<SqlBool>`(e."publishedAt" <= ${publishedAt} and (e."publishedAt" < ${publishedAt} or e."id" < ${id}))`,
      )
    }
    return out
  }

  return {
    /** The user's feed subscriptions with their feeds, by title. */
    async feedSubscriptions(userId: string): Promise<FeedSubscriptionRow[]> {
      return db
        .selectFrom('subscriptions as s')
        .innerJoin('feeds as f', 'f.id', 's.feedId')
        .select(['f.id as feedId', 's.title', 's.category', 's.createdAt', 'f.url', 'f.title as feedTitle', 'f.siteUrl', 'f.image', 'f.latestEntryPublishedAt'])
        .where('s.userId', '=', userId)
        .orderBy('s.createdAt')
        .orderBy('f.id')
        .execute()
    },

    /** Feed rows by id (the origin of starred entries of feeds no longer followed). */
    async feedsByIds(ids: string[]): Promise<{ id: string; url: string; title: string | null; siteUrl: string | null }[]> {
      const out = []
      for (const part of chunks(ids)) out.push(...(await db.selectFrom('feeds').select(['id', 'url', 'title', 'siteUrl']).where('id', 'in', part).execute()))
      return out
    },

    /** One page of a stream. */
    async stream(q: StreamQuery): Promise<StreamRow[]> {
      const direction = q.oldestFirst ? 'asc' : 'desc'
      const source = q.source
      let base
      if (source.kind === 'subscribed') {
        let subs = db.selectFrom('subscriptions as s').innerJoin('entries as e', 'e.feedId', 's.feedId').where('s.userId', '=', q.userId)
        if (source.feedId) subs = subs.where('s.feedId', '=', source.feedId)
        if (source.label !== undefined) subs = subs.where('s.category', '=', source.label)
        base = subs
      } else if (source.kind === 'starred') {
        base = db.selectFrom('collections as c0').innerJoin('entries as e', 'e.id', 'c0.entryId').where('c0.userId', '=', q.userId)
      } else {
        base = db.selectFrom('entry_reads as r0').innerJoin('entries as e', 'e.id', 'r0.entryId').where('r0.userId', '=', q.userId)
      }
      const rows = await (base as unknown as ReturnType<typeof db.selectFrom<'entries as e'>>)
        .where((eb) => eb.and(filters(eb as Eb, q)))
        .select(['e.id', 'e.feedId', 'e.guid', 'e.title', 'e.url', 'e.author', 'e.description', 'e.publishedAt', 'e.insertedAt'])
        .$if(q.withContent, (x) => x.select('e.content'))
        .select((eb) => [
          q.read === undefined ? readBy(eb as Eb, q.userId).as('read') : sql<number>`${sql.lit(q.read ? 1 : 0)}`.as('read'),
          q.starred === undefined && source.kind !== 'starred' ? starredBy(eb as Eb, q.userId).as('starred') : sql<number>`${sql.lit(q.starred === false ? 0 : 1)}`.as('starred'),
        ])
        .orderBy('e.publishedAt', direction)
        .orderBy('e.id', direction)
        .limit(q.limit)
        .execute()
      return rows as StreamRow[]
    },

    /** Entries by id with the user's read and star state (only feed entries and the user's own inbox entries). */
    async entriesByIds(userId: string, ids: string[]): Promise<StreamRow[]> {
      const out: StreamRow[] = []
      for (const part of chunks([...new Set(ids)])) {
        const rows = await db
          .selectFrom('entries as e')
          .select(['e.id', 'e.feedId', 'e.guid', 'e.title', 'e.url', 'e.author', 'e.description', 'e.content', 'e.publishedAt', 'e.insertedAt'])
          .select((eb) => [readBy(eb as Eb, userId).as('read'), starredBy(eb as Eb, userId).as('starred')])
          .where('e.id', 'in', part)
          .where('e.feedId', 'is not', null)
          .execute()
        out.push(...(rows as StreamRow[]))
      }
      return out
    },
  }
}

export type GreaderRepo = ReturnType<typeof greaderRepo>
