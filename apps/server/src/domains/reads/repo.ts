/**
 * Read state and the per-subscription unread counters (docs/reading-api.md, "Unread counters").
 *
 * A counter row (userId, sourceId) exists exactly while the user subscribes to the source (a
 * feed, list or inbox) and holds the number of that source's entries the user has not read. Every
 * change of read state adjusts the counters of the sources that show the entry, relative to the
 * rows that actually changed (INSERT … ON CONFLICT DO NOTHING RETURNING / DELETE … RETURNING), in
 * the same transaction. Structural changes (subscribe, list membership) recount from the tables
 * under a lock on the feed rows involved, which the ingest also takes.
 */
import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { Dialect } from '../../db/openDatabase.ts'
import { inTransaction, lockFeeds } from '../../db/transactions.ts'

export { inTransaction, lockFeeds }

export type Db = Kysely<Database>

/**
 * An entry reduced to what decides which counters it counts in (and, for an entry becoming unread,
 * how far down its counters' floors must go; without a publishedAt the floors become unknown).
 */
export type EntrySource = { id: string; feedId: string | null; inboxId: string | null; publishedAt?: string }

/** Which entries a bulk "mark all read" covers (all conditions combine with AND). */
export type ReadScope = {
  /** The user's own subscriptions (feeds, list feeds, inboxes), optionally of one view. */
  subscribed?: { view?: number; excludePrivate: boolean }
  feedIds?: string[]
  listId?: string
  inboxId?: string
  publishedFrom?: string
  publishedTo?: string
  insertedBefore?: string
}

/** Values per IN (…) list. */
const IN_CHUNK = 500

function chunks<T>(items: T[], size = IN_CHUNK): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** `NOT EXISTS (a read of this entry by the user)`. */
export function isUnread(eb: ExpressionBuilder<any, any>, userId: string, entryRef = 'e.id'): Expression<SqlBool> {
  return eb.not(eb.exists(eb.selectFrom('entry_reads as r').select(sql.lit(1).as('one')).where('r.userId', '=', userId).whereRef('r.entryId', '=', sql.ref(entryRef) as any)))
}

/** The entries of one source the user has not read, as a query to select from (alias `e`). */
function unreadOf(eb: ExpressionBuilder<any, any>, userRef: Expression<string>, source: { feedId?: string; listId?: string; inboxId?: string }) {
  let q = eb.selectFrom('entries as e')
  if (source.feedId) q = q.where('e.feedId', '=', source.feedId)
  else if (source.listId) q = q.where('e.feedId', 'in', eb.selectFrom('list_feeds as lf').select('lf.feedId').where('lf.listId', '=', source.listId))
  else q = q.where('e.inboxId', '=', source.inboxId as string)
  return q.where((x) => x.not(x.exists(x.selectFrom('entry_reads as r').select(sql.lit(1).as('one')).where('r.entryId', '=', x.ref('e.id')).where('r.userId', '=', userRef))))
}

/** The true unread count of one source for one user, as a correlated expression. */
function trueCountOf(eb: ExpressionBuilder<any, any>, userRef: Expression<string>, source: { feedId?: string; listId?: string; inboxId?: string }) {
  return unreadOf(eb, userRef, source).select((x) => x.fn.countAll().as('n'))
}

/** The publishedAt of the oldest unread entry of one source (null when none), as a correlated expression. */
function oldestUnreadOf(eb: ExpressionBuilder<any, any>, userRef: Expression<string>, source: { feedId?: string; listId?: string; inboxId?: string }) {
  return unreadOf(eb, userRef, source).select((x) => x.fn.min('e.publishedAt').as('t'))
}

/**
 * A counter's floor after entries published at `since` or later became unread in it: `since` when
 * it counted nothing before (nothing else is unread), else the lower of the two; unknown stays
 * unknown, and an unknown `since` makes it unknown. In an UPDATE's SET, so `count` is the old value.
 */
export function lowerFloor(since: string | null): RawBuilder<string | null> {
  if (since === null) return sql<null>`null`
  const value = sql<string>`cast(${since} as text)`
  return sql<string | null>`case when "count" <= 0 then ${value} when "unreadSince" is null or "unreadSince" <= ${value} then "unreadSince" else ${value} end`
}

/** A source's change: how many entries, and (entries becoming unread) the oldest one's publishedAt. */
type Delta = { n: number; since: string | null }

function addTo(map: Map<string, Delta>, key: string, n: number, since: string | null): void {
  const had = map.get(key)
  if (!had) map.set(key, { n, since })
  else map.set(key, { n: had.n + n, since: had.since === null || since === null ? null : since < had.since ? since : had.since })
}

/**
 * Adds signed deltas to a user's counters, in a stable order so concurrent writers lock alike;
 * entries becoming unread (n > 0) lower the floors.
 */
async function addToCounters(trx: Db, userId: string, deltas: Map<string, Delta>): Promise<void> {
  for (const [sourceId, { n, since }] of [...deltas].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (n === 0) continue
    await trx
      .updateTable('unread_counts')
      .set((eb) => (n > 0 ? { count: eb('count', '+', n), unreadSince: lowerFloor(since) } : { count: eb('count', '+', n) }))
      .where('userId', '=', userId)
      .where('sourceId', '=', sourceId)
      .execute()
  }
}

/**
 * Per-feed and per-inbox changes → changes of every counter of the user that shows them: the
 * feed's own, each subscribed list containing the feed, the inbox's.
 */
async function applySourceDeltas(trx: Db, userId: string, perFeed: Map<string, Delta>, perInbox: Map<string, Delta>, sign: 1 | -1): Promise<void> {
  const deltas = new Map<string, Delta>()
  for (const [feedId, d] of perFeed) addTo(deltas, feedId, sign * d.n, d.since)
  for (const [inboxId, d] of perInbox) addTo(deltas, inboxId, sign * d.n, d.since)
  for (const part of chunks([...perFeed.keys()])) {
    const rows = await trx
      .selectFrom('list_feeds as lf')
      .innerJoin('subscriptions as s', 's.listId', 'lf.listId')
      .select(['lf.listId', 'lf.feedId'])
      .where('s.userId', '=', userId)
      .where('lf.feedId', 'in', part)
      .execute()
    for (const row of rows) {
      const d = perFeed.get(row.feedId)
      if (d) addTo(deltas, row.listId, sign * d.n, d.since)
    }
  }
  await addToCounters(trx, userId, deltas)
}

function groupBySource(entries: EntrySource[]) {
  const perFeed = new Map<string, Delta>()
  const perInbox = new Map<string, Delta>()
  for (const e of entries) {
    if (e.feedId) addTo(perFeed, e.feedId, 1, e.publishedAt ?? null)
    else if (e.inboxId) addTo(perInbox, e.inboxId, 1, e.publishedAt ?? null)
  }
  return { perFeed, perInbox }
}

/** Adjusts a user's counters for entries whose read state just changed (-1: now read, +1: unread again). */
export async function applyEntryDeltas(trx: Db, userId: string, entries: EntrySource[], sign: 1 | -1): Promise<void> {
  if (entries.length === 0) return
  const { perFeed, perInbox } = groupBySource(entries)
  await applySourceDeltas(trx, userId, perFeed, perInbox, sign)
}

/** Sets a user's counter of one source to its true count and floor (creating the row). Call under lockFeeds. */
export async function resetCounter(trx: Db, userId: string, source: { feedId?: string; listId?: string; inboxId?: string }): Promise<number> {
  const sourceId = (source.feedId ?? source.listId ?? source.inboxId) as string
  // A Kysely instance builds the same query as an expression builder, and this one runs.
  const row = await unreadOf(trx as unknown as ExpressionBuilder<any, any>, sql.val(userId), source)
    .select((x) => [x.fn.countAll().as('n'), x.fn.min('e.publishedAt').as('t')])
    .executeTakeFirstOrThrow()
  const count = Number(row.n)
  const unreadSince = (row.t as string | null) ?? null
  await trx
    .insertInto('unread_counts')
    .values({ userId, sourceId, count, unreadSince })
    .onConflict((oc) => oc.columns(['userId', 'sourceId']).doUpdateSet({ count, unreadSince }))
    .execute()
  return count
}

/** Recounts the counter of a list for every subscriber (after its feeds changed). Call under lockFeeds. */
export async function recountListForSubscribers(trx: Db, listId: string): Promise<void> {
  await trx
    .updateTable('unread_counts')
    .set((eb) => ({
      count: trueCountOf(eb, eb.ref('unread_counts.userId'), { listId }) as any,
      unreadSince: oldestUnreadOf(eb, eb.ref('unread_counts.userId'), { listId }) as any,
    }))
    .where('sourceId', '=', listId)
    .execute()
}

/** Drops a user's counter of a source (unsubscribed). */
export async function dropCounter(trx: Db, userId: string, sourceId: string): Promise<void> {
  await trx.deleteFrom('unread_counts').where('userId', '=', userId).where('sourceId', '=', sourceId).execute()
}

/** Counts one new unread entry of an inbox into its subscribers' counters. */
export async function countNewInboxEntry(trx: Db, inboxId: string, publishedAt: string): Promise<void> {
  await trx
    .updateTable('unread_counts')
    .set((eb) => ({ count: eb('count', '+', 1), unreadSince: lowerFloor(publishedAt) }))
    .where('sourceId', '=', inboxId)
    .execute()
}

/** Removes an entry that is about to be deleted from every counter that still counts it. */
export async function uncountDeletedEntry(trx: Db, entry: EntrySource): Promise<void> {
  const readers = await trx.selectFrom('entry_reads').select('userId').where('entryId', '=', entry.id).execute()
  const sourceIds = [entry.feedId, entry.inboxId].filter((s): s is string => s !== null)
  if (entry.feedId) {
    for (const row of await trx.selectFrom('list_feeds').select('listId').where('feedId', '=', entry.feedId).execute()) sourceIds.push(row.listId)
  }
  let q = trx
    .updateTable('unread_counts')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('sourceId', 'in', sourceIds)
  if (readers.length > 0) q = q.where('userId', 'not in', readers.map((r) => r.userId))
  await q.execute()
}

/**
 * The feeds whose every entry a bulk scope covers (only one of feedIds, listId, subscribed: the
 * scope's conditions combine with AND), or null when the scope is not one of those.
 */
async function wholeFeedsOf(trx: Db, userId: string, scope: ReadScope): Promise<string[] | null> {
  const kinds = [scope.feedIds, scope.listId, scope.subscribed].filter((k) => k !== undefined).length
  if (kinds !== 1) return null
  if (scope.feedIds) return [...new Set(scope.feedIds)]
  if (scope.listId) return (await trx.selectFrom('list_feeds').select('feedId').where('listId', '=', scope.listId).execute()).map((r) => r.feedId)
  const { view, excludePrivate } = scope.subscribed as NonNullable<ReadScope['subscribed']>
  let subs = trx.selectFrom('subscriptions as s').leftJoin('list_feeds as lf', 'lf.listId', 's.listId').select((eb) => eb.fn.coalesce('s.feedId', 'lf.feedId').as('feedId')).where('s.userId', '=', userId).where('s.hideFromTimeline', '=', 0)
  if (view !== undefined) subs = subs.where('s.view', '=', view)
  if (excludePrivate) subs = subs.where('s.isPrivate', '=', 0)
  const rows = await subs.execute()
  return [...new Set(rows.map((r) => r.feedId).filter((id): id is string => id !== null))]
}

/** The user's counters that show only entries of these feeds: the feeds' own, and lists of nothing else. */
async function floorsToRaise(trx: Db, userId: string, feedIds: string[]): Promise<string[]> {
  if (feedIds.length === 0) return []
  const whole = new Set(feedIds)
  const out: string[] = []
  for (const part of chunks(feedIds)) {
    const rows = await trx.selectFrom('unread_counts').select('sourceId').where('userId', '=', userId).where('sourceId', 'in', part).execute()
    out.push(...rows.map((r) => r.sourceId))
  }
  const lists = await trx.selectFrom('subscriptions as s').leftJoin('list_feeds as lf', 'lf.listId', 's.listId').select(['s.listId', 'lf.feedId']).where('s.userId', '=', userId).where('s.listId', 'is not', null).execute()
  const covered = new Map<string, boolean>()
  for (const row of lists) {
    const listId = row.listId as string
    covered.set(listId, (covered.get(listId) ?? true) && row.feedId !== null && whole.has(row.feedId))
  }
  for (const [listId, all] of covered) if (all) out.push(listId)
  return out.sort()
}

/** Locks the user's counter rows of these sources until the transaction ends (PostgreSQL). */
async function lockCounters(trx: Db, userId: string, sourceIds: string[]): Promise<void> {
  for (const part of chunks(sourceIds)) {
    await trx.selectFrom('unread_counts').select('sourceId').where('userId', '=', userId).where('sourceId', 'in', part).orderBy('sourceId').forUpdate().execute()
  }
}

/** Raises the floors of these counters to `since` (every unread entry of them is newer). */
async function raiseFloors(trx: Db, userId: string, sourceIds: string[], since: string): Promise<void> {
  for (const part of chunks(sourceIds)) {
    await trx
      .updateTable('unread_counts')
      .set({ unreadSince: since })
      .where('userId', '=', userId)
      .where('sourceId', 'in', part)
      .where((eb) => eb.or([eb('unreadSince', 'is', null), eb('unreadSince', '<', since)]))
      .execute()
  }
}

/** The user's read state and counters. */
export function readsRepo(db: Db, dialect: Dialect) {
  /** The entries among `ids` the user may see: every feed entry, and entries of the user's own inboxes. */
  async function visibleEntries(trx: Db, userId: string, ids: string[]): Promise<EntrySource[]> {
    const out: EntrySource[] = []
    for (const part of chunks([...new Set(ids)])) {
      out.push(
        ...(await trx
          .selectFrom('entries')
          .select(['id', 'feedId', 'inboxId', 'publishedAt'])
          .where('id', 'in', part)
          .where((eb) => eb.or([eb('inboxId', 'is', null), eb('inboxId', 'in', eb.selectFrom('inboxes').select('id').where('userId', '=', userId))]))
          .execute()),
      )
    }
    return out
  }

  /** `e` rows of a bulk scope; `e.feedId`/`e.inboxId` refer to the entries alias. */
  function scopeFilter(eb: ExpressionBuilder<Database & { e: Database['entries'] }, 'e'>, userId: string, scope: ReadScope): Expression<SqlBool> {
    const conditions: Expression<SqlBool>[] = []
    if (scope.subscribed) {
      const { view, excludePrivate } = scope.subscribed
      const subs = () => {
        let q = eb.selectFrom('subscriptions as s').where('s.userId', '=', userId).where('s.hideFromTimeline', '=', 0)
        if (view !== undefined) q = q.where('s.view', '=', view)
        if (excludePrivate) q = q.where('s.isPrivate', '=', 0)
        return q
      }
      conditions.push(
        eb.or([
          eb('e.feedId', 'in', subs().select('s.feedId').where('s.feedId', 'is not', null)),
          eb('e.feedId', 'in', subs().innerJoin('list_feeds as lf', 'lf.listId', 's.listId').select('lf.feedId')),
          eb('e.inboxId', 'in', subs().select('s.inboxId').where('s.inboxId', 'is not', null)),
        ]),
      )
    }
    if (scope.feedIds) conditions.push(scope.feedIds.length > 0 ? eb('e.feedId', 'in', scope.feedIds) : sql<SqlBool>`false`)
    if (scope.listId) conditions.push(eb('e.feedId', 'in', eb.selectFrom('list_feeds as lf').select('lf.feedId').where('lf.listId', '=', scope.listId)))
    if (scope.inboxId) conditions.push(eb('e.inboxId', '=', scope.inboxId))
    if (scope.publishedFrom) conditions.push(eb('e.publishedAt', '>=', scope.publishedFrom))
    if (scope.publishedTo) conditions.push(eb('e.publishedAt', '<=', scope.publishedTo))
    if (scope.insertedBefore) conditions.push(eb('e.insertedAt', '<', scope.insertedBefore))
    conditions.push(isUnread(eb, userId))
    return eb.and(conditions)
  }

  return {
    visibleEntries: (userId: string, ids: string[]) => visibleEntries(db, userId, ids),

    /** Marks entries read; returns the ids that were unread and the ids that are not visible. */
    async markRead(userId: string, entryIds: string[], readAt: string): Promise<{ changed: string[]; visible: number }> {
      return inTransaction(db, async (trx) => {
        const visible = await visibleEntries(trx, userId, entryIds)
        const changed = new Set<string>()
        for (const part of chunks(visible.map((e) => e.id))) {
          const rows = await trx
            .insertInto('entry_reads')
            .values(part.map((entryId) => ({ userId, entryId, readAt })))
            .onConflict((oc) => oc.columns(['userId', 'entryId']).doNothing())
            .returning('entryId')
            .execute()
          for (const row of rows) changed.add(row.entryId)
        }
        await applyEntryDeltas(trx, userId, visible.filter((e) => changed.has(e.id)), -1)
        return { changed: [...changed], visible: visible.length }
      })
    },

    /** Marks entries unread again; returns the ids that were read. */
    async markUnread(userId: string, entryIds: string[]): Promise<{ changed: string[]; visible: number }> {
      return inTransaction(db, async (trx) => {
        const visible = await visibleEntries(trx, userId, entryIds)
        const changed = new Set<string>()
        for (const part of chunks(visible.map((e) => e.id))) {
          const rows = await trx.deleteFrom('entry_reads').where('userId', '=', userId).where('entryId', 'in', part).returning('entryId').execute()
          for (const row of rows) changed.add(row.entryId)
        }
        await applyEntryDeltas(trx, userId, visible.filter((e) => changed.has(e.id)), 1)
        return { changed: [...changed], visible: visible.length }
      })
    },

    /** Marks every unread entry of a scope read; returns how many changed. */
    async markScopeRead(userId: string, scope: ReadScope, readAt: string): Promise<number> {
      return inTransaction(db, async (trx) => {
        // Everything published up to a time, in whole feeds: afterwards no unread entry of those
        // feeds is that old, and their counters' floors can rise to it (see raiseFloors).
        const raise = scope.publishedTo !== undefined && !scope.publishedFrom && !scope.insertedBefore && !scope.inboxId ? await wholeFeedsOf(trx, userId, scope) : null
        const raised = raise ? await floorsToRaise(trx, userId, raise) : []
        // PostgreSQL: hold those counters before marking, so a writer that makes an entry of them
        // unread (or adds one) meanwhile lowers the floor after this transaction, not under it.
        if (raised.length > 0 && dialect === 'postgres') await lockCounters(trx, userId, raised)
        const select = () =>
          trx
            .selectFrom('entries as e')
            .where((eb) => scopeFilter(eb, userId, scope))
        let groups: { feedId: string | null; inboxId: string | null; n: number | string | bigint }[]
        if (dialect === 'postgres') {
          // One statement: exactly the rows this INSERT wrote are counted, whatever runs alongside.
          groups = await trx
            .with('ins', (w) =>
              w
                .insertInto('entry_reads')
                .columns(['userId', 'entryId', 'readAt'])
                .expression(select().select([sql.val(userId).as('userId'), 'e.id', sql.val(readAt).as('readAt')]))
                .onConflict((oc) => oc.columns(['userId', 'entryId']).doNothing())
                .returning('entryId'),
            )
            .selectFrom('ins')
            .innerJoin('entries as e', 'e.id', 'ins.entryId')
            .select(['e.feedId', 'e.inboxId', (eb) => eb.fn.countAll<number>().as('n')])
            .groupBy(['e.feedId', 'e.inboxId'])
            .execute()
        } else {
          // SQLite has one writer: nothing changes between the count and the insert.
          groups = await select().select(['e.feedId', 'e.inboxId', (eb) => eb.fn.countAll<number>().as('n')]).groupBy(['e.feedId', 'e.inboxId']).execute()
          await trx
            .insertInto('entry_reads')
            .columns(['userId', 'entryId', 'readAt'])
            .expression(select().select([sql.val(userId).as('userId'), 'e.id', sql.val(readAt).as('readAt')]))
            .onConflict((oc) => oc.columns(['userId', 'entryId']).doNothing())
            .execute()
        }
        const perFeed = new Map<string, Delta>()
        const perInbox = new Map<string, Delta>()
        let total = 0
        for (const g of groups) {
          const n = Number(g.n)
          total += n
          if (g.feedId) addTo(perFeed, g.feedId, n, null)
          else if (g.inboxId) addTo(perInbox, g.inboxId, n, null)
        }
        await applySourceDeltas(trx, userId, perFeed, perInbox, -1)
        if (raised.length > 0) await raiseFloors(trx, userId, raised, scope.publishedTo as string)
        return total
      })
    },

    /**
     * The user's counters, keyed by source id, for subscriptions of one view or all. The database
     * builds the map as one JSON value: a thousand counters as rows cost twice as much (a row
     * object per counter, then a thousand-key object built key by key).
     */
    async counts(userId: string, view?: number): Promise<Record<string, number>> {
      // SQLite answers JSON text; pg parses json values itself.
      const map = dialect === 'sqlite' ? sql<string | Record<string, number>>`json_group_object(u."sourceId", u."count")` : sql<string | Record<string, number>>`coalesce(json_object_agg(u."sourceId", u."count"), '{}'::json)`
      let q = db.selectFrom('unread_counts as u').select(map.as('counts')).where('u.userId', '=', userId)
      if (view !== undefined) {
        q = q.where(
          'u.sourceId',
          'in',
          db
            .selectFrom('subscriptions as s')
            .select((eb) => eb.fn.coalesce('s.feedId', 's.listId', 's.inboxId').as('sourceId'))
            .where('s.userId', '=', userId)
            .where('s.view', '=', view),
        )
      }
      const { counts } = await q.executeTakeFirstOrThrow()
      return typeof counts === 'string' ? JSON.parse(counts) : counts
    },

    /** The sum of the user's counters. */
    async totalCount(userId: string): Promise<number> {
      const row = await db
        .selectFrom('unread_counts')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('count'), sql.lit(0)).as('n'))
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    /** Who read an entry, newest first, and how many did. */
    async readHistory(entryId: string, limit: number, offset: number, onlyUserIds?: string[]) {
      let q = db.selectFrom('entry_reads').where('entryId', '=', entryId)
      if (onlyUserIds) q = onlyUserIds.length ? q.where('userId', 'in', onlyUserIds) : q.where(sql.lit(false))
      const rows = await q.select(['userId', 'readAt']).orderBy('readAt', 'desc').orderBy('userId').limit(limit).offset(offset).execute()
      const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      return { rows, total: Number(total.n) }
    },

    /** Readers of an entry who follow its feed publicly (read histories never reveal a private reader). */
    async publicReaderIds(entryId: string, feedId: string, viewerId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('entry_reads as r')
        .innerJoin('subscriptions as s', (join) => join.onRef('s.userId', '=', 'r.userId').on('s.feedId', '=', feedId))
        .select('r.userId')
        .where('r.entryId', '=', entryId)
        .where((eb) => eb.or([eb('s.isPrivate', '=', 0), eb('r.userId', '=', viewerId)]))
        .execute()
      return rows.map((r) => r.userId)
    },

    /**
     * Every counter of a user (or all users) against the true counts: the test oracle and the
     * repair tool. Returns the rows that differ — a wrong count, or a floor above an unread entry
     * (`oldestUnread` earlier than `unreadSince`) — and fixes them when asked.
     */
    async auditCounters(options: { userId?: string; fix?: boolean } = {}) {
      let q = db.selectFrom('unread_counts as u').innerJoin('subscriptions as s', (join) =>
        join.onRef('s.userId', '=', 'u.userId').on((eb) => eb.or([eb('s.feedId', '=', eb.ref('u.sourceId')), eb('s.listId', '=', eb.ref('u.sourceId')), eb('s.inboxId', '=', eb.ref('u.sourceId'))])),
      )
      if (options.userId) q = q.where('u.userId', '=', options.userId)
      const rows = await q.select(['u.userId', 'u.sourceId', 'u.count', 'u.unreadSince', 's.feedId', 's.listId', 's.inboxId']).execute()
      const wrong: { userId: string; sourceId: string; count: number; actual: number; unreadSince?: string | null; oldestUnread?: string | null }[] = []
      for (const row of rows) {
        const source = row.feedId ? { feedId: row.feedId } : row.listId ? { listId: row.listId } : { inboxId: row.inboxId as string }
        const truth = await db.selectNoFrom((eb) => [trueCountOf(eb, eb.val(row.userId), source).as('n'), oldestUnreadOf(eb, eb.val(row.userId), source).as('t')]).executeTakeFirstOrThrow()
        const actual = Number(truth.n)
        const oldestUnread = (truth.t as string | null) ?? null
        const floorWrong = row.unreadSince !== null && oldestUnread !== null && oldestUnread < row.unreadSince
        if (actual !== Number(row.count) || floorWrong) {
          wrong.push({ userId: row.userId, sourceId: row.sourceId, count: Number(row.count), actual, ...(floorWrong ? { unreadSince: row.unreadSince, oldestUnread } : {}) })
          if (options.fix) await db.updateTable('unread_counts').set({ count: actual, unreadSince: oldestUnread }).where('userId', '=', row.userId).where('sourceId', '=', row.sourceId).execute()
        }
      }
      const subs = await (options.userId ? db.selectFrom('subscriptions').where('userId', '=', options.userId) : db.selectFrom('subscriptions')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      return { checked: rows.length, subscriptions: Number(subs.n), wrong }
    },
  }
}

export type ReadsRepo = ReturnType<typeof readsRepo>
