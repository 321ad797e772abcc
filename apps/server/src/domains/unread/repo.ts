/**
 * The unread counters (docs/reading-api.md, "Unread counters"): one row (userId, sourceId) exists
 * exactly while the user subscribes to the source (a feed, list or inbox) and holds the number of
 * that source's entries the user has not read, with a floor (`unreadSince`) no unread entry of it
 * is older than.
 *
 * Every writer changes them in its own transaction through the functions below: read state
 * (reads/repo.ts) relative to the rows that actually changed, the ingest (entries/repo.ts) for new
 * and rewritten entries, subscribe and list changes by recounting under a lock on the feed rows
 * involved (db/transactions.ts lockFeeds), which the ingest also takes.
 */
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { Dialect } from '../../db/openDatabase.ts'
import type { Db } from '../../db/transactions.ts'
import { chunks } from '../../db/chunks.ts'

/**
 * An entry reduced to what decides which counters it counts in (and, for an entry becoming unread,
 * how far down its counters' floors must go; without a publishedAt the floors become unknown).
 */
export type EntrySource = { id: string; feedId: string | null; inboxId: string | null; publishedAt?: string }

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
export type Delta = { n: number; since: string | null }

export function addTo(map: Map<string, Delta>, key: string, n: number, since: string | null): void {
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
export async function applySourceDeltas(trx: Db, userId: string, perFeed: Map<string, Delta>, perInbox: Map<string, Delta>, sign: 1 | -1): Promise<void> {
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

/** The unread counters that show a feed's entries: every subscriber's of the feed, and of each list holding it. */
function countersOfFeed(eb: ExpressionBuilder<Database, 'unread_counts'>, feedId: string) {
  return eb.or([eb('sourceId', '=', feedId), eb('sourceId', 'in', eb.selectFrom('list_feeds').select('listId').where('list_feeds.feedId', '=', feedId))])
}

/**
 * Adds `count` new entries of a feed, the oldest published at `oldestPublishedAt`, to every
 * unread counter that shows them: the subscribers' counter of the feed itself and of each list
 * the feed belongs to (lowering their floors).
 */
export async function countNewFeedEntries(trx: Db, feedId: string, count: number, oldestPublishedAt: string | null): Promise<void> {
  if (count <= 0) return
  await trx
    .updateTable('unread_counts')
    .set((eb) => ({ count: eb('count', '+', count), unreadSince: lowerFloor(oldestPublishedAt) }))
    .where((eb) => countersOfFeed(eb, feedId))
    .execute()
}

/** An entry of the feed now has an earlier publishedAt: no counter showing it may stay above that. */
export async function lowerFeedFloors(trx: Db, feedId: string, publishedAt: string): Promise<void> {
  await trx
    .updateTable('unread_counts')
    .set({ unreadSince: publishedAt })
    .where((eb) => eb.and([countersOfFeed(eb, feedId), eb('unreadSince', '>', publishedAt)]))
    .execute()
}

/** The user's counters that show only entries of these feeds: the feeds' own, and lists of nothing else. */
export async function floorsToRaise(trx: Db, userId: string, feedIds: string[]): Promise<string[]> {
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
export async function lockCounters(trx: Db, userId: string, sourceIds: string[]): Promise<void> {
  for (const part of chunks(sourceIds)) {
    await trx.selectFrom('unread_counts').select('sourceId').where('userId', '=', userId).where('sourceId', 'in', part).orderBy('sourceId').forUpdate().execute()
  }
}

/** Raises the floors of these counters to `since` (every unread entry of them is newer). */
export async function raiseFloors(trx: Db, userId: string, sourceIds: string[], since: string): Promise<void> {
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

/** Reading the counters: the map the sidebar shows, the total, and the audit. */
export function unreadRepo(db: Db, dialect: Dialect) {
  return {
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

export type UnreadRepo = ReturnType<typeof unreadRepo>
