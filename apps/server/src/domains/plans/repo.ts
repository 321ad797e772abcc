/** SQL of plans: a user's role and its end (better-auth's user columns), and expiring roles. */
import { isSqliteDb, type Db } from '../../db/transactions.ts'

export type RoleRow = { id: string; role: string; roleEndAt: Date | string | null }

export function plansRepo(db: Db) {
  // better-auth keeps dates as ISO text on SQLite and timestamptz on PostgreSQL.
  const asDate = (d: Date): Date | string => (isSqliteDb(db) ? d.toISOString() : d)
  return {
    async roleOf(userId: string): Promise<RoleRow | null> {
      return (await db.selectFrom('user').select(['id', 'role', 'roleEndAt']).where('id', '=', userId).executeTakeFirst()) ?? null
    },

    async setRole(userId: string, role: string, roleEndAt: Date | null): Promise<boolean> {
      const r = await db
        .updateTable('user')
        .set({ role, roleEndAt: roleEndAt ? asDate(roleEndAt) : null, updatedAt: asDate(new Date()) })
        .where('id', '=', userId)
        .executeTakeFirst()
      return Number(r.numUpdatedRows) === 1
    },

    /** Every role whose end has passed falls back to `fallback`; returns the users changed. */
    async expireRoles(now: Date, fallback: string): Promise<string[]> {
      const due = await db.selectFrom('user').select('id').where('roleEndAt', 'is not', null).where('roleEndAt', '<=', asDate(now)).where('role', '!=', 'admin').execute()
      if (due.length === 0) return []
      const ids = due.map((r) => r.id)
      await db
        .updateTable('user')
        .set({ role: fallback, roleEndAt: null, updatedAt: asDate(now) })
        .where('id', 'in', ids)
        .where('roleEndAt', '<=', asDate(now))
        .execute()
      return ids
    },
  }
}

export type PlansRepo = ReturnType<typeof plansRepo>
