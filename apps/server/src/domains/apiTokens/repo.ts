/** SQL of API tokens: by hash (every API request), by Fever key, per user, and the owner's user row. */
import type { Db } from '../../db/transactions.ts'

export type TokenOwnerRow = {
  tokenId: string
  userId: string
  name: string
  email: string
  emailVerified: boolean | number
  image: string | null
  role: string
  roleEndAt: Date | string | null
  handle: string | null
}

export type ApiTokenRow = { id: string; name: string; createdAt: string; lastUsedAt: string | null; lastUsedClient: string | null }

export function apiTokensRepo(db: Db) {
  const owner = () =>
    db
      .selectFrom('api_tokens as t')
      .innerJoin('user as u', 'u.id', 't.userId')
      .select(['t.id as tokenId', 'u.id as userId', 'u.name', 'u.email', 'u.emailVerified', 'u.image', 'u.role', 'u.roleEndAt', 'u.handle'])

  return {
    async insert(row: { id: string; userId: string; name: string; tokenHash: string; feverKey: string; createdAt: string }): Promise<void> {
      await db.insertInto('api_tokens').values({ ...row, lastUsedAt: null, lastUsedClient: null }).execute()
    },

    async list(userId: string): Promise<ApiTokenRow[]> {
      return db.selectFrom('api_tokens').select(['id', 'name', 'createdAt', 'lastUsedAt', 'lastUsedClient']).where('userId', '=', userId).orderBy('createdAt', 'desc').orderBy('id', 'desc').execute()
    },

    async count(userId: string): Promise<number> {
      const row = await db.selectFrom('api_tokens').select((eb) => eb.fn.countAll<number>().as('n')).where('userId', '=', userId).executeTakeFirstOrThrow()
      return Number(row.n)
    },

    /** Deletes one of the user's tokens; returns its hash (null when the user has no such token). */
    async remove(userId: string, id: string): Promise<string | null> {
      const row = await db.deleteFrom('api_tokens').where('userId', '=', userId).where('id', '=', id).returning('tokenHash').executeTakeFirst()
      return row?.tokenHash ?? null
    },

    async ownerByHash(tokenHash: string): Promise<TokenOwnerRow | undefined> {
      return owner().where('t.tokenHash', '=', tokenHash).executeTakeFirst()
    },

    async ownerByFeverKey(feverKey: string): Promise<TokenOwnerRow | undefined> {
      return owner().where('t.feverKey', '=', feverKey).executeTakeFirst()
    },

    async touch(id: string, at: string, client: string | null): Promise<void> {
      await db.updateTable('api_tokens').set({ lastUsedAt: at, lastUsedClient: client }).where('id', '=', id).execute()
    },
  }
}

export type ApiTokensRepo = ReturnType<typeof apiTokensRepo>
