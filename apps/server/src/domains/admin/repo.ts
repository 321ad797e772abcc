/** SQL of the admin's user management: search accounts, mark them disabled, end their sessions. */
import { sql } from 'kysely'
import type { Db } from '../../db/transactions.ts'

export type AdminUserRow = {
  id: string
  name: string
  email: string
  handle: string | null
  image: string | null
  role: string
  roleEndAt: Date | string | null
  disabledAt: string | null
  createdAt: Date | string
}

const COLUMNS = ['id', 'name', 'email', 'handle', 'image', 'role', 'roleEndAt', 'disabledAt', 'createdAt'] as const

export function adminRepo(db: Db) {
  return {
    /** Accounts whose name, e-mail or handle contains `q` (any case), newest first. */
    async searchUsers(q: string, limit: number, offset: number): Promise<{ rows: AdminUserRow[]; total: number }> {
      const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`
      let query = db.selectFrom('user')
      if (q) {
        query = query.where((eb) =>
          eb.or([
            eb(sql`lower(${sql.ref('name')})`, 'like', sql`${pattern} escape '\\'`),
            eb(sql`lower(${sql.ref('email')})`, 'like', sql`${pattern} escape '\\'`),
            eb(sql`lower(coalesce(${sql.ref('handle')}, ''))`, 'like', sql`${pattern} escape '\\'`),
          ]),
        )
      }
      const rows = (await query.select(COLUMNS).orderBy('createdAt', 'desc').orderBy('id').limit(limit).offset(offset).execute()) as AdminUserRow[]
      const count = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      return { rows, total: Number(count.n) }
    },

    async userById(id: string): Promise<AdminUserRow | null> {
      return ((await db.selectFrom('user').select(COLUMNS).where('id', '=', id).executeTakeFirst()) as AdminUserRow | undefined) ?? null
    },

    async setDisabled(id: string, disabledAt: string | null): Promise<void> {
      await db.updateTable('user').set({ disabledAt }).where('id', '=', id).execute()
    },

    async isDisabled(id: string): Promise<boolean> {
      const row = await db.selectFrom('user').select('disabledAt').where('id', '=', id).executeTakeFirst()
      return Boolean(row?.disabledAt)
    },

    /** Signs the account out everywhere. */
    async deleteSessions(userId: string): Promise<void> {
      await db.deleteFrom('session').where('userId', '=', userId).execute()
    },
  }
}

export type AdminRepo = ReturnType<typeof adminRepo>
