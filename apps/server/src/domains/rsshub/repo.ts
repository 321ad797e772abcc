/** SQL of RSSHub instances: the instances, who uses which, and which rsshub:// feeds are followed here. */
import { sql, type Selectable } from 'kysely'
import { newId } from '@brook/shared'
import type { RsshubInstancesTable } from '../../db/schema.ts'
import { inTransaction, type Db } from '../../db/transactions.ts'
import { transferFunds, userAccount } from '../wallets/ledger.ts'

export type RsshubInstanceRow = Selectable<RsshubInstancesTable>
export type InstanceHealth = Pick<RsshubInstanceRow, 'checkedAt' | 'responseTimeMs' | 'errorAt' | 'errorMessage'>

export function rsshubRepo(db: Db) {
  return {
    async insert(row: RsshubInstanceRow): Promise<void> {
      await db.insertInto('rsshub_instances').values(row).execute()
    },

    /** The fields an owner edits (POST /rsshub with an id), and the health of the check that came with them. */
    async update(id: string, fields: Partial<Pick<RsshubInstanceRow, 'baseUrl' | 'accessKey' | 'description' | 'price' | 'userLimit' | 'checkedAt' | 'responseTimeMs' | 'errorAt' | 'errorMessage'>> & { updatedAt: string }): Promise<void> {
      await db.updateTable('rsshub_instances').set(fields).where('id', '=', id).execute()
    },

    async findById(id: string): Promise<RsshubInstanceRow | null> {
      return (await db.selectFrom('rsshub_instances').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
    },

    async findByBaseUrl(baseUrl: string): Promise<RsshubInstanceRow | null> {
      return (await db.selectFrom('rsshub_instances').selectAll().where('baseUrl', '=', baseUrl).orderBy('createdAt').executeTakeFirst()) ?? null
    },

    async findDefault(): Promise<RsshubInstanceRow | null> {
      return (await db.selectFrom('rsshub_instances').selectAll().where('isDefault', '=', 1).orderBy('updatedAt', 'desc').executeTakeFirst()) ?? null
    },

    /** Instances a user may see: their own, the instance's own (seeded) and the shared ones (any with a description or a price, or the default). */
    async visibleTo(userId: string): Promise<RsshubInstanceRow[]> {
      return db
        .selectFrom('rsshub_instances')
        .selectAll()
        .where((eb) => eb.or([eb('ownerUserId', '=', userId), eb('ownerUserId', 'is', null), eb('isDefault', '=', 1), eb('description', 'is not', null)]))
        .orderBy('isDefault', 'desc')
        .orderBy('createdAt')
        .execute()
    },

    async countOwnedBy(userId: string): Promise<number> {
      const row = await db.selectFrom('rsshub_instances').select((eb) => eb.fn.countAll<number>().as('n')).where('ownerUserId', '=', userId).executeTakeFirstOrThrow()
      return Number(row.n)
    },

    /** Users per instance. */
    async userCounts(ids: string[]): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map()
      const rows = await db.selectFrom('rsshub_usage').select(['instanceId', (eb) => eb.fn.countAll<number>().as('n')]).where('instanceId', 'in', ids).groupBy('instanceId').execute()
      return new Map(rows.map((r) => [r.instanceId, Number(r.n)]))
    },

    async countUsersOtherThan(instanceId: string, userId: string | null): Promise<number> {
      let q = db.selectFrom('rsshub_usage').select((eb) => eb.fn.countAll<number>().as('n')).where('instanceId', '=', instanceId)
      if (userId) q = q.where('userId', '<>', userId)
      return Number((await q.executeTakeFirstOrThrow()).n)
    },

    async usageOf(userId: string): Promise<string | null> {
      return (await db.selectFrom('rsshub_usage').select('instanceId').where('userId', '=', userId).executeTakeFirst())?.instanceId ?? null
    },

    async setUsage(userId: string, instanceId: string | null, nowIso: string): Promise<void> {
      await db.deleteFrom('rsshub_usage').where('userId', '=', userId).execute()
      if (instanceId) await db.insertInto('rsshub_usage').values({ userId, instanceId, createdAt: nowIso }).execute()
    },

    async delete(id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('rsshub_purchases').where('instanceId', '=', id).execute()
        await trx.deleteFrom('rsshub_instances').where('id', '=', id).execute()
      })
    },

    /** Marks one instance as the default (null: none), unmarking any other, in one transaction. */
    async setDefault(id: string | null, nowIso: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('rsshub_instances').set({ isDefault: 0, updatedAt: nowIso }).where('isDefault', '=', 1).execute()
        if (id) await trx.updateTable('rsshub_instances').set({ isDefault: 1, updatedAt: nowIso }).where('id', '=', id).execute()
      })
    },

    /** When my access to a paid instance ends (the latest purchase), or null when I bought none. */
    async purchaseExpiry(userId: string, instanceId: string): Promise<string | null> {
      const row = await db.selectFrom('rsshub_purchases').select((eb) => eb.fn.max('expiresAt').as('expiresAt')).where('userId', '=', userId).where('instanceId', '=', instanceId).executeTakeFirst()
      return (row?.expiresAt as string | null | undefined) ?? null
    },

    /**
     * Buys months of a paid instance and starts using it, in one transaction: the ledger transfer
     * from the buyer to the owner (withdrawable for the owner, like a list fee; throws
     * InsufficientFunds when the balance is short, and nothing is written), the purchase row, the
     * usage. A repeated idempotency key moves no money again and adds no months.
     */
    async purchase(p: { userId: string; ownerUserId: string; instanceId: string; months: number; amount: bigint; idempotencyKey: string; at: string; expiresAfter: (current: string | null) => string }): Promise<{ expiresAt: string; replayed: boolean }> {
      return inTransaction(db, async (trx) => {
        const { transfer, replayed } = await transferFunds(trx, {
          debit: userAccount(p.userId),
          credit: userAccount(p.ownerUserId),
          amount: p.amount,
          kind: 'rsshub',
          reference: p.instanceId,
          idempotencyKey: p.idempotencyKey,
          actorUserId: p.userId,
          cashable: true,
          at: p.at,
        })
        const current = await trx.selectFrom('rsshub_purchases').select((eb) => eb.fn.max('expiresAt').as('expiresAt')).where('userId', '=', p.userId).where('instanceId', '=', p.instanceId).executeTakeFirst()
        const currentExpiry = (current?.expiresAt as string | null | undefined) ?? null
        if (replayed) return { expiresAt: currentExpiry ?? p.at, replayed }
        const expiresAt = p.expiresAfter(currentExpiry)
        await trx.insertInto('rsshub_purchases').values({ id: newId(), instanceId: p.instanceId, userId: p.userId, months: p.months, amount: p.amount.toString(), transferId: transfer.id, expiresAt, createdAt: p.at }).execute()
        await trx.deleteFrom('rsshub_usage').where('userId', '=', p.userId).execute()
        await trx.insertInto('rsshub_usage').values({ userId: p.userId, instanceId: p.instanceId, createdAt: p.at }).execute()
        return { expiresAt, replayed }
      })
    },

    async recordHealth(id: string, health: InstanceHealth): Promise<void> {
      await db.updateTable('rsshub_instances').set(health).where('id', '=', id).execute()
    },

    /**
     * The instance an rsshub:// feed is fetched through when no one asks in particular (a
     * scheduled refresh): the chosen instance of its longest-standing subscriber who chose one,
     * with that subscriber's id (the owner rule on private addresses needs it).
     */
    async instanceOfSubscriber(feedId: string): Promise<{ instance: RsshubInstanceRow; userId: string } | null> {
      const row = await db
        .selectFrom('subscriptions')
        .innerJoin('rsshub_usage', 'rsshub_usage.userId', 'subscriptions.userId')
        .select(['rsshub_usage.instanceId', 'subscriptions.userId'])
        .where('subscriptions.feedId', '=', feedId)
        .orderBy('subscriptions.createdAt')
        .executeTakeFirst()
      if (!row) return null
      const instance = await this.findById(row.instanceId)
      return instance ? { instance, userId: row.userId } : null
    },

    /** Public followers of each rsshub:// feed here, most followed first (private subscriptions never count). */
    async routeFollowers(limit: number): Promise<{ url: string; feedId: string; title: string | null; followers: number }[]> {
      const rows = await db
        .selectFrom('feeds')
        .innerJoin('subscriptions', 'subscriptions.feedId', 'feeds.id')
        .select(['feeds.url', 'feeds.id', 'feeds.title', sql<number>`count(distinct ${sql.ref('subscriptions.userId')})`.as('n')])
        .where('feeds.url', 'like', 'rsshub://%')
        .where('subscriptions.isPrivate', '=', 0)
        .groupBy(['feeds.url', 'feeds.id', 'feeds.title'])
        .orderBy('n', 'desc')
        .orderBy('feeds.url')
        .limit(limit)
        .execute()
      return rows.map((r) => ({ url: r.url, feedId: r.id, title: r.title, followers: Number(r.n) }))
    },
  }
}

export type RsshubRepo = ReturnType<typeof rsshubRepo>
