/** SQL of invitation codes: create under the owner's lock, list with who used them, spend one once. */
import { inTransaction, isSqliteDb, type Db } from '../../db/transactions.ts'

export type InvitationRow = { code: string; ownerId: string; createdAt: string; usedAt: string | null; usedById: string | null; usedByEmail: string | null }
export type InvitationWithUser = InvitationRow & { userName: string | null; userHandle: string | null; userImage: string | null }

export function invitationsRepo(db: Db) {
  return {
    async find(code: string): Promise<InvitationRow | null> {
      return (await db.selectFrom('invitations').selectAll().where('code', '=', code).executeTakeFirst()) ?? null
    },

    /** Mine, newest first, with the account that used each. */
    async listByOwner(ownerId: string): Promise<InvitationWithUser[]> {
      return db
        .selectFrom('invitations')
        .leftJoin('user', 'user.id', 'invitations.usedById')
        .select(['invitations.code', 'invitations.ownerId', 'invitations.createdAt', 'invitations.usedAt', 'invitations.usedById', 'invitations.usedByEmail', 'user.name as userName', 'user.handle as userHandle', 'user.image as userImage'])
        .where('invitations.ownerId', '=', ownerId)
        .orderBy('invitations.createdAt', 'desc')
        .orderBy('invitations.code')
        .execute()
    },

    /** Codes the owner created since `since`, and whether one of theirs is still unused. */
    async usageOf(ownerId: string, since: string, trx: Db = db): Promise<{ createdSince: number; unused: number }> {
      const row = await trx
        .selectFrom('invitations')
        .select((eb) => [
          eb.fn.sum<number>(eb.case().when('createdAt', '>=', since).then(1).else(0).end()).as('createdSince'),
          eb.fn.sum<number>(eb.case().when('usedAt', 'is', null).then(1).else(0).end()).as('unused'),
        ])
        .where('ownerId', '=', ownerId)
        .executeTakeFirst()
      return { createdSince: Number(row?.createdSince ?? 0), unused: Number(row?.unused ?? 0) }
    },

    /**
     * Creates a code when `admit` (given the owner's usage) does not throw; the owner's row is
     * locked (PostgreSQL; SQLite has one writer) so two concurrent creations cannot both pass.
     */
    async create(row: { code: string; ownerId: string; createdAt: string }, since: string, admit: (usage: { createdSince: number; unused: number }) => void): Promise<void> {
      await inTransaction(db, async (trx) => {
        if (!isSqliteDb(trx)) await trx.selectFrom('user').select('id').where('id', '=', row.ownerId).forUpdate().execute()
        admit(await this.usageOf(row.ownerId, since, trx))
        await trx.insertInto('invitations').values({ ...row, usedAt: null, usedById: null, usedByEmail: null }).execute()
      })
    },

    /** Spends the code if nobody has: true for the one caller that wins. */
    async claim(code: string, usedAt: string, by: { userId: string | null; email: string | null }): Promise<boolean> {
      const r = await db.updateTable('invitations').set({ usedAt, usedById: by.userId, usedByEmail: by.email }).where('code', '=', code).where('usedAt', 'is', null).executeTakeFirst()
      return Number(r.numUpdatedRows) === 1
    },

    /** After a sign-up claimed the code by e-mail, the new account's id. */
    async bindUser(code: string, email: string, userId: string): Promise<void> {
      await db.updateTable('invitations').set({ usedById: userId }).where('code', '=', code).where('usedByEmail', '=', email).execute()
    },
  }
}

export type InvitationsRepo = ReturnType<typeof invitationsRepo>
