/** SQL of synced settings: one JSON payload per user and tab, with its update time. */
import type { Db } from '../../db/transactions.ts'

export function settingsRepo(db: Db) {
  return {
    async all(userId: string): Promise<{ tab: string; payload: string; updatedAt: string }[]> {
      return db.selectFrom('settings').select(['tab', 'payload', 'updatedAt']).where('userId', '=', userId).execute()
    },

    async get(userId: string, tab: string): Promise<{ payload: string; updatedAt: string } | null> {
      return (await db.selectFrom('settings').select(['payload', 'updatedAt']).where('userId', '=', userId).where('tab', '=', tab).executeTakeFirst()) ?? null
    },

    async put(userId: string, tab: string, payload: string, updatedAt: string): Promise<void> {
      await db
        .insertInto('settings')
        .values({ userId, tab, payload, updatedAt })
        .onConflict((oc) => oc.columns(['userId', 'tab']).doUpdateSet({ payload, updatedAt }))
        .execute()
    },
  }
}

export type SettingsRepo = ReturnType<typeof settingsRepo>
