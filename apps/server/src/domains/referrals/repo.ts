/** SQL of referrals: codes, who came by whose code, accepted receipts, and the referrer's Pro preview days. */
import { inTransaction, isSqliteDb, type Db } from '../../db/transactions.ts'

export type ReferredRow = { referredId: string; createdAt: string; signupDays: number; purchaseDays: number; purchasedAt: string | null; name: string | null; handle: string | null; image: string | null }
export type RoleState = { role: string; roleEndAt: Date | null }
/** Given the referrer's plan now, the plan the earned days give them (null: nothing changes). */
export type Extend = (current: RoleState) => RoleState | null

export function referralsRepo(db: Db) {
  // better-auth keeps dates as ISO text on SQLite and timestamptz on PostgreSQL.
  const asDate = (d: Date): Date | string => (isSqliteDb(db) ? d.toISOString() : d)

  /** Under the referrer's row lock (PostgreSQL; SQLite has one writer): their plan moves by `extend`. */
  async function extendRole(trx: Db, userId: string, extend: Extend): Promise<void> {
    let q = trx.selectFrom('user').select(['role', 'roleEndAt']).where('id', '=', userId)
    if (!isSqliteDb(trx)) q = q.forUpdate()
    const row = await q.executeTakeFirst()
    if (!row) return
    const next = extend({ role: row.role ?? '', roleEndAt: row.roleEndAt ? new Date(row.roleEndAt) : null })
    if (!next) return
    await trx
      .updateTable('user')
      .set({ role: next.role, roleEndAt: next.roleEndAt ? asDate(next.roleEndAt) : null, updatedAt: asDate(new Date()) })
      .where('id', '=', userId)
      .execute()
  }

  return {
    async codeOf(userId: string): Promise<string | null> {
      return (await db.selectFrom('referral_codes').select('code').where('userId', '=', userId).executeTakeFirst())?.code ?? null
    },

    /** Stores the user's code; false when the code is taken or the user already has one. */
    async insertCode(userId: string, code: string, createdAt: string): Promise<boolean> {
      const r = await db.insertInto('referral_codes').values({ userId, code, createdAt }).onConflict((oc) => oc.doNothing()).executeTakeFirst()
      return Number(r.numInsertedOrUpdatedRows ?? 0) === 1
    },

    async ownerOf(code: string): Promise<string | null> {
      return (await db.selectFrom('referral_codes').select('userId').where('code', '=', code).executeTakeFirst())?.userId ?? null
    },

    /** Accounts that came by my code, newest first. */
    async referredBy(referrerId: string): Promise<ReferredRow[]> {
      const rows = await db
        .selectFrom('referrals')
        .leftJoin('user', 'user.id', 'referrals.referredId')
        .select(['referrals.referredId', 'referrals.createdAt', 'referrals.signupDays', 'referrals.purchaseDays', 'referrals.purchasedAt', 'user.name', 'user.handle', 'user.image'])
        .where('referrals.referrerId', '=', referrerId)
        .orderBy('referrals.createdAt', 'desc')
        .orderBy('referrals.referredId')
        .execute()
      return rows.map((r) => ({ ...r, signupDays: Number(r.signupDays), purchaseDays: Number(r.purchaseDays) }))
    },

    async daysOf(referrerId: string): Promise<{ signup: number; purchase: number }> {
      const row = await db
        .selectFrom('referrals')
        .select((eb) => [eb.fn.sum<number>('signupDays').as('signup'), eb.fn.sum<number>('purchaseDays').as('purchase')])
        .where('referrerId', '=', referrerId)
        .executeTakeFirst()
      return { signup: Number(row?.signup ?? 0), purchase: Number(row?.purchase ?? 0) }
    },

    async referrerOf(referredId: string): Promise<string | null> {
      return (await db.selectFrom('referrals').select('referrerId').where('referredId', '=', referredId).executeTakeFirst())?.referrerId ?? null
    },

    /** Records a referred sign-up and pays the referrer its days, in one transaction (once per account). */
    async recordSignUp(row: { referredId: string; referrerId: string; createdAt: string; signupDays: number }, extend: Extend): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const r = await trx.insertInto('referrals').values({ ...row, purchasedAt: null }).onConflict((oc) => oc.doNothing()).executeTakeFirst()
        if (Number(r.numInsertedOrUpdatedRows ?? 0) !== 1) return false
        await extendRole(trx, row.referrerId, extend)
        return true
      })
    },

    /** The first verified purchase of a referred account pays its referrer `days` (false: already paid, or not referred). */
    async recordPurchase(referredId: string, days: number, at: string, extend: Extend): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const r = await trx.updateTable('referrals').set({ purchaseDays: days, purchasedAt: at }).where('referredId', '=', referredId).where('purchasedAt', 'is', null).executeTakeFirst()
        if (Number(r.numUpdatedRows) !== 1) return false
        const referrer = await trx.selectFrom('referrals').select('referrerId').where('referredId', '=', referredId).executeTakeFirstOrThrow()
        await extendRole(trx, referrer.referrerId, extend)
        return true
      })
    },

    /** Keeps a receipt's transaction id; returns who it was first accepted for. */
    async acceptReceipt(row: { transactionId: string; userId: string; purpose: string; productId: string; createdAt: string }): Promise<{ userId: string; fresh: boolean }> {
      const r = await db.insertInto('purchase_receipts').values(row).onConflict((oc) => oc.doNothing()).executeTakeFirst()
      if (Number(r.numInsertedOrUpdatedRows ?? 0) === 1) return { userId: row.userId, fresh: true }
      const first = await db.selectFrom('purchase_receipts').select('userId').where('transactionId', '=', row.transactionId).executeTakeFirstOrThrow()
      return { userId: first.userId, fresh: false }
    },
  }
}

export type ReferralsRepo = ReturnType<typeof referralsRepo>
