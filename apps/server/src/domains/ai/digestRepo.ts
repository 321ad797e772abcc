/** SQL of the daily digests (issue 10): one per (user, view, half day), and who gets one. */
import type { Selectable } from 'kysely'
import type { AiDigestsTable } from '../../db/schema.ts'
import type { Db } from '../../db/transactions.ts'

export type DigestRow = Selectable<AiDigestsTable>

export function digestRepo(db: Db) {
  return {
    async digest(userId: string, view: number, startDate: string): Promise<DigestRow | undefined> {
      return db.selectFrom('ai_digests').selectAll().where('userId', '=', userId).where('view', '=', view).where('startDate', '=', startDate).executeTakeFirst()
    },

    async putDigest(row: DigestRow): Promise<void> {
      const { engine, content, createdAt } = row
      await db
        .insertInto('ai_digests')
        .values(row)
        .onConflict((oc) => oc.columns(['userId', 'view', 'startDate']).doUpdateSet({ engine, content, createdAt }))
        .execute()
    },

    /** Users with at least one subscription, with their role and the views they follow something in. */
    async digestCandidates(): Promise<{ id: string; role: string; view: number }[]> {
      return db
        .selectFrom('subscriptions')
        .innerJoin('user', 'user.id', 'subscriptions.userId')
        .select(['user.id as id', 'user.role as role', 'subscriptions.view as view'])
        .distinct()
        .execute()
    },
  }
}

export type DigestRepo = ReturnType<typeof digestRepo>
