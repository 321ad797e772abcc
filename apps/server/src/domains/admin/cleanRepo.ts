/**
 * SQL of POST /api/admin/clean: what an instance no longer needs. Conservative on purpose — an
 * entry or feed anything still points at (a subscription, a list, an owner, a star, a tip, a
 * boost, a feed wallet) is kept.
 */
import { inTransaction, isSqliteDb, lockFeeds, type Db } from '../../db/transactions.ts'

export type CleanCounts = { entries: number; feeds: number; sessions: number; idempotencyKeys: number }

export function cleanRepo(db: Db) {
  const asDate = (d: Date): Date | string => (isSqliteDb(db) ? d.toISOString() : d)
  const count = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows)

  return {
    /**
     * Entries published before `before` of feeds nobody follows (no subscription, in no list,
     * not claimed), unless someone starred or tipped them; then feeds left with nothing at all
     * (no entries, followers, lists, owner, wallet, boosts, tips or withdrawals) that were added
     * before `before`; expired sessions; idempotency keys past their end.
     */
    async clean(before: string, now: Date): Promise<CleanCounts> {
      // Under the locks of the feeds nobody follows (the lock subscribing takes to recount its
      // unread counters), so a subscription made meanwhile counts what is left, never what went.
      const { entries, feeds } = await inTransaction(db, async (trx) => {
        const unfollowed = await trx
          .selectFrom('feeds')
          .select('feeds.id')
          .where((eb) =>
            eb.and([
              eb.not(eb.exists(eb.selectFrom('subscriptions').select('subscriptions.feedId').whereRef('subscriptions.feedId', '=', 'feeds.id'))),
              eb.not(eb.exists(eb.selectFrom('list_feeds').select('list_feeds.feedId').whereRef('list_feeds.feedId', '=', 'feeds.id'))),
            ]),
          )
          .execute()
        await lockFeeds(trx, unfollowed.map((f) => f.id))
        const entries = await trx
          .deleteFrom('entries')
          .where('entries.feedId', 'is not', null)
          .where('entries.publishedAt', '<', before)
          .where((eb) =>
            eb.and([
              eb.not(eb.exists(eb.selectFrom('subscriptions').select('subscriptions.feedId').whereRef('subscriptions.feedId', '=', 'entries.feedId'))),
              eb.not(eb.exists(eb.selectFrom('list_feeds').select('list_feeds.feedId').whereRef('list_feeds.feedId', '=', 'entries.feedId'))),
              eb.not(eb.exists(eb.selectFrom('feeds').select('feeds.id').whereRef('feeds.id', '=', 'entries.feedId').where('feeds.ownerUserId', 'is not', null))),
              eb.not(eb.exists(eb.selectFrom('collections').select('collections.entryId').whereRef('collections.entryId', '=', 'entries.id'))),
              eb.not(eb.exists(eb.selectFrom('ledger_transfers').select('ledger_transfers.id').whereRef('ledger_transfers.reference', '=', 'entries.id'))),
            ]),
          )
          .executeTakeFirst()

        const feeds = await trx
          .deleteFrom('feeds')
          .where('feeds.ownerUserId', 'is', null)
          .where('feeds.createdAt', '<', before)
          .where((eb) =>
            eb.and([
              eb.not(eb.exists(eb.selectFrom('entries').select('entries.id').whereRef('entries.feedId', '=', 'feeds.id'))),
              eb.not(eb.exists(eb.selectFrom('subscriptions').select('subscriptions.feedId').whereRef('subscriptions.feedId', '=', 'feeds.id'))),
              eb.not(eb.exists(eb.selectFrom('list_feeds').select('list_feeds.feedId').whereRef('list_feeds.feedId', '=', 'feeds.id'))),
              eb.not(eb.exists(eb.selectFrom('ledger_accounts').select('ledger_accounts.id').whereRef('ledger_accounts.ownerId', '=', 'feeds.id'))),
              eb.not(eb.exists(eb.selectFrom('ledger_transfers').select('ledger_transfers.id').whereRef('ledger_transfers.reference', '=', 'feeds.id'))),
              eb.not(eb.exists(eb.selectFrom('boosts').select('boosts.id').whereRef('boosts.feedId', '=', 'feeds.id'))),
              eb.not(eb.exists(eb.selectFrom('feed_tippers').select('feed_tippers.feedId').whereRef('feed_tippers.feedId', '=', 'feeds.id'))),
              eb.not(eb.exists(eb.selectFrom('withdrawals').select('withdrawals.id').whereRef('withdrawals.feedId', '=', 'feeds.id'))),
            ]),
          )
          .executeTakeFirst()
        // Icons of feeds that are gone (docs/api-access.md).
        await trx
          .deleteFrom('feed_icons')
          .where((eb) => eb.not(eb.exists(eb.selectFrom('feeds').select('feeds.id').whereRef('feeds.id', '=', 'feed_icons.feedId'))))
          .execute()
        return { entries, feeds }
      })

      const sessions = await db.deleteFrom('session').where('expiresAt', '<', asDate(now)).executeTakeFirst()
      const keys = await db.deleteFrom('idempotency_keys').where('expiresAt', '<', now.toISOString()).executeTakeFirst()
      return { entries: count(entries), feeds: count(feeds), sessions: count(sessions), idempotencyKeys: count(keys) }
    },
  }
}

export type CleanRepo = ReturnType<typeof cleanRepo>
