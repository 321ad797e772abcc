/**
 * SQL of entries: as readers see them — timeline pages (docs/reading-api.md, "Timeline queries"),
 * details, streamed contents, check-new, the readability cache, inbox entries — and as the feed
 * engine stores them (feedEntriesRepo, used by storeEntries.ts).
 */
import { CompiledQuery, sql, type Expression, type ExpressionBuilder, type Insertable, type RawBuilder, type Selectable, type SqlBool } from 'kysely'
import type { Database, EntriesTable, FeedsTable, InboxesTable } from '../../db/schema.ts'
import type { Dialect } from '../../db/openDatabase.ts'
import { inTransaction, type Db } from '../../db/transactions.ts'
import { chunks } from '../../db/chunks.ts'
import { countNewInboxEntry, isUnread, uncountDeletedEntry } from '../unread/repo.ts'
import { indexEntries } from '../search/repo.ts'

export type EntryRow = Selectable<EntriesTable>
export type FeedRow = Selectable<FeedsTable>
export type InboxRow = Selectable<InboxesTable>

/** Which entries a timeline shows. */
export type TimelineScope =
  /** Everything the user follows (feeds, lists' feeds, inboxes), minus hidden subscriptions. */
  | { kind: 'subscribed'; view?: number; excludePrivate: boolean }
  | { kind: 'feeds'; feedIds: string[] }
  | { kind: 'list'; listId: string }
  | { kind: 'inbox'; inboxId: string }
  | { kind: 'collection'; view?: number }

export type TimelineQuery = {
  userId: string
  scope: TimelineScope
  /** false: unread only; true: read only; undefined: both. */
  read?: boolean
  /** Older than this (publishedAt, then id for ties). */
  before?: { publishedAt: string; id?: string }
  limit: number
  withContent: boolean
  /** How to walk a 'subscribed' scope; see planFor in the service. */
  plan?: 'scan' | 'join'
}

/**
 * A timeline query as run: maybe one slice of the publishedAt index (see `timeline`), maybe
 * bounded below by the unread floor of its counters (an unread page: see `unreadLeft`).
 */
type SliceQuery = TimelineQuery & { slice?: boolean; unreadFloor?: string }

export type EntriesRepoOptions = {
  /**
   * SQLite: the scan plan walks at most this many index entries per statement (0: no limit),
   * handing the event loop back between slices (docs/performance.md, "Long walks").
   */
  sliceRows?: number
}

/** Index entries one slice of a SQLite scan walks: about a millisecond when every row is skipped. */
export const DEFAULT_SLICE_ROWS = 1000

/** The columns of a timeline row (content only when asked). */
export type TimelineRow = Omit<EntryRow, 'content' | 'contentHash' | 'readabilityContent' | 'readabilityUpdatedAt' | 'updatedAt'> & {
  content?: string | null
  read: number | boolean
  collectedAt: string | null
}

const LIST_COLUMNS = [
  'e.id',
  'e.feedId',
  'e.inboxId',
  'e.guid',
  'e.title',
  'e.url',
  'e.description',
  'e.author',
  'e.authorUrl',
  'e.authorAvatar',
  'e.publishedAt',
  'e.insertedAt',
  'e.categories',
  'e.media',
  'e.attachments',
  'e.extra',
  'e.language',
] as const


type EntriesEb = ExpressionBuilder<Database & { e: Database['entries'] }, 'e'>

export function entriesRepo(db: Db, dialect: Dialect, options: EntriesRepoOptions = {}) {
  const sliceRows = options.sliceRows ?? (dialect === 'sqlite' ? DEFAULT_SLICE_ROWS : 0)

  /** Subscription filter shared by the source checks: one user, not hidden, maybe not private, maybe one view. */
  function subscriptionFilter(userId: string, view: number | undefined, excludePrivate: boolean): RawBuilder<unknown> {
    return sql.join(
      [
        sql`s."userId" = ${userId}`,
        sql`s."hideFromTimeline" = 0`,
        ...(excludePrivate ? [sql`s."isPrivate" = 0`] : []),
        ...(view !== undefined ? [sql`s."view" = ${view}`] : []),
      ],
      sql` and `,
    )
  }

  /**
   * Whether entry `e` belongs to the user's followed sources. Written as scalar subqueries per row
   * (one index probe each) so the newest-first walk stops after `limit` hits.
   */
  function followedByUser(userId: string, view: number | undefined, excludePrivate: boolean): RawBuilder<SqlBool> {
    const where = subscriptionFilter(userId, view, excludePrivate)
    return sql<SqlBool>`(case when e."feedId" is not null then
      (select 1 from subscriptions s where ${where} and s."feedId" = e."feedId" limit 1) is not null
      or (select 1 from list_feeds lf where lf."feedId" = e."feedId"
          and (select 1 from subscriptions s where ${where} and s."listId" = lf."listId" limit 1) is not null limit 1) is not null
    else
      (select 1 from subscriptions s where ${where} and s."inboxId" = e."inboxId" limit 1) is not null
    end)`
  }

  /**
   * Rows of `alias` strictly older than a cursor. With an id: `publishedAt <= p and (publishedAt < p
   * or id < i)`, the same rows as `publishedAt < p or (publishedAt = p and id < i)` written so the
   * first term bounds the index walk (the OR form alone makes SQLite walk from the newest entry).
   */
  function olderThan(alias: 'e' | 'b', before: { publishedAt: string; id?: string }): RawBuilder<SqlBool> {
    const publishedAt = sql.ref(`${alias}.publishedAt`)
    if (!before.id) return sql<SqlBool>`${publishedAt} < ${before.publishedAt}`
    return sql<SqlBool>`(${publishedAt} <= ${before.publishedAt} and (${publishedAt} < ${before.publishedAt} or ${sql.ref(`${alias}.id`)} < ${before.id}))`
  }

  /**
   * The lower end of one slice: the publishedAt of the sliceRows-th entry older than the cursor
   * (every entry at that time included), or no bound when fewer entries are left.
   */
  function sliceFloor(q: SliceQuery): RawBuilder<string> {
    return sql<string>`coalesce((select b."publishedAt" from entries b ${q.before ? sql`where ${olderThan('b', q.before)}` : sql``}
      order by b."publishedAt" desc, b."id" desc limit 1 offset ${sql.lit(sliceRows - 1)}), '')`
  }

  function readFilters(eb: EntriesEb, q: SliceQuery): Expression<SqlBool>[] {
    const out: Expression<SqlBool>[] = []
    if (q.before) out.push(olderThan('e', q.before))
    if (q.slice) out.push(eb('e.publishedAt', '>=', sliceFloor(q)))
    if (q.unreadFloor) out.push(eb('e.publishedAt', '>=', q.unreadFloor))
    if (q.read === false) out.push(isUnread(eb, q.userId))
    if (q.read === true) out.push(eb.not(isUnread(eb, q.userId)))
    // Entries the user's action rules blocked are not shown. They are stored read, so an unread
    // page (the common one) needs no such probe.
    if (q.read !== false) out.push(eb.not(eb.exists(eb.selectFrom('entry_actions as ea').select(sql.lit(1).as('one')).where('ea.userId', '=', q.userId).whereRef('ea.entryId', '=', 'e.id').where('ea.blocked', '=', 1))))
    return out
  }

  /** The SELECT list of a timeline page: entry columns, read flag, star time. */
  function pageSelect<QB extends { select: any }>(qb: QB, q: SliceQuery) {
    return (qb as any)
      .select([...LIST_COLUMNS])
      .$if(q.withContent, (x: any) => x.select('e.content'))
      .select((eb: EntriesEb) => [
        q.read === false ? sql<number>`0`.as('read') : eb.exists(eb.selectFrom('entry_reads as r').select(sql.lit(1).as('one')).where('r.userId', '=', q.userId).whereRef('r.entryId', '=', 'e.id')).as('read'),
        eb.selectFrom('collections as c').select('c.createdAt').where('c.userId', '=', q.userId).whereRef('c.entryId', '=', 'e.id').as('collectedAt'),
      ])
      .orderBy('e.publishedAt', 'desc')
      .orderBy('e.id', 'desc')
      .limit(q.limit)
  }

  /** The queries of a timeline page (two for the join plan: feeds, then inboxes). */
  function timelineQueries(q: SliceQuery): { compile(): { sql: string; parameters: readonly unknown[] } }[] {
    const scope = q.scope
    switch (scope.kind) {
      case 'subscribed': {
        const { view, excludePrivate } = scope
        if (q.plan !== 'join') {
          // The read-state probe before the source checks: this plan serves users who follow most
          // feeds, so a row is mostly skipped for its read state (SQLite tests terms in this order).
          return [pageSelect(db.selectFrom('entries as e').where((eb) => eb.and([...readFilters(eb, q), followedByUser(q.userId, view, excludePrivate)])), q)]
        }
        // The join plan: the user's few feeds drive an index walk each (then one sort of what they found).
        const where = subscriptionFilter(q.userId, view, excludePrivate)
        const sources = sql<{ fid: string }>`(select s."feedId" as fid from subscriptions s where ${where} and s."feedId" is not null
          union select lf."feedId" as fid from subscriptions s join list_feeds lf on lf."listId" = s."listId" where ${where})`
        return [
          pageSelect(db.selectFrom(sources.as('src')).innerJoin('entries as e', 'e.feedId', 'src.fid').where((eb: any) => eb.and(readFilters(eb, q))), q),
          pageSelect(db.selectFrom('subscriptions as s').innerJoin('entries as e', 'e.inboxId', 's.inboxId').where(sql<SqlBool>`${where} and s."inboxId" is not null`).where((eb: any) => eb.and(readFilters(eb, q))), q),
        ]
      }
      case 'feeds':
        return [pageSelect(db.selectFrom('entries as e').where((eb) => eb.and([eb('e.feedId', 'in', scope.feedIds), ...readFilters(eb, q)])), q)]
      case 'list':
        return [pageSelect(db.selectFrom('list_feeds as lf').innerJoin('entries as e', 'e.feedId', 'lf.feedId').where('lf.listId', '=', scope.listId).where((eb: any) => eb.and(readFilters(eb, q))), q)]
      case 'inbox':
        return [pageSelect(db.selectFrom('entries as e').where((eb) => eb.and([eb('e.inboxId', '=', scope.inboxId), ...readFilters(eb, q)])), q)]
      case 'collection': {
        let base = db.selectFrom('collections as cc').innerJoin('entries as e', 'e.id', 'cc.entryId').where('cc.userId', '=', q.userId)
        if (scope.view !== undefined) base = base.where('cc.view', '=', scope.view)
        return [pageSelect(base.where((eb: any) => eb.and(readFilters(eb, q))), q)]
      }
    }
  }

  /**
   * Timeline SQL is built once per query shape: the shape is compiled with a marker in place of
   * every value, the markers' positions become named slots, and later pages of that shape only
   * bind values (building and compiling this query costs more than running it).
   */
  const compiledShapes = new Map<string, { sql: string; slots: (string | { value: unknown })[] }[]>()
  const MARK = '\u0001'

  function shapeOf(q: SliceQuery): string {
    const s = q.scope
    const sourcePart = s.kind === 'subscribed' ? `${q.plan ?? 'scan'}:${s.view === undefined ? '-' : 'v'}:${s.excludePrivate ? 1 : 0}` : s.kind === 'feeds' ? String(s.feedIds.length) : s.kind === 'collection' ? (s.view === undefined ? '-' : 'v') : ''
    return `${s.kind}|${sourcePart}|${String(q.read)}|${q.before ? (q.before.id ? 'ti' : 't') : '-'}|${q.withContent ? 1 : 0}|${q.slice ? 1 : 0}|${q.unreadFloor ? 1 : 0}`
  }

  function markersOf(q: SliceQuery): SliceQuery {
    const s = q.scope
    const scope: TimelineScope =
      s.kind === 'subscribed' ? { ...s, view: s.view === undefined ? undefined : (`${MARK}view` as never) }
      : s.kind === 'feeds' ? { kind: 'feeds', feedIds: s.feedIds.map((_, i) => `${MARK}feed${i}`) }
      : s.kind === 'list' ? { kind: 'list', listId: `${MARK}listId` }
      : s.kind === 'inbox' ? { kind: 'inbox', inboxId: `${MARK}inboxId` }
      : { kind: 'collection', view: s.view === undefined ? undefined : (`${MARK}view` as never) }
    return {
      ...q,
      userId: `${MARK}userId`,
      scope,
      before: q.before ? { publishedAt: `${MARK}before`, id: q.before.id ? `${MARK}beforeId` : undefined } : undefined,
      limit: `${MARK}limit` as never,
      unreadFloor: q.unreadFloor ? `${MARK}unreadFloor` : undefined,
    }
  }

  function slotValue(q: SliceQuery, slot: string): unknown {
    const s = q.scope as { view?: number; feedIds?: string[]; listId?: string; inboxId?: string }
    if (slot === 'userId') return q.userId
    if (slot === 'view') return s.view
    if (slot === 'before') return q.before?.publishedAt
    if (slot === 'beforeId') return q.before?.id
    if (slot === 'limit') return q.limit
    if (slot === 'unreadFloor') return q.unreadFloor
    if (slot === 'listId') return s.listId
    if (slot === 'inboxId') return s.inboxId
    return s.feedIds?.[Number(slot.slice(4))]
  }

  async function runTimeline(q: SliceQuery): Promise<TimelineRow[][]> {
    const key = shapeOf(q)
    let shapes = compiledShapes.get(key)
    if (!shapes) {
      shapes = timelineQueries(markersOf(q)).map((query) => {
        const compiled = query.compile()
        return { sql: compiled.sql, slots: compiled.parameters.map((p) => (typeof p === 'string' && p.startsWith(MARK) ? p.slice(1) : { value: p })) }
      })
      if (compiledShapes.size > 500) compiledShapes.clear()
      compiledShapes.set(key, shapes)
    }
    const out: TimelineRow[][] = []
    for (const shape of shapes) {
      const parameters = shape.slots.map((slot) => (typeof slot === 'string' ? slotValue(q, slot) : slot.value))
      out.push((await db.executeQuery<TimelineRow>(CompiledQuery.raw(shape.sql, parameters))).rows)
    }
    return out
  }

  /**
   * What the counters say of an unread 'subscribed' timeline, in one statement (so from one moment):
   * `left`, how many of its unread entries are not among `found` (entries a walk has collected) —
   * the counters of the subscriptions it shows, minus the found entries still unread; 0 or less
   * means the walk has every unread entry and need not go further down (an entry shown through a
   * feed and a list holding it counts twice, which only ever makes it larger) — and `floor`, the
   * lowest `unreadSince` of the counters that count anything: no unread entry is older
   * (reads/repo.ts); null when some floor is unknown.
   */
  async function unreadLeft(userId: string, scope: Extract<TimelineScope, { kind: 'subscribed' }>, found: string[]): Promise<{ left: number; floor: string | null }> {
    const where = subscriptionFilter(userId, scope.view, scope.excludePrivate)
    const readSince = found.length ? sql`(select count(*) from entry_reads r where r."userId" = ${userId} and r."entryId" in (${sql.join(found)}))` : sql`0`
    const { rows } = await sql<{ unread: number | string | null; floor: string | null; readSince: number | string }>`select c.unread, c.floor, ${readSince} as "readSince"
      from (select sum(u."count") as unread, min(case when u."count" > 0 then coalesce(u."unreadSince", '') end) as floor
        from subscriptions s join unread_counts u on u."userId" = s."userId" and u."sourceId" = coalesce(s."feedId", s."listId", s."inboxId")
        where ${where}) c`.execute(db)
    const row = rows[0]
    return { left: Number(row?.unread ?? 0) - (found.length - Number(row?.readSince ?? 0)), floor: row?.floor ? row.floor : null }
  }

  /** The lower end of the slice below a cursor as a value (null: fewer than sliceRows entries left). */
  async function nextSliceFloor(before: SliceQuery['before']): Promise<string | null> {
    const row = await db
      .selectFrom('entries as b')
      .select('b.publishedAt')
      .$if(before !== undefined, (x) => x.where(olderThan('b', before!)))
      .orderBy('b.publishedAt', 'desc')
      .orderBy('b.id', 'desc')
      .limit(1)
      .offset(sliceRows - 1)
      .executeTakeFirst()
    return row?.publishedAt ?? null
  }

  /**
   * SQLite answers synchronously, so one statement walking most of the index (an unread page
   * behind which nothing unread is left: every older entry is checked) would hold up every other
   * request for seconds. The scan plan therefore walks the index in slices of about sliceRows
   * entries, newest first, each a bounded statement, and gives other requests their turn between
   * slices; the page is the same rows in the same order (docs/performance.md, "Long walks").
   */
  async function slicedTimeline(q: SliceQuery, cancelled?: () => boolean): Promise<TimelineRow[]> {
    const rows: TimelineRow[] = []
    let before = q.before
    let unreadFloor: string | undefined
    for (let slice = 0; ; slice++) {
      const [part] = await runTimeline({ ...q, before, limit: q.limit - rows.length, slice: true, unreadFloor })
      rows.push(...part)
      if (rows.length >= q.limit) return rows
      if (q.read === false && q.scope.kind === 'subscribed' && (slice === 0 || part.length > 0)) {
        // A short slice of an unread page (most pages fill in the first): the counters say whether
        // anything unread is left below — not for someone who has read nearly everything — and,
        // after the first, how far down the walk may go at most.
        const { left, floor } = await unreadLeft(q.userId, q.scope, rows.map((r) => r.id))
        if (left <= 0) return rows
        if (slice === 0 && floor) {
          if (before && floor > before.publishedAt) return rows
          unreadFloor = floor
        }
      }
      // Nobody is waiting for the page any more.
      if (cancelled?.()) return rows
      const floor = await nextSliceFloor(before)
      // Fewer than sliceRows entries were left below the cursor: that slice was the last.
      if (floor === null) return rows
      // The next slice would lie wholly below the unread floor.
      if (unreadFloor && floor <= unreadFloor) return rows
      before = { publishedAt: floor }
      await new Promise((resolve) => setImmediate(resolve))
    }
  }

  return {
    /** One page of a timeline, newest first; `cancelled` (checked between slices) ends a long walk early. */
    async timeline(query: TimelineQuery, cancelled?: () => boolean): Promise<TimelineRow[]> {
      let q: SliceQuery = query
      // SQLite's walk in slices asks for the unread floor only when its first slice comes back short.
      if (sliceRows > 0 && q.scope.kind === 'subscribed' && q.plan !== 'join') return slicedTimeline(q, cancelled)
      if (q.read === false && q.scope.kind === 'subscribed') {
        const { left, floor } = await unreadLeft(q.userId, q.scope, [])
        if (left <= 0) return []
        if (floor && q.before && floor > q.before.publishedAt) return []
        if (floor) q = { ...q, unreadFloor: floor }
      }
      const parts = await runTimeline(q)
      if (parts.length === 1) return parts[0]
      const rows = parts.flat()
      rows.sort((a, b) => (a.publishedAt < b.publishedAt ? 1 : a.publishedAt > b.publishedAt ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      return rows.slice(0, q.limit)
    },

    /** Plan inputs for a 'subscribed' timeline: feeds it draws from, and feeds on the instance. */
    async sourceStats(userId: string, view: number | undefined): Promise<{ followedFeeds: number; totalFeeds: number }> {
      const followed = await sql<{ n: number | string }>`select count(*) as n from (
          select s."feedId" as fid from subscriptions s where s."userId" = ${userId} and s."feedId" is not null ${view !== undefined ? sql`and s."view" = ${view}` : sql``}
          union select lf."feedId" from subscriptions s join list_feeds lf on lf."listId" = s."listId" where s."userId" = ${userId} ${view !== undefined ? sql`and s."view" = ${view}` : sql``}
        ) src`.execute(db)
      const total = await db.selectFrom('feeds').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      return { followedFeeds: Number(followed.rows[0]?.n ?? 0), totalFeeds: Number(total.n) }
    },

    /** The query plan of a timeline (EXPLAIN QUERY PLAN / EXPLAIN), for tests and the bench. */
    async explainTimeline(q: TimelineQuery): Promise<string> {
      const sliced = sliceRows > 0 && q.scope.kind === 'subscribed' && q.plan !== 'join'
      const compiled = timelineQueries({ ...q, slice: sliced })[0].compile()
      const prefix = dialect === 'sqlite' ? 'explain query plan ' : 'explain '
      const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]))
      return result.rows.map((r) => String(r.detail ?? r['QUERY PLAN'] ?? JSON.stringify(r))).join('\n')
    },

    /** Whole entries by id (content included), with the user's read flag and star time. */
    async byIds(userId: string, ids: string[]): Promise<(EntryRow & { read: number | boolean; collectedAt: string | null })[]> {
      const out: (EntryRow & { read: number | boolean; collectedAt: string | null })[] = []
      for (const part of chunks([...new Set(ids)])) {
        out.push(
          ...(await db
            .selectFrom('entries as e')
            .selectAll('e')
            .select((eb) => [
              eb.exists(eb.selectFrom('entry_reads as r').select(sql.lit(1).as('one')).where('r.userId', '=', userId).whereRef('r.entryId', '=', 'e.id')).as('read'),
              eb.selectFrom('collections as c').select('c.createdAt').where('c.userId', '=', userId).whereRef('c.entryId', '=', 'e.id').as('collectedAt'),
            ])
            .where('e.id', 'in', part)
            .execute()),
        )
      }
      return out
    },

    /** id + content of entries (the stream). */
    async contents(ids: string[]): Promise<{ id: string; content: string | null; feedId: string | null; inboxId: string | null }[]> {
      const out: { id: string; content: string | null; feedId: string | null; inboxId: string | null }[] = []
      for (const part of chunks([...new Set(ids)])) out.push(...(await db.selectFrom('entries').select(['id', 'content', 'feedId', 'inboxId']).where('id', 'in', part).execute()))
      return out
    },

    async feedsByIds(ids: string[]): Promise<FeedRow[]> {
      const out: FeedRow[] = []
      for (const part of chunks([...new Set(ids)])) out.push(...(await db.selectFrom('feeds').selectAll().where('id', 'in', part).execute()))
      return out
    },

    async inboxesByIds(ids: string[]): Promise<InboxRow[]> {
      const out: InboxRow[] = []
      for (const part of chunks([...new Set(ids)])) out.push(...(await db.selectFrom('inboxes').selectAll().where('id', 'in', part).execute()))
      return out
    },

    /** The views of the user's subscriptions to these feeds (direct, else via a list). */
    async viewsOfFeeds(userId: string, feedIds: string[]): Promise<Map<string, number>> {
      const out = new Map<string, number>()
      if (feedIds.length === 0) return out
      const viaLists = await db
        .selectFrom('subscriptions as s')
        .innerJoin('list_feeds as lf', 'lf.listId', 's.listId')
        .select(['lf.feedId', 's.view'])
        .where('s.userId', '=', userId)
        .where('lf.feedId', 'in', feedIds)
        .execute()
      for (const row of viaLists) out.set(row.feedId, Number(row.view))
      const direct = await db.selectFrom('subscriptions').select(['feedId', 'view']).where('userId', '=', userId).where('feedId', 'in', feedIds).execute()
      for (const row of direct) out.set(row.feedId as string, Number(row.view))
      return out
    },

    /** The newest entry of a timeline inserted after a time (check-new). */
    async newestInsertedAfter(userId: string, scope: TimelineScope, after: string, read?: boolean): Promise<{ id: string; insertedAt: string } | null> {
      let q = db.selectFrom('entries as e').select(['e.id', 'e.insertedAt']).where('e.insertedAt', '>', after)
      if (scope.kind === 'subscribed') q = q.where(followedByUser(userId, scope.view, scope.excludePrivate))
      else if (scope.kind === 'feeds') q = q.where('e.feedId', 'in', scope.feedIds)
      else if (scope.kind === 'list') q = q.where('e.feedId', 'in', db.selectFrom('list_feeds').select('feedId').where('listId', '=', scope.listId))
      else if (scope.kind === 'inbox') q = q.where('e.inboxId', '=', scope.inboxId)
      else {
        q = q.where('e.id', 'in', db.selectFrom('collections').select('entryId').where('userId', '=', userId))
      }
      if (read === false) q = q.where((eb) => isUnread(eb, userId))
      return (await q.orderBy('e.insertedAt', 'desc').limit(1).executeTakeFirst()) ?? null
    },

    /** Stores extracted readable content on the entry (the 3-day cache). */
    async saveReadability(id: string, content: string, at: string): Promise<void> {
      await db.updateTable('entries').set({ readabilityContent: content, readabilityUpdatedAt: at }).where('id', '=', id).execute()
    },

    /** Inserts an inbox entry unless its guid is there; returns the stored id and whether it is new. */
    async insertInboxEntry(
      row: Insertable<EntriesTable> & { inboxId: string },
      readBy: string | null,
      readAt: string,
      /** Runs in the same transaction once a new entry is stored and counted (action rules). */
      afterInsert?: (trx: Db, id: string) => Promise<void>,
    ): Promise<{ id: string; created: boolean }> {
      return inTransaction(db, async (trx) => {
        const inserted = await trx
          .insertInto('entries')
          .values(row)
          .onConflict((oc) => oc.columns(['inboxId', 'guid']).doNothing())
          .returning('id')
          .executeTakeFirst()
        if (!inserted) {
          const existing = await trx.selectFrom('entries').select('id').where('inboxId', '=', row.inboxId).where('guid', '=', row.guid).executeTakeFirstOrThrow()
          return { id: existing.id, created: false }
        }
        await countNewInboxEntry(trx, row.inboxId, row.publishedAt)
        await indexEntries(trx, [{ id: inserted.id, title: row.title ?? null, description: row.description ?? null, content: row.content ?? null, author: row.author ?? null }], { replace: false })
        if (readBy) {
          await trx.insertInto('entry_reads').values({ userId: readBy, entryId: inserted.id, readAt }).execute()
          await trx.updateTable('unread_counts').set((eb) => ({ count: eb('count', '-', 1) })).where('userId', '=', readBy).where('sourceId', '=', row.inboxId).execute()
        }
        await afterInsert?.(trx, inserted.id)
        return { id: inserted.id, created: true }
      })
    },

    /** Deletes an entry, taking it out of every counter that counts it. */
    async deleteEntry(entry: { id: string; feedId: string | null; inboxId: string | null }): Promise<void> {
      await inTransaction(db, async (trx) => {
        await uncountDeletedEntry(trx, entry)
        await trx.deleteFrom('entries').where('id', '=', entry.id).execute()
      })
    },
  }
}

export type EntriesRepo = ReturnType<typeof entriesRepo>

export type NewEntryRow = Insertable<EntriesTable>
/** The columns an entry update rewrites (everything the feed controls). */
export type EntryContent = Omit<NewEntryRow, 'id' | 'feedId' | 'inboxId' | 'guid' | 'insertedAt' | 'readabilityContent' | 'readabilityUpdatedAt'>

/** What storage already holds for a guid of a feed. */
export type StoredEntryKey = { id: string; guid: string; contentHash: string | null; publishedAt: string }

/** The columns of an entry the search index reads. */
function indexable(row: Pick<NewEntryRow, 'id' | 'title' | 'description' | 'content' | 'author'>) {
  return { id: row.id, title: row.title ?? null, description: row.description ?? null, content: row.content ?? null, author: row.author ?? null }
}

/** Rows per multi-row INSERT (SQLite binds at most 32 766 parameters; an entry has ~22 columns). */
const INSERT_CHUNK = 200

/** A feed's entries as the ingest writes them (upsert by feed + guid); run inside the caller's transaction. */
export function feedEntriesRepo(db: Db) {
  return {
    /** What is stored for these guids of a feed. */
    async storedEntries(feedId: string, guids: string[]): Promise<StoredEntryKey[]> {
      const rows: StoredEntryKey[] = []
      for (const part of chunks(guids)) {
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

    /** Inserts new entries (a guid stored meanwhile is skipped) and indexes them for search; returns how many were inserted. */
    async insertEntries(rows: NewEntryRow[]): Promise<number> {
      let inserted = 0
      for (const part of chunks(rows, INSERT_CHUNK)) {
        const ids = new Set(
          (
            await db
              .insertInto('entries')
              .values(part)
              .onConflict((oc) => oc.columns(['feedId', 'guid']).doNothing())
              .returning('id')
              .execute()
          ).map((r) => r.id),
        )
        inserted += ids.size
        await indexEntries(db, part.filter((r) => ids.has(r.id)).map(indexable), { replace: false })
      }
      return inserted
    },

    /** The rows among these that are stored (an insert that met a guid stored meanwhile skipped its row). */
    async insertedAmong(rows: NewEntryRow[]): Promise<NewEntryRow[]> {
      const stored = new Set<string>()
      for (const part of chunks(rows.map((r) => r.id as string))) {
        for (const row of await db.selectFrom('entries').select('id').where('id', 'in', part).execute()) stored.add(row.id)
      }
      return rows.filter((r) => stored.has(r.id as string))
    },

    /** Rewrites a changed entry in place (same id, so read state and stars survive) and its search document. */
    async updateEntry(id: string, content: EntryContent): Promise<void> {
      await db.updateTable('entries').set(content).where('id', '=', id).execute()
      await indexEntries(db, [indexable({ id, ...content })])
    },

  }
}
