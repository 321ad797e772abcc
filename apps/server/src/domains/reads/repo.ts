/**
 * Read state (SPEC §4 "Read status"): which entries a user has read. Every change adjusts the
 * user's unread counters (domains/unread/repo.ts) in the same transaction, relative to the rows
 * that actually changed (INSERT … ON CONFLICT DO NOTHING RETURNING / DELETE … RETURNING).
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { Dialect } from '../../db/openDatabase.ts'
import { inTransaction, type Db } from '../../db/transactions.ts'
import { chunks } from '../../db/chunks.ts'
import { addTo, applyEntryDeltas, applySourceDeltas, floorsToRaise, isUnread, lockCounters, raiseFloors, type Delta, type EntrySource } from '../unread/repo.ts'

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

/** The user's read state. */
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

  }
}

export type ReadsRepo = ReturnType<typeof readsRepo>
