/**
 * SQL of subscriptions and categories: a user's feeds, lists and inboxes, the feed/list
 * subscription counts, and the unread counter each subscription owns.
 */
import type { Insertable, Selectable, Updateable } from 'kysely'
import { newId } from '@brook/shared'
import type { Database, FeedsTable, InboxesTable, ListsTable, SubscriptionsTable } from '../../db/schema.ts'
import { inTransaction, isSqliteDb, lockFeeds, type Db } from '../../db/transactions.ts'
import { feedIdsOfLists } from '../lists/repo.ts'
import { chunks } from '../../db/chunks.ts'
import { dropCounter, resetCounter } from '../unread/repo.ts'
import { transferFunds, userAccount } from '../wallets/ledger.ts'

export type SubscriptionRow = Selectable<SubscriptionsTable>
export type SubscriptionPatch = Pick<Updateable<SubscriptionsTable>, 'view' | 'title' | 'category' | 'isPrivate' | 'hideFromTimeline'>
export type SubscriptionFields = Pick<Insertable<SubscriptionsTable>, 'view' | 'title' | 'category' | 'isPrivate' | 'hideFromTimeline'>
export type FeedRow = Selectable<FeedsTable>
export type ListRow = Selectable<ListsTable>
export type InboxRow = Selectable<InboxesTable>

/** A paid list's fee, charged when (and only when) the subscription is created. */
export type ListFee = { amount: bigint; ownerUserId: string }

/** One of the three ids a subscription points at. */
export type Target = { feedId: string } | { listId: string } | { inboxId: string }


function targetColumn(target: Target): ['feedId' | 'listId' | 'inboxId', string] {
  if ('feedId' in target) return ['feedId', target.feedId]
  if ('listId' in target) return ['listId', target.listId]
  return ['inboxId', target.inboxId]
}

/** The fee's transfer (withdrawable for the owner) and the list's running purchaseAmount. */
async function chargeListFee(trx: Db, p: { userId: string; listId: string; subscriptionId: string; fee: ListFee; at: string }): Promise<void> {
  await transferFunds(trx, {
    debit: userAccount(p.userId),
    credit: userAccount(p.fee.ownerUserId),
    amount: p.fee.amount,
    kind: 'list',
    reference: p.listId,
    idempotencyKey: `list:${p.listId}:${p.userId}:${p.subscriptionId}`,
    actorUserId: p.userId,
    cashable: true,
    at: p.at,
  })
  let q = trx.selectFrom('lists').select('purchaseAmount').where('id', '=', p.listId)
  if (!isSqliteDb(trx)) q = q.forUpdate()
  const row = await q.executeTakeFirst()
  const total = BigInt(row?.purchaseAmount ?? '0') + p.fee.amount
  await trx.updateTable('lists').set({ purchaseAmount: total.toString() }).where('id', '=', p.listId).execute()
}

/** How many subscriptions of each kind a user has. */
export type SubscriptionCounts = { feeds: number; lists: number; inboxes: number; total: number }

async function countsOf(db: Db, userId: string): Promise<SubscriptionCounts> {
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => [
      eb.fn.count<number>('feedId').as('feeds'),
      eb.fn.count<number>('listId').as('lists'),
      eb.fn.count<number>('inboxId').as('inboxes'),
      eb.fn.countAll<number>().as('total'),
    ])
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow()
  return { feeds: Number(row.feeds), lists: Number(row.lists), inboxes: Number(row.inboxes), total: Number(row.total) }
}

export function subscriptionsRepo(db: Db) {
  async function feedIdsOfList(trx: Db, listId: string): Promise<string[]> {
    return (await trx.selectFrom('list_feeds').select('feedId').where('listId', '=', listId).execute()).map((r) => r.feedId)
  }

  /** Removes subscriptions (and their counters and the subscription counts they added). */
  async function remove(trx: Db, rows: SubscriptionRow[]): Promise<void> {
    for (const row of rows) {
      await trx.deleteFrom('subscriptions').where('id', '=', row.id).execute()
      await dropCounter(trx, row.userId, (row.feedId ?? row.listId ?? row.inboxId) as string)
      if (row.feedId) await trx.updateTable('feeds').set((eb) => ({ subscriptionCount: eb('subscriptionCount', '-', 1) })).where('id', '=', row.feedId).execute()
      if (row.listId) await trx.updateTable('lists').set((eb) => ({ subscriptionCount: eb('subscriptionCount', '-', 1) })).where('id', '=', row.listId).execute()
    }
  }

  return {
    /** A user's subscriptions, optionally of one view, oldest first. */
    async list(userId: string, view?: number): Promise<SubscriptionRow[]> {
      let q = db.selectFrom('subscriptions').selectAll().where('userId', '=', userId)
      if (view !== undefined) q = q.where('view', '=', view)
      return q.orderBy('createdAt').orderBy('id').execute()
    },

    async find(userId: string, target: Target): Promise<SubscriptionRow | null> {
      const [column, value] = targetColumn(target)
      return (await db.selectFrom('subscriptions').selectAll().where('userId', '=', userId).where(column, '=', value).executeTakeFirst()) ?? null
    },

    /** The user's subscriptions whose feed, list or inbox id is among `ids`. */
    async findByAnyId(userId: string, ids: string[]): Promise<SubscriptionRow[]> {
      const out: SubscriptionRow[] = []
      for (const part of chunks([...new Set(ids)])) {
        out.push(
          ...(await db
            .selectFrom('subscriptions')
            .selectAll()
            .where('userId', '=', userId)
            .where((eb) => eb.or([eb('feedId', 'in', part), eb('listId', 'in', part), eb('inboxId', 'in', part)]))
            .execute()),
        )
      }
      return out
    },

    /** How many subscriptions of each kind the user has. */
    countByType: (userId: string) => countsOf(db, userId),

    async feedsByIds(ids: string[]): Promise<FeedRow[]> {
      const out: FeedRow[] = []
      for (const part of chunks([...new Set(ids)])) out.push(...(await db.selectFrom('feeds').selectAll().where('id', 'in', part).execute()))
      return out
    },

    async listsByIds(ids: string[]): Promise<ListRow[]> {
      const out: ListRow[] = []
      for (const part of chunks([...new Set(ids)])) out.push(...(await db.selectFrom('lists').selectAll().where('id', 'in', part).execute()))
      return out
    },

    async inboxesByIds(ids: string[]): Promise<InboxRow[]> {
      const out: InboxRow[] = []
      for (const part of chunks([...new Set(ids)])) out.push(...(await db.selectFrom('inboxes').selectAll().where('id', 'in', part).execute()))
      return out
    },

    listFeedIds: (listIds: string[]) => feedIdsOfLists(db, listIds),

    async unreadOf(userId: string, sourceId: string): Promise<number> {
      const row = await db.selectFrom('unread_counts').select('count').where('userId', '=', userId).where('sourceId', '=', sourceId).executeTakeFirst()
      return Number(row?.count ?? 0)
    },

    /**
     * Subscribes (or, when already subscribed, updates the subscription's fields). A new
     * subscription counts its unread entries under the feed lock and bumps the subscription count.
     */
    async subscribe(
      userId: string,
      target: { feedId: string } | { listId: string },
      fields: SubscriptionFields,
      createdAt: string,
      admit?: (counts: SubscriptionCounts) => void,
      fee?: ListFee,
    ): Promise<{ created: boolean; unread: number }> {
      const [column, value] = targetColumn(target)
      return inTransaction(db, async (trx) => {
        const feedIds = 'feedId' in target ? [target.feedId] : await feedIdsOfList(trx, target.listId)
        await lockFeeds(trx, feedIds)
        // One subscribe of a user at a time (PostgreSQL; SQLite has one writer): the existence
        // check, the caps and a paid list's fee are decided under it, so two subscribes at the
        // same moment cannot both take the last place, both insert, or both pay.
        if (!isSqliteDb(trx)) await trx.selectFrom('user').select('id').where('id', '=', userId).forUpdate().execute()
        const existing = await trx.selectFrom('subscriptions').select('id').where('userId', '=', userId).where(column, '=', value).executeTakeFirst()
        if (!existing && admit) admit(await countsOf(trx, userId))
        if (existing) {
          await trx.updateTable('subscriptions').set(fields).where('id', '=', existing.id).execute()
          const unread = await trx.selectFrom('unread_counts').select('count').where('userId', '=', userId).where('sourceId', '=', value).executeTakeFirst()
          return { created: false, unread: Number(unread?.count ?? (await resetCounter(trx, userId, { [column]: value }))) }
        }
        const id = newId()
        // A paid list: the fee moves subscriber → owner in this same transaction (the ledger
        // refuses a short balance, and then no subscription is written either).
        if ('listId' in target && fee && fee.amount > 0n) await chargeListFee(trx, { userId, listId: target.listId, subscriptionId: id, fee, at: createdAt })
        await trx
          .insertInto('subscriptions')
          .values({ id, userId, feedId: null, listId: null, inboxId: null, [column]: value, ...fields, createdAt })
          .execute()
        if ('feedId' in target) await trx.updateTable('feeds').set((eb) => ({ subscriptionCount: eb('subscriptionCount', '+', 1) })).where('id', '=', target.feedId).execute()
        else await trx.updateTable('lists').set((eb) => ({ subscriptionCount: eb('subscriptionCount', '+', 1) })).where('id', '=', target.listId).execute()
        return { created: true, unread: await resetCounter(trx, userId, { [column]: value }) }
      })
    },

    async update(id: string, patch: SubscriptionPatch): Promise<void> {
      if (Object.keys(patch).length === 0) return
      await db.updateTable('subscriptions').set(patch).where('id', '=', id).execute()
    },

    /** Updates several of a user's subscriptions at once. */
    async updateMany(userId: string, ids: string[], patch: SubscriptionPatch): Promise<number> {
      if (ids.length === 0 || Object.keys(patch).length === 0) return 0
      let n = 0
      for (const part of chunks(ids)) {
        const result = await db.updateTable('subscriptions').set(patch).where('userId', '=', userId).where('id', 'in', part).executeTakeFirst()
        n += Number(result.numUpdatedRows)
      }
      return n
    },

    async unsubscribe(rows: SubscriptionRow[]): Promise<void> {
      if (rows.length === 0) return
      await inTransaction(db, (trx) => remove(trx, rows))
    },

    /** Distinct categories of a user's subscriptions, optionally of one view. */
    async categories(userId: string, view?: number): Promise<string[]> {
      let q = db.selectFrom('subscriptions').select('category').distinct().where('userId', '=', userId).where('category', 'is not', null)
      if (view !== undefined) q = q.where('view', '=', view)
      return (await q.orderBy('category').execute()).map((r) => r.category as string)
    },

    /** Renames a category (every subscription in it moves); returns how many moved. */
    async renameCategory(userId: string, from: string, to: string): Promise<number> {
      const result = await db.updateTable('subscriptions').set({ category: to }).where('userId', '=', userId).where('category', '=', from).executeTakeFirst()
      return Number(result.numUpdatedRows)
    },

    /** Subscriptions of a category (for delete with deleteSubscriptions). */
    async inCategory(userId: string, category: string): Promise<SubscriptionRow[]> {
      return db.selectFrom('subscriptions').selectAll().where('userId', '=', userId).where('category', '=', category).execute()
    },

    /** OPML quota: feeds imported today by the user. */
    async importUsage(userId: string, day: string): Promise<number> {
      const row = await db.selectFrom('opml_import_usage').select('used').where('userId', '=', userId).where('day', '=', day).executeTakeFirst()
      return Number(row?.used ?? 0)
    },

    /** Takes `n` from today's quota if it fits; returns whether it did (atomic on both dialects). */
    async takeImportQuota(userId: string, day: string, n: number, quota: number): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        await trx.insertInto('opml_import_usage').values({ userId, day, used: 0 }).onConflict((oc) => oc.columns(['userId', 'day']).doNothing()).execute()
        const result = await trx
          .updateTable('opml_import_usage')
          .set((eb) => ({ used: eb('used', '+', n) }))
          .where('userId', '=', userId)
          .where('day', '=', day)
          .where('used', '<=', quota - n)
          .executeTakeFirst()
        return Number(result.numUpdatedRows) === 1
      })
    },

    /** Gives back quota that an import did not use. */
    async returnImportQuota(userId: string, day: string, n: number): Promise<void> {
      if (n <= 0) return
      await db.updateTable('opml_import_usage').set((eb) => ({ used: eb('used', '-', n) })).where('userId', '=', userId).where('day', '=', day).execute()
    },
  }
}

export type SubscriptionsRepo = ReturnType<typeof subscriptionsRepo>
export type { Database }
