/**
 * SQL of a user's own data as a whole: what "Download my data" reads, and the one transaction
 * that closes an account (docs/instance-admin.md, "Privacy").
 */
import { sql } from 'kysely'
import type { Db } from '../../db/transactions.ts'
import { inTransaction, isSqliteDb, lockFeeds } from '../../db/transactions.ts'
import { chunks } from '../../db/chunks.ts'
import { TREASURY, transferFunds, userAccount } from '../wallets/ledger.ts'

/** Rows of the export's read state at most (the newest first); more is a summary count. */
export const EXPORT_READS_MAX = 100_000

/** What closing an account did, for the log and the answer. */
export type ClosedAccount = {
  /** Smallest units of POWER moved from the account to the treasury (0 when it held none). */
  returnedToTreasury: string
  subscriptions: number
  listsDeleted: number
  /** Other people's subscriptions to the user's lists that went with them. */
  followersOfListsRemoved: number
}

export function accountRepo(db: Db) {
  const sqlite = isSqliteDb(db)
  return {
    async user(userId: string) {
      return (await db.selectFrom('user').selectAll().where('id', '=', userId).executeTakeFirst()) ?? null
    },

    /** The password hash of the e-mail/password sign-in, null for accounts that only sign in socially. */
    async passwordHash(userId: string): Promise<string | null> {
      // better-auth's own table, outside Brook's schema types.
      const { rows } = await sql<{ password: string | null }>`select password from account where "userId" = ${userId} and "providerId" = 'credential'`.execute(db)
      return rows[0]?.password ?? null
    },

    /** When a session began (an account without a password is closed only from a recent one). */
    async sessionCreatedAt(sessionId: string): Promise<string | null> {
      const row = await db.selectFrom('session').select('createdAt').where('id', '=', sessionId).executeTakeFirst()
      return row ? new Date(row.createdAt as string | Date).toISOString() : null
    },

    /** The TOTP secret better-auth keeps (encrypted), when two-factor is set up. */
    async twoFactorSecret(userId: string): Promise<string | null> {
      return (await db.selectFrom('twoFactor').select('secret').where('userId', '=', userId).executeTakeFirst())?.secret ?? null
    },

    async subscriptions(userId: string) {
      return db
        .selectFrom('subscriptions as s')
        .leftJoin('feeds as f', 'f.id', 's.feedId')
        .leftJoin('lists as l', 'l.id', 's.listId')
        .leftJoin('inboxes as i', 'i.id', 's.inboxId')
        .select(['s.id', 's.feedId', 's.listId', 's.inboxId', 's.view', 's.title', 's.category', 's.isPrivate', 's.hideFromTimeline', 's.createdAt', 'f.url as feedUrl', 'f.title as feedTitle', 'f.siteUrl as siteUrl', 'l.title as listTitle', 'i.title as inboxTitle'])
        .where('s.userId', '=', userId)
        .orderBy('s.createdAt')
        .orderBy('s.id')
        .execute()
    },

    async ownedLists(userId: string) {
      const lists = await db.selectFrom('lists').select(['id', 'title', 'description', 'image', 'view', 'fee', 'subscriptionCount', 'createdAt']).where('ownerUserId', '=', userId).orderBy('createdAt').execute()
      const feeds = new Map<string, { id: string; url: string; title: string | null }[]>()
      for (const part of chunks(lists.map((l) => l.id))) {
        const rows = await db.selectFrom('list_feeds as lf').innerJoin('feeds as f', 'f.id', 'lf.feedId').select(['lf.listId', 'f.id', 'f.url', 'f.title']).where('lf.listId', 'in', part).orderBy('lf.createdAt').execute()
        for (const r of rows) feeds.set(r.listId, [...(feeds.get(r.listId) ?? []), { id: r.id, url: r.url, title: r.title }])
      }
      return lists.map((l) => ({ ...l, feeds: feeds.get(l.id) ?? [] }))
    },

    async inboxes(userId: string) {
      return db.selectFrom('inboxes').select(['id', 'title', 'createdAt']).where('userId', '=', userId).orderBy('createdAt').execute()
    },

    async starred(userId: string) {
      return db
        .selectFrom('collections as c')
        .innerJoin('entries as e', 'e.id', 'c.entryId')
        .select(['c.entryId', 'c.feedId', 'c.view', 'c.createdAt', 'e.title', 'e.url', 'e.author', 'e.publishedAt', 'e.guid'])
        .where('c.userId', '=', userId)
        .orderBy('c.createdAt', 'desc')
        .execute()
    },

    /** Entries marked read, newest first (at most EXPORT_READS_MAX), and how many there are in all. */
    async reads(userId: string) {
      const rows = await db
        .selectFrom('entry_reads as r')
        .innerJoin('entries as e', 'e.id', 'r.entryId')
        .select(['r.entryId', 'r.readAt', 'e.feedId', 'e.guid', 'e.url'])
        .where('r.userId', '=', userId)
        .orderBy('r.readAt', 'desc')
        .limit(EXPORT_READS_MAX)
        .execute()
      const total = await db.selectFrom('entry_reads').select((eb) => eb.fn.countAll<number>().as('n')).where('userId', '=', userId).executeTakeFirstOrThrow()
      return { rows, total: Number(total.n) }
    },

    async actionRules(userId: string): Promise<string | null> {
      return (await db.selectFrom('action_rules').select('rules').where('userId', '=', userId).executeTakeFirst())?.rules ?? null
    },

    async achievements(userId: string) {
      return db.selectFrom('user_achievements').selectAll().where('userId', '=', userId).execute()
    },

    async wallet(userId: string) {
      const account = userAccount(userId)
      const balance = await db.selectFrom('ledger_accounts').select(['balance', 'cashable']).where('id', '=', account).executeTakeFirst()
      const transfers = await db
        .selectFrom('ledger_transfers')
        .select(['id', 'debitAccountId', 'creditAccountId', 'amount', 'kind', 'reference', 'createdAt'])
        .where((eb) => eb.or([eb('debitAccountId', '=', account), eb('creditAccountId', '=', account)]))
        .orderBy('createdAt')
        .orderBy('id')
        .execute()
      const withdrawals = await db.selectFrom('withdrawals').select(['id', 'feedId', 'amount', 'address', 'status', 'createdAt', 'settledAt']).where('userId', '=', userId).orderBy('createdAt').execute()
      return { account, balance: balance?.balance ?? '0', cashable: balance?.cashable ?? '0', transfers, withdrawals }
    },

    async invitations(userId: string) {
      return db.selectFrom('invitations').select(['code', 'createdAt', 'usedAt']).where('ownerId', '=', userId).orderBy('createdAt').execute()
    },

    /**
     * Closes the account in one transaction: the POWER balance goes back to the treasury (a
     * ledger transfer, so no money vanishes), the counters of feeds and lists the user followed
     * drop by one, the user's lists go with their followers' subscriptions (and those counters),
     * claimed feeds become unclaimed, the used invitation forgets who used it, the listing of
     * tippers, daily amounts, airdrop claims, mail and pending verifications are deleted, and
     * the user row goes last — its foreign keys cascade to sessions, accounts, two-factor,
     * subscriptions, reads, stars, settings, inboxes (with their entries), tokens and the rest.
     */
    async close(userId: string, email: string, at: string): Promise<ClosedAccount | null> {
      return inTransaction(db, async (trx) => {
        let lock = trx.selectFrom('user').select('id').where('id', '=', userId)
        if (!sqlite) lock = lock.forUpdate()
        if (!(await lock.executeTakeFirst())) return null

        // Money: the balance returns to the treasury; the account row stays (the ledger is append-only).
        const wallet = await trx.selectFrom('ledger_accounts').select('balance').where('id', '=', userAccount(userId)).executeTakeFirst()
        const balance = BigInt(wallet?.balance ?? '0')
        if (balance > 0n) {
          await transferFunds(trx, { debit: userAccount(userId), credit: TREASURY, amount: balance, kind: 'close', reference: userId, idempotencyKey: `close:${userId}`, actorUserId: userId, at })
        }

        // The user's own subscriptions: counters of what they followed drop by one.
        const subscriptions = await trx.selectFrom('subscriptions').select(['feedId', 'listId']).where('userId', '=', userId).execute()
        const feedIds = subscriptions.flatMap((s) => (s.feedId ? [s.feedId] : []))
        await lockFeeds(trx, feedIds)
        for (const part of chunks(feedIds)) {
          await trx.updateTable('feeds').set((eb) => ({ subscriptionCount: eb('subscriptionCount', '-', 1) })).where('id', 'in', part).where('subscriptionCount', '>', 0).execute()
        }
        const listIds = subscriptions.flatMap((s) => (s.listId ? [s.listId] : []))
        for (const part of chunks(listIds)) {
          await trx.updateTable('lists').set((eb) => ({ subscriptionCount: eb('subscriptionCount', '-', 1) })).where('id', 'in', part).where('subscriptionCount', '>', 0).execute()
        }
        await trx.deleteFrom('subscriptions').where('userId', '=', userId).execute()

        // The user's lists, with other people's subscriptions to them and those people's counters.
        const owned = (await trx.selectFrom('lists').select('id').where('ownerUserId', '=', userId).execute()).map((l) => l.id)
        let followersOfListsRemoved = 0
        for (const part of chunks(owned)) {
          await trx.deleteFrom('unread_counts').where('sourceId', 'in', part).execute()
          followersOfListsRemoved += Number((await trx.deleteFrom('subscriptions').where('listId', 'in', part).executeTakeFirst()).numDeletedRows)
          await trx.deleteFrom('lists').where('id', 'in', part).execute()
        }

        // Feeds the user claimed stay, unclaimed (tips to them wait in the feed's account again).
        await trx.updateTable('feeds').set({ ownerUserId: null }).where('ownerUserId', '=', userId).execute()
        // The invitation this user signed up with stays spent, without who spent it.
        await trx.updateTable('invitations').set({ usedById: null, usedByEmail: null }).where('usedById', '=', userId).execute()
        await trx.deleteFrom('feed_tippers').where('userId', '=', userId).execute()
        await trx.deleteFrom('power_daily_amounts').where('userId', '=', userId).execute()
        await trx.deleteFrom('airdrop_claims').where('userId', '=', userId).execute()
        await trx.deleteFrom('mail_outbox').where('to', '=', email).execute()
        // better-auth's pending verifications (e-mail links, sign-in codes) of this user.
        await sql`delete from verification where identifier = ${email} or identifier like ${`%${userId}%`} or value like ${`%${userId}%`}`.execute(trx)
        await trx.deleteFrom('user').where('id', '=', userId).execute()
        return { returnedToTreasury: balance.toString(), subscriptions: subscriptions.length, listsDeleted: owned.length, followersOfListsRemoved }
      })
    },
  }
}

export type AccountRepo = ReturnType<typeof accountRepo>
