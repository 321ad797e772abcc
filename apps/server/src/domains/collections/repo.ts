/** SQL of stars (the collection of SPEC §3): one row per user and entry. */
import type { Selectable } from 'kysely'
import type { CollectionsTable } from '../../db/schema.ts'
import type { Db } from '../../db/transactions.ts'

export type CollectionRow = Selectable<CollectionsTable>

export function collectionsRepo(db: Db) {
  return {
    /** The user's stars, newest first, optionally only one entry's. */
    async list(userId: string, entryId?: string): Promise<CollectionRow[]> {
      let q = db.selectFrom('collections').selectAll().where('userId', '=', userId)
      if (entryId) q = q.where('entryId', '=', entryId)
      return q.orderBy('createdAt', 'desc').orderBy('entryId', 'desc').limit(10_000).execute()
    },

    /** Stars an entry (starring again keeps the first time, takes the new view). */
    async add(row: CollectionRow): Promise<void> {
      await db
        .insertInto('collections')
        .values(row)
        .onConflict((oc) => oc.columns(['userId', 'entryId']).doUpdateSet({ view: row.view }))
        .execute()
    },

    /** Unstars; returns whether there was a star. */
    async remove(userId: string, entryId: string): Promise<boolean> {
      const result = await db.deleteFrom('collections').where('userId', '=', userId).where('entryId', '=', entryId).executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },
  }
}

export type CollectionsRepo = ReturnType<typeof collectionsRepo>
