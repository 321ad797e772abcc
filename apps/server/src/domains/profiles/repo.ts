/** SQL of public profiles: the user fields anyone signed in may see (never e-mail or role). */
import type { Db } from '../../db/transactions.ts'

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

    async byIds(ids: string[]): Promise<ProfileRow[]> {
      if (ids.length === 0) return []
      return db.selectFrom('user').select(PUBLIC_COLUMNS).where('id', 'in', ids).execute()
    },
  }
}

export type ProfilesRepo = ReturnType<typeof profilesRepo>
