/** SQL of WebSub subscriptions: one per feed, found by its callback token. */
import type { Selectable } from 'kysely'
import type { WebsubSubscriptionsTable } from '../../db/schema.ts'
import type { Db } from '../../db/transactions.ts'

export type WebsubRow = Selectable<WebsubSubscriptionsTable>

export function websubRepo(db: Db) {
  return {
    byFeed: (feedId: string) => db.selectFrom('websub_subscriptions').selectAll().where('feedId', '=', feedId).executeTakeFirst(),
    byToken: (callbackToken: string) => db.selectFrom('websub_subscriptions').selectAll().where('callbackToken', '=', callbackToken).executeTakeFirst(),

    /** A new request for a feed's subscription (replacing any earlier one of the feed). */
    async request(row: Omit<WebsubRow, 'leaseUntil' | 'verifiedAt' | 'lastPushAt'>): Promise<void> {
      await db
        .insertInto('websub_subscriptions')
        .values({ ...row, leaseUntil: null, verifiedAt: null, lastPushAt: null })
        .onConflict((oc) => oc.column('feedId').doUpdateSet({ hub: row.hub, topic: row.topic, callbackToken: row.callbackToken, secret: row.secret, state: row.state, leaseUntil: null, verifiedAt: null, updatedAt: row.updatedAt }))
        .execute()
    },

    /** Whether anyone still follows the feed, directly or through a followed list. */
    async followed(feedId: string): Promise<boolean> {
      const direct = await db.selectFrom('subscriptions').select('id').where('feedId', '=', feedId).limit(1).executeTakeFirst()
      if (direct) return true
      const viaList = await db
        .selectFrom('list_feeds as lf')
        .innerJoin('subscriptions as s', 's.listId', 'lf.listId')
        .select('s.id')
        .where('lf.feedId', '=', feedId)
        .limit(1)
        .executeTakeFirst()
      return viaList !== undefined
    },

    async remove(feedId: string): Promise<void> {
      await db.deleteFrom('websub_subscriptions').where('feedId', '=', feedId).execute()
    },

    async update(feedId: string, patch: Partial<Pick<WebsubRow, 'state' | 'leaseUntil' | 'verifiedAt' | 'lastPushAt' | 'updatedAt'>>): Promise<void> {
      await db.updateTable('websub_subscriptions').set(patch).where('feedId', '=', feedId).execute()
    },
  }
}

export type WebsubRepo = ReturnType<typeof websubRepo>
