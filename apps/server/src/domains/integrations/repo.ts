/** SQL of integration settings: one document per user (JSON sealed with the instance secret), kept in the settings table under the tab `integration`. */
import type { Db } from '../../db/transactions.ts'

const TAB = 'integration'

export function integrationsRepo(db: Db) {
  return {
    async get(userId: string): Promise<string | null> {
      return (await db.selectFrom('settings').select('payload').where('userId', '=', userId).where('tab', '=', TAB).executeTakeFirst())?.payload ?? null
    },

    async put(userId: string, payload: string, updatedAt: string): Promise<void> {
      await db
        .insertInto('settings')
        .values({ userId, tab: TAB, payload, updatedAt })
        .onConflict((oc) => oc.columns(['userId', 'tab']).doUpdateSet({ payload, updatedAt }))
        .execute()
    },

    /** Users whose document is still plain JSON (stored before sealing), with that text. */
    async plainDocuments(): Promise<{ userId: string; payload: string }[]> {
      return db.selectFrom('settings').select(['userId', 'payload']).where('tab', '=', TAB).where('payload', 'like', '{%').execute()
    },

    /** Replaces a document only if it is still `before` (a PATCH in between wins). */
    async replaceIf(userId: string, before: string, payload: string): Promise<void> {
      await db.updateTable('settings').set({ payload }).where('userId', '=', userId).where('tab', '=', TAB).where('payload', '=', before).execute()
    },

    /** A feed's title (shown as the source in saved documents). */
    async feedTitle(feedId: string): Promise<string | null> {
      return (await db.selectFrom('feeds').select('title').where('id', '=', feedId).executeTakeFirst())?.title ?? null
    },
  }
}

export type IntegrationsRepo = ReturnType<typeof integrationsRepo>
