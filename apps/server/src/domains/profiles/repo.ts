/** SQL of public profiles: the user fields anyone signed in may see (never e-mail or role). */
import { isSqliteDb, type Db } from '../../db/transactions.ts'

export type ProfileRow = {
  id: string
  name: string
  handle: string | null
  image: string | null
  bio: string | null
  website: string | null
  socialLinks: string | null
  createdAt: Date | string
}

const PUBLIC_COLUMNS = ['id', 'name', 'handle', 'image', 'bio', 'website', 'socialLinks', 'createdAt'] as const

export function profilesRepo(db: Db) {
  return {
    async byId(id: string): Promise<ProfileRow | null> {
      return (await db.selectFrom('user').select(PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirst()) ?? null
    },

    async byHandle(handle: string): Promise<ProfileRow | null> {
      return (await db.selectFrom('user').select(PUBLIC_COLUMNS).where('handle', '=', handle).executeTakeFirst()) ?? null
    },

    /** Whether another account already has this handle. */
    async handleTaken(handle: string, exceptUserId: string): Promise<boolean> {
      const row = await db.selectFrom('user').select('id').where('handle', '=', handle).where('id', '!=', exceptUserId).executeTakeFirst()
      return row !== undefined
    },

    /** Sets a user's picture (an uploaded avatar's address). */
    async setImage(userId: string, image: string): Promise<void> {
      await db.updateTable('user').set({ image, updatedAt: isSqliteDb(db) ? new Date().toISOString() : new Date() }).where('id', '=', userId).execute()
    },

    async byIds(ids: string[]): Promise<ProfileRow[]> {
      if (ids.length === 0) return []
      return db.selectFrom('user').select(PUBLIC_COLUMNS).where('id', 'in', ids).execute()
    },
  }
}

export type ProfilesRepo = ReturnType<typeof profilesRepo>
