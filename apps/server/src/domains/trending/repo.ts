/**
 * SQL of trending (docs/trending.md): what this instance's people subscribed to, read and starred
 * recently, weighted by age (half-life 3.5 days, in steps), counted only through public
 * subscriptions — a private subscription, and the reads and stars of its subscriber on that
 * feed, never count — and only as totals.
 */
import { sql, type RawBuilder, type Selectable } from 'kysely'
import type { FeedsTable, ListsTable } from '../../db/schema.ts'
import { feedIdsOfLists } from '../lists/repo.ts'
import type { Db } from '../../db/transactions.ts'

/** Activity older than this is not trending any more. */
export const WINDOW_DAYS = 30
/** An entry trends only once this many different people read or starred it (no one's reading is singled out). */
export const MIN_ENTRY_PEOPLE = 2

const DAY = 86_400_000

/** The age weight of a time column: 2^(-age / 3.5 days), in steps (0–1, 1–3, 3–7, 7–14, 14–30 days). */
function decay(column: RawBuilder<unknown>, now: number): RawBuilder<number> {
  const at = (days: number) => new Date(now - days * DAY).toISOString()
  return sql<number>`(case when ${column} > ${at(1)} then 0.9 when ${column} > ${at(3)} then 0.67 when ${column} > ${at(7)} then 0.37
    when ${column} > ${at(14)} then 0.125 when ${column} > ${at(30)} then 0.013 else 0 end)`
}

/** `%keyword%` with LIKE's own wildcards escaped. */
function likePattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

export type TrendingFeedRow = Selectable<FeedsTable> & { score: number; subscribers: number }
export type TrendingListRow = Selectable<ListsTable> & { score: number; subscribers: number }
export type TrendingEntryRow = { id: string; feedId: string; title: string | null; url: string | null; publishedAt: string; feedTitle: string | null; score: number; people: number }
export type TrendingUserRow = { id: string; name: string; handle: string | null; image: string | null; score: number; subscribers: number }

export function trendingRepo(db: Db) {
  /** A public subscription of user `userCol` to feed `feedCol`. */
  const publicSubscriber = (userCol: RawBuilder<unknown>, feedCol: RawBuilder<unknown>) =>
    sql`exists (select 1 from subscriptions ps where ps."userId" = ${userCol} and ps."feedId" = ${feedCol} and ps."isPrivate" = 0)`

  return {
    /** GET /data/g: the instance's public totals (no user's data). */
    async counters(): Promise<{ users: number; feeds: number; entries: number; publicSubscriptions: number; lists: number }> {
      const count = async (table: 'user' | 'feeds' | 'entries' | 'lists') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
      const subs = await db.selectFrom('subscriptions').select((eb) => eb.fn.countAll<number>().as('n')).where('isPrivate', '=', 0).executeTakeFirstOrThrow()
      return { users: await count('user'), feeds: await count('feeds'), entries: await count('entries'), publicSubscriptions: Number(subs.n), lists: await count('lists') }
    },

    /** Feeds with public subscribers, by recent public subscriptions (×3), stars (×2) and reads (×1), plus a little for all-time followers. */
    async feeds(q: { view?: number; language?: string; limit: number; now: number }): Promise<TrendingFeedRow[]> {
      const since = new Date(q.now - WINDOW_DAYS * DAY).toISOString()
      const byView = q.view === undefined ? sql`` : sql` and s."view" = ${q.view}`
      const byLanguage = q.language ? sql` and (f.language is null or lower(f.language) like ${`${q.language.toLowerCase()}%`})` : sql``
      const { rows } = await sql<TrendingFeedRow>`select f.*, coalesce(a.score, 0) + 0.05 * p.n as score, p.n as subscribers
        from (select s."feedId" as fid, count(*) as n from subscriptions s where s."feedId" is not null and s."isPrivate" = 0${byView} group by s."feedId") p
        join feeds f on f.id = p.fid
        left join (select x.fid, sum(x.w) as score from (
            select s."feedId" as fid, 3 * ${decay(sql`s."createdAt"`, q.now)} as w from subscriptions s
              where s."feedId" is not null and s."isPrivate" = 0 and s."createdAt" > ${since}
            union all
            select e."feedId" as fid, 2 * ${decay(sql`c."createdAt"`, q.now)} as w from collections c join entries e on e.id = c."entryId"
              where c."createdAt" > ${since} and e."feedId" is not null and ${publicSubscriber(sql`c."userId"`, sql`e."feedId"`)}
            union all
            select e."feedId" as fid, ${decay(sql`r."readAt"`, q.now)} as w from entry_reads r join entries e on e.id = r."entryId"
              where r."readAt" > ${since} and e."feedId" is not null and ${publicSubscriber(sql`r."userId"`, sql`e."feedId"`)}
          ) x group by x.fid) a on a.fid = p.fid
        where 1 = 1${byLanguage}
        order by score desc, p.n desc, f.id limit ${q.limit}`.execute(db)
      return rows.map((r) => ({ ...r, score: Number(r.score), subscribers: Number(r.subscribers) }))
    },

    /** Entries read or starred recently by at least MIN_ENTRY_PEOPLE public subscribers of their feed. */
    async entries(q: { view?: number; language?: string; limit: number; now: number }): Promise<TrendingEntryRow[]> {
      const since = new Date(q.now - 7 * DAY).toISOString()
      const byView = q.view === undefined ? sql`` : sql` and exists (select 1 from subscriptions vs where vs."feedId" = e."feedId" and vs."isPrivate" = 0 and vs."view" = ${q.view})`
      const byLanguage = q.language ? sql` and (f.language is null or lower(f.language) like ${`${q.language.toLowerCase()}%`})` : sql``
      const { rows } = await sql<TrendingEntryRow>`select e.id, e."feedId", e.title, e.url, e."publishedAt", f.title as "feedTitle", a.score, a.people
        from (select x."entryId", sum(x.w) as score, count(distinct x."userId") as people from (
            select r."entryId", r."userId", ${decay(sql`r."readAt"`, q.now)} as w from entry_reads r join entries re on re.id = r."entryId"
              where r."readAt" > ${since} and re."feedId" is not null and ${publicSubscriber(sql`r."userId"`, sql`re."feedId"`)}
            union all
            select c."entryId", c."userId", 2 * ${decay(sql`c."createdAt"`, q.now)} as w from collections c join entries ce on ce.id = c."entryId"
              where c."createdAt" > ${since} and ce."feedId" is not null and ${publicSubscriber(sql`c."userId"`, sql`ce."feedId"`)}
          ) x group by x."entryId") a
        join entries e on e.id = a."entryId"
        join feeds f on f.id = e."feedId"
        where a.people >= ${MIN_ENTRY_PEOPLE}${byView}${byLanguage}
        order by a.score desc, e."publishedAt" desc, e.id limit ${q.limit}`.execute(db)
      return rows.map((r) => ({ ...r, score: Number(r.score), people: Number(r.people) }))
    },

    /** Lists by recent public subscriptions (plus a little for all-time subscribers). */
    async lists(q: { view?: number; limit: number; now: number }): Promise<TrendingListRow[]> {
      const since = new Date(q.now - WINDOW_DAYS * DAY).toISOString()
      const byView = q.view === undefined ? sql`` : sql` and l."view" = ${q.view}`
      const { rows } = await sql<TrendingListRow>`select l.*, coalesce(sum(case when s."createdAt" > ${since} then ${decay(sql`s."createdAt"`, q.now)} else 0 end), 0) * 3 + 0.05 * count(s."userId") as score,
          count(s."userId") as subscribers
        from lists l left join subscriptions s on s."listId" = l.id and s."isPrivate" = 0
        where 1 = 1${byView}
        group by l.id
        order by score desc, subscribers desc, l.id limit ${q.limit}`.execute(db)
      return rows.map((r) => ({ ...r, score: Number(r.score), subscribers: Number(r.subscribers) }))
    },

    /** People whose lists and claimed feeds gained public subscribers recently. */
    async users(q: { limit: number; now: number }): Promise<TrendingUserRow[]> {
      const since = new Date(q.now - WINDOW_DAYS * DAY).toISOString()
      const { rows } = await sql<TrendingUserRow>`select u.id, u.name, u.handle, u.image, sum(x.w) as score, count(*) as subscribers
        from (
          select l."ownerUserId" as owner, ${decay(sql`s."createdAt"`, q.now)} as w from subscriptions s join lists l on l.id = s."listId"
            where s."isPrivate" = 0 and s."userId" <> l."ownerUserId" and s."createdAt" > ${since}
          union all
          select f."ownerUserId" as owner, ${decay(sql`s."createdAt"`, q.now)} as w from subscriptions s join feeds f on f.id = s."feedId"
            where f."ownerUserId" is not null and s."isPrivate" = 0 and s."userId" <> f."ownerUserId" and s."createdAt" > ${since}
        ) x join "user" u on u.id = x.owner
        group by u.id, u.name, u.handle, u.image
        order by score desc, u.id limit ${q.limit}`.execute(db)
      return rows.map((r) => ({ ...r, score: Number(r.score), subscribers: Number(r.subscribers) }))
    },

    /** Lists whose title or description contains the keyword, most followed first. */
    async searchLists(keyword: string, limit: number): Promise<Selectable<ListsTable>[]> {
      const p = likePattern(keyword)
      return db
        .selectFrom('lists')
        .selectAll()
        .where((eb) => eb.or([sql<boolean>`lower(title) like ${p} escape '\\'`, sql<boolean>`lower(coalesce(description, '')) like ${p} escape '\\'`]))
        .orderBy('subscriptionCount', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute()
    },

    feedIdsOfLists: (listIds: string[]) => feedIdsOfLists(db, listIds),

    /** The latest snapshot of a ranking (0028), if any. */
    snapshot: (key: string): Promise<{ payload: string; computedAt: string; requestedAt: string | null } | undefined> =>
      db.selectFrom('trending_snapshots').select(['payload', 'computedAt', 'requestedAt']).where('key', '=', key).executeTakeFirst(),

    /** Every stored snapshot's key, age and last request (the scheduler refreshes the stale ones). */
    snapshotKeys: (): Promise<{ key: string; computedAt: string; requestedAt: string | null }[]> =>
      db.selectFrom('trending_snapshots').select(['key', 'computedAt', 'requestedAt']).orderBy('key').execute(),

    /** Stores a ranking as the latest snapshot of its key; `requestedAt` when a request asked for it. */
    async saveSnapshot(key: string, payload: string, computedAt: string, requestedAt: string | null): Promise<void> {
      await db
        .insertInto('trending_snapshots')
        .values({ key, payload, computedAt, requestedAt })
        .onConflict((oc) => oc.column('key').doUpdateSet(requestedAt ? { payload, computedAt, requestedAt } : { payload, computedAt }))
        .execute()
    },

    /** Notes that a request read the ranking. */
    async touchSnapshot(key: string, requestedAt: string): Promise<void> {
      await db.updateTable('trending_snapshots').set({ requestedAt }).where('key', '=', key).execute()
    },

    async dropSnapshot(key: string): Promise<void> {
      await db.deleteFrom('trending_snapshots').where('key', '=', key).execute()
    },
  }
}

export type TrendingRepo = ReturnType<typeof trendingRepo>
