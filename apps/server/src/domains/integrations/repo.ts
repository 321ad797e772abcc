/** SQL of integration settings: one JSON document per user, kept in the settings table under the tab `integration`. */
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

    /** A feed's title (shown as the source in saved documents). */
    async feedTitle(feedId: string): Promise<string | null> {
      return (await db.selectFrom('feeds').select('title').where('id', '=', feedId).executeTakeFirst())?.title ?? null
    },
  }
}

export type IntegrationsRepo = ReturnType<typeof integrationsRepo>
