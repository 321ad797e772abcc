/** SQL of wallets: ledger accounts and transfers as the wallet routes read them, and the money moves. */
import { sql, type Selectable } from 'kysely'
import type { AirdropClaimsTable, AirdropsTable, BoostsTable, LedgerAccountsTable, WithdrawalsTable } from '../../db/schema.ts'
import { inTransaction, isSqliteDb, type Db } from '../../db/transactions.ts'
import { BURN, ensureAccount, feedAccount, TREASURY, transferFunds, userAccount, type TransferResult, type TransferRow, type TransferSpec } from './ledger.ts'

export type AccountRow = Selectable<LedgerAccountsTable>
export type WithdrawalRow = Selectable<WithdrawalsTable>
export type BoostRow = Selectable<BoostsTable>
export type AirdropRow = Selectable<AirdropsTable>
export type AirdropClaimRow = Selectable<AirdropClaimsTable>

export type TransferFilter = { accountIds: string[]; kind?: string; counterpartAccountId?: string; createdAfter?: string; before?: string; limit: number }

export function walletsRepo(db: Db) {
  const sqlite = isSqliteDb(db)
  /** Orders canonical decimal text numerically on SQLite (longer is larger); numeric on PostgreSQL. */
  const byBalanceDesc = sqlite ? sql`length(balance) desc, balance desc` : sql`balance desc`

  return {
    async account(accountId: string): Promise<AccountRow | null> {
      return (await db.selectFrom('ledger_accounts').selectAll().where('id', '=', accountId).executeTakeFirst()) ?? null
    },

    async createAccount(accountId: string, at: string): Promise<void> {
      await ensureAccount(db, accountId, at)
    },

    /** One transfer, atomic on its own: a transaction on SQLite, one statement on PostgreSQL. */
    async transfer(spec: TransferSpec): Promise<TransferResult> {
      return sqlite ? inTransaction(db, (trx) => transferFunds(trx, spec)) : transferFunds(db, spec)
    },

    /** Several transfers that succeed or fail together. */
    async transferAll(specs: TransferSpec[]): Promise<TransferResult[]> {
      return inTransaction(db, async (trx) => {
        const out: TransferResult[] = []
        for (const spec of specs) out.push(await transferFunds(trx, spec))
        return out
      })
    },

    /**
     * A tip to a feed (or one of its entries) and its tipper row, in one transaction: the same
     * idempotency key replayed counts the tip once. The tipper's account lock (taken by the
     * transfer) serialises their tips, so the upsert never races itself.
     */
    async tipFeed(spec: TransferSpec, feedId: string): Promise<TransferResult> {
      return inTransaction(db, async (trx) => {
        const result = await transferFunds(trx, spec)
        if (!result.replayed && spec.actorUserId) {
          const at = result.transfer.createdAt
          await trx
            .insertInto('feed_tippers')
            .values({ feedId, userId: spec.actorUserId, tips: 1, firstAt: at, lastAt: at })
            .onConflict((oc) => oc.columns(['feedId', 'userId']).doUpdateSet((eb) => ({ tips: eb('feed_tippers.tips', '+', 1), lastAt: eb.ref('excluded.lastAt') })))
            .execute()
        }
        return result
      })
    },

    /**
     * The latest `perFeed` tippers of each feed (most recent tip first) with their public profile,
     * in one query for a whole timeline page.
     */
    async feedTippers(feedIds: string[], perFeed: number): Promise<Array<{ feedId: string; userId: string; name: string | null; handle: string | null; image: string | null }>> {
      if (feedIds.length === 0) return []
      const ranked = db
        .selectFrom('feed_tippers')
        .select(['feedId', 'userId', 'lastAt', sql<number>`row_number() over (partition by "feedId" order by "lastAt" desc, "userId")`.as('rank')])
        .where('feedId', 'in', feedIds)
      return db
        .selectFrom(ranked.as('t'))
        .innerJoin('user as u', 'u.id', 't.userId')
        .select(['t.feedId', 't.userId', 'u.name', 'u.handle', 'u.image'])
        .where('t.rank', '<=', perFeed)
        .orderBy('t.feedId')
        .orderBy('t.lastAt', 'desc')
        .orderBy('t.userId')
        .execute()
    },

    async transferByKey(idempotencyKey: string): Promise<TransferRow | null> {
      return (await db.selectFrom('ledger_transfers').selectAll().where('idempotencyKey', '=', idempotencyKey).executeTakeFirst()) ?? null
    },

    /** Transfers touching any of the accounts, newest first. */
    async transfers(filter: TransferFilter): Promise<TransferRow[]> {
      if (filter.accountIds.length === 0) return []
      let q = db.selectFrom('ledger_transfers').selectAll().where((eb) => eb.or([eb('debitAccountId', 'in', filter.accountIds), eb('creditAccountId', 'in', filter.accountIds)]))
      if (filter.kind) q = q.where('kind', '=', filter.kind)
      const counterpart = filter.counterpartAccountId
      if (counterpart) q = q.where((eb) => eb.or([eb('debitAccountId', '=', counterpart), eb('creditAccountId', '=', counterpart)]))
      if (filter.createdAfter) q = q.where('createdAt', '>', filter.createdAfter)
      if (filter.before) q = q.where('createdAt', '<', filter.before)
      return q.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(filter.limit).execute()
    },

    /** Feeds a user has claimed (their accounts hold tips sent before the claim). */
    async ownedFeedIds(userId: string): Promise<string[]> {
      return (await db.selectFrom('feeds').select('id').where('ownerUserId', '=', userId).execute()).map((r) => r.id)
    },

    /** The richest user accounts with their public profile. */
    async topHolders(limit: number): Promise<Array<{ userId: string; balance: string; name: string | null; handle: string | null; image: string | null }>> {
      const rows = await db
        .selectFrom('ledger_accounts as a')
        .innerJoin('user as u', 'u.id', 'a.ownerId')
        .select(['a.ownerId as userId', 'a.balance', 'u.name', 'u.handle', 'u.image'])
        .where('a.kind', '=', 'user')
        .where('a.balance', '<>', '0')
        .orderBy(sqlite ? sql`length(a.balance) desc, a.balance desc` : sql`a.balance desc`)
        .orderBy('a.ownerId')
        .limit(limit)
        .execute()
      return rows.map((r) => ({ userId: r.userId ?? '', balance: String(r.balance), name: r.name, handle: r.handle, image: r.image }))
    },

    /** 1 + how many users hold more than this balance. */
    async rankOf(balance: string): Promise<number> {
      const richer = sqlite
        ? db.selectFrom('ledger_accounts').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'user').where(sql<boolean>`(length(balance) > length(${balance}) or (length(balance) = length(${balance}) and balance > ${balance}))`)
        : db.selectFrom('ledger_accounts').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'user').where(sql<boolean>`balance > cast(${balance} as numeric)`)
      const row = await richer.executeTakeFirstOrThrow()
      return Number(row.n) + 1
    },

    /** Every account's balance (the invariant check reads them all). */
    async allBalances(): Promise<Array<{ id: string; kind: string; balance: string; cashable: string }>> {
      return (await db.selectFrom('ledger_accounts').select(['id', 'kind', 'balance', 'cashable']).orderBy(byBalanceDesc).execute()).map((r) => ({ ...r, balance: String(r.balance), cashable: String(r.cashable) }))
    },

    /** Sum of every transfer out of the treasury minus back into it, and into burn minus out of it. */
    async systemFlows(): Promise<{ minted: bigint; burned: bigint }> {
      const rows = await db.selectFrom('ledger_transfers').select(['debitAccountId', 'creditAccountId', 'amount']).where((eb) => eb.or([eb('debitAccountId', 'in', [TREASURY, BURN]), eb('creditAccountId', 'in', [TREASURY, BURN])])).execute()
      let minted = 0n
      let burned = 0n
      for (const r of rows) {
        const amount = BigInt(r.amount)
        if (r.debitAccountId === TREASURY) minted += amount
        if (r.creditAccountId === TREASURY) minted -= amount
        if (r.creditAccountId === BURN) burned += amount
        if (r.debitAccountId === BURN) burned -= amount
      }
      return { minted, burned }
    },

    /** The daily computation's run of a UTC day, if any. */
    async dailyRun(day: string): Promise<{ status: string; leaseUntil: string; owner: string } | null> {
      return (await db.selectFrom('power_daily_runs').select(['status', 'leaseUntil', 'owner']).where('day', '=', day).executeTakeFirst()) ?? null
    },

    /**
     * Takes the day's run for `owner`: a new row, or a `running` one whose lease has lapsed (its
     * process died). False when the day is done or another process holds it.
     */
    async beginDailyRun(day: string, owner: string, at: string, leaseUntil: string): Promise<boolean> {
      const inserted = await db.insertInto('power_daily_runs').values({ day, status: 'running', owner, leaseUntil, startedAt: at, finishedAt: null }).onConflict((oc) => oc.column('day').doNothing()).executeTakeFirst()
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true
      const taken = await db.updateTable('power_daily_runs').set({ owner, leaseUntil, startedAt: at }).where('day', '=', day).where('status', '=', 'running').where('leaseUntil', '<=', at).executeTakeFirst()
      return Number(taken.numUpdatedRows) > 0
    },

    /** Keeps the run alive (false when another process took it over). */
    async extendDailyRun(day: string, owner: string, leaseUntil: string): Promise<boolean> {
      const r = await db.updateTable('power_daily_runs').set({ leaseUntil }).where('day', '=', day).where('owner', '=', owner).where('status', '=', 'running').executeTakeFirst()
      return Number(r.numUpdatedRows) > 0
    },

    async finishDailyRun(day: string, owner: string, at: string, users: number): Promise<void> {
      await db.updateTable('power_daily_runs').set({ status: 'done', finishedAt: at, users }).where('day', '=', day).where('owner', '=', owner).execute()
    },

    /** Users by id after `afterId` (the daily computation walks them in pages). */
    async usersAfter(afterId: string, limit: number): Promise<Array<{ id: string; role: string }>> {
      return db.selectFrom('user').select(['id', 'role']).where('id', '>', afterId).orderBy('id').limit(limit).execute()
    },

    /** The activity of several users at once: distinct UTC reading days since `since`, and followed subscriptions. */
    async activityOf(userIds: string[], since: string): Promise<Map<string, { readingDays: number; subscriptions: number }>> {
      const out = new Map(userIds.map((id) => [id, { readingDays: 0, subscriptions: 0 }]))
      if (userIds.length === 0) return out
      const days = await db
        .selectFrom('entry_reads')
        .select(['userId', sql<number>`count(distinct substr("readAt", 1, 10))`.as('n')])
        .where('userId', 'in', userIds)
        .where('readAt', '>=', since)
        .groupBy('userId')
        .execute()
      for (const r of days) out.get(r.userId)!.readingDays = Number(r.n)
      const subs = await db.selectFrom('subscriptions').select(['userId', (eb) => eb.fn.countAll<number>().as('n')]).where('userId', 'in', userIds).groupBy('userId').execute()
      for (const r of subs) out.get(r.userId)!.subscriptions = Number(r.n)
      return out
    },

    /** Stores the day's amounts (a rerun of the day overwrites its own rows). */
    async saveDailyAmounts(rows: Array<{ day: string; userId: string; amount: string; multiplier: number }>): Promise<void> {
      if (rows.length === 0) return
      await db
        .insertInto('power_daily_amounts')
        .values(rows)
        .onConflict((oc) => oc.columns(['day', 'userId']).doUpdateSet((eb) => ({ amount: eb.ref('excluded.amount'), multiplier: eb.ref('excluded.multiplier') })))
        .execute()
    },

    /** A user's amount for a day as the daily computation fixed it, or null. */
    async dailyAmountOf(day: string, userId: string): Promise<{ amount: string; multiplier: number } | null> {
      const row = await db.selectFrom('power_daily_amounts').select(['amount', 'multiplier']).where('day', '=', day).where('userId', '=', userId).executeTakeFirst()
      return row ? { amount: String(row.amount), multiplier: Number(row.multiplier) } : null
    },

    /** Distinct UTC days with a read in [since, now), and how many feeds the user follows: the daily multiplier's activity. */
    async activity(userId: string, since: string): Promise<{ readingDays: number; subscriptions: number }> {
      const days = await db.selectFrom('entry_reads').select(sql<string>`substr("readAt", 1, 10)`.as('day')).where('userId', '=', userId).where('readAt', '>=', since).distinct().execute()
      const subs = await db.selectFrom('subscriptions').select((eb) => eb.fn.countAll<number>().as('n')).where('userId', '=', userId).executeTakeFirstOrThrow()
      return { readingDays: days.length, subscriptions: Number(subs.n) }
    },

    /** A transfer and the row it belongs to (a withdrawal, a boost), in one transaction. */
    async transferWith(spec: TransferSpec, row: { table: 'withdrawals'; values: Omit<WithdrawalRow, 'transferId'> } | { table: 'boosts'; values: Omit<BoostRow, 'transferId'> }): Promise<TransferResult> {
      return inTransaction(db, async (trx) => {
        const result = await transferFunds(trx, spec)
        if (!result.replayed) {
          if (row.table === 'withdrawals') await trx.insertInto('withdrawals').values({ ...row.values, transferId: result.transfer.id }).execute()
          else await trx.insertInto('boosts').values({ ...row.values, transferId: result.transfer.id }).execute()
        }
        return result
      })
    },

    /** The user's verified TOTP secret as better-auth stores it (encrypted), or null. */
    async twoFactorSecret(userId: string): Promise<string | null> {
      const row = await db.selectFrom('twoFactor').select(['secret', 'verified']).where('userId', '=', userId).executeTakeFirst()
      if (!row || row.verified === false || row.verified === 0) return null
      return row.secret
    },

    /** Withdrawals of one status, oldest first (the operator's queue). */
    async withdrawalsByStatus(status: string, limit: number): Promise<WithdrawalRow[]> {
      return db.selectFrom('withdrawals').selectAll().where('status', '=', status).orderBy('createdAt', 'asc').limit(limit).execute()
    },

    /**
     * Settles a pending withdrawal once: `paid`, or `rejected` with the amount refunded from burn
     * to the account it left (withdrawable again) in the same transaction. Null when unknown;
     * `changed: false` with the row as it is when it was settled before.
     */
    async settleWithdrawal(id: string, status: 'paid' | 'rejected', at: string): Promise<{ row: WithdrawalRow; changed: boolean } | null> {
      return inTransaction(db, async (trx) => {
        let query = trx.selectFrom('withdrawals').selectAll().where('id', '=', id)
        if (!sqlite) query = query.forUpdate()
        const row = await query.executeTakeFirst()
        if (!row) return null
        if (row.status !== 'pending') return { row, changed: false }
        if (status === 'rejected') {
          // A user who closed their account since: the refund goes to the treasury, where the rest of their balance went.
          const gone = !row.feedId && !(await trx.selectFrom('user').select('id').where('id', '=', row.userId).executeTakeFirst())
          const credit = row.feedId ? feedAccount(row.feedId) : gone ? TREASURY : userAccount(row.userId)
          await transferFunds(trx, { debit: BURN, credit, amount: BigInt(row.amount), kind: 'refund', reference: row.id, idempotencyKey: `refund:${row.id}`, actorUserId: row.userId, cashable: true, at })
        }
        await trx.updateTable('withdrawals').set({ status, settledAt: at }).where('id', '=', id).where('status', '=', 'pending').execute()
        return { row: { ...row, status, settledAt: at }, changed: true }
      })
    },

    async withdrawals(userId: string): Promise<WithdrawalRow[]> {
      return db.selectFrom('withdrawals').selectAll().where('userId', '=', userId).orderBy('createdAt', 'desc').limit(100).execute()
    },

    async withdrawalByTransfer(transferId: string): Promise<WithdrawalRow | null> {
      return (await db.selectFrom('withdrawals').selectAll().where('transferId', '=', transferId).executeTakeFirst()) ?? null
    },

    async boostByTransfer(transferId: string): Promise<BoostRow | null> {
      return (await db.selectFrom('boosts').selectAll().where('transferId', '=', transferId).executeTakeFirst()) ?? null
    },

    /** The amounts of a feed's boosts still running at `at` (summed as bigint by the caller: never a float). */
    async runningBoostAmounts(feedId: string, at: string): Promise<string[]> {
      return (await db.selectFrom('boosts').select('amount').where('feedId', '=', feedId).where('expiresAt', '>', at).execute()).map((r) => String(r.amount))
    },

    /** A feed's boosts still running at `at`, with the booster's public profile. */
    async activeBoosts(feedId: string, at: string): Promise<Array<BoostRow & { name: string | null; image: string | null; handle: string | null }>> {
      return db
        .selectFrom('boosts as b')
        .leftJoin('user as u', 'u.id', 'b.userId')
        .selectAll('b')
        .select(['u.name', 'u.image', 'u.handle'])
        .where('b.feedId', '=', feedId)
        .where('b.expiresAt', '>', at)
        .orderBy('b.createdAt', 'desc')
        .execute()
    },

    async airdrops(activeOnly: boolean): Promise<AirdropRow[]> {
      let q = db.selectFrom('airdrops').selectAll()
      if (activeOnly) q = q.where('active', '=', 1)
      return q.orderBy('createdAt', 'desc').limit(100).execute()
    },

    async airdrop(id: string): Promise<AirdropRow | null> {
      return (await db.selectFrom('airdrops').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
    },

    async saveAirdrop(row: AirdropRow): Promise<void> {
      await db
        .insertInto('airdrops')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet({ title: row.title, amount: row.amount, eligibility: row.eligibility, active: row.active }))
        .execute()
    },

    async airdropClaims(userId: string): Promise<AirdropClaimRow[]> {
      return db.selectFrom('airdrop_claims').selectAll().where('userId', '=', userId).execute()
    },

    /** Starts a user's claim of an airdrop; false when a claim already exists (its row is then answered). */
    async startAirdropClaim(airdropId: string, userId: string, at: string): Promise<{ started: boolean; row: AirdropClaimRow | null }> {
      const result = await db.insertInto('airdrop_claims').values({ airdropId, userId, status: 'sending', transferId: null, createdAt: at }).onConflict((oc) => oc.columns(['airdropId', 'userId']).doNothing()).executeTakeFirst()
      if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) return { started: true, row: null }
      return { started: false, row: (await db.selectFrom('airdrop_claims').selectAll().where('airdropId', '=', airdropId).where('userId', '=', userId).executeTakeFirst()) ?? null }
    },

    async finishAirdropClaim(airdropId: string, userId: string, transferId: string): Promise<void> {
      await db.updateTable('airdrop_claims').set({ status: 'sent', transferId }).where('airdropId', '=', airdropId).where('userId', '=', userId).execute()
    },

    async userProfile(userId: string): Promise<{ emailVerified: boolean; createdAt: string; role: string } | null> {
      const row = await db.selectFrom('user').select(['emailVerified', 'createdAt', 'role']).where('id', '=', userId).executeTakeFirst()
      if (!row) return null
      return { emailVerified: Boolean(row.emailVerified), createdAt: new Date(row.createdAt).toISOString(), role: row.role }
    },

    async userExists(userId: string): Promise<boolean> {
      return Boolean(await db.selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst())
    },

    async feedOwner(feedId: string): Promise<{ id: string; ownerUserId: string | null } | null> {
      return (await db.selectFrom('feeds').select(['id', 'ownerUserId']).where('id', '=', feedId).executeTakeFirst()) ?? null
    },

    async entryFeed(entryId: string): Promise<{ id: string; feedId: string | null } | null> {
      return (await db.selectFrom('entries').select(['id', 'feedId']).where('id', '=', entryId).executeTakeFirst()) ?? null
    },
  }
}

export type WalletsRepo = ReturnType<typeof walletsRepo>
