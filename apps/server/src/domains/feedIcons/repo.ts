/** SQL of feed icons (0027). */
import type { Db } from '../../db/transactions.ts'
import { chunks } from '../../db/chunks.ts'

export type FeedIconRow = { feedId: string; mime: string | null; data: string | null; sourceUrl: string | null; checkedAt: string }

export function feedIconsRepo(db: Db) {
  return {
    async byFeedIds(feedIds: string[]): Promise<FeedIconRow[]> {
      const out: FeedIconRow[] = []
      for (const part of chunks([...new Set(feedIds)])) out.push(...(await db.selectFrom('feed_icons').selectAll().where('feedId', 'in', part).execute()))
      return out
    },

    async save(row: FeedIconRow): Promise<void> {
      await db
        .insertInto('feed_icons')
        .values(row)
        .onConflict((oc) => oc.column('feedId').doUpdateSet({ mime: row.mime, data: row.data, sourceUrl: row.sourceUrl, checkedAt: row.checkedAt }))
        .execute()
    },
  }
}

export type FeedIconsRepo = ReturnType<typeof feedIconsRepo>
