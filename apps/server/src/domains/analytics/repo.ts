/** SQL of first-party analytics: per-day event counts, added to in one statement per event. */
import type { Db } from '../../db/transactions.ts'

export function analyticsRepo(db: Db) {
  return {
    /** Adds counts to a day's events (created at their first event). */
    async add(day: string, counts: Map<string, number>): Promise<void> {
      for (const [event, n] of counts) {
        await db
          .insertInto('analytics_daily')
          .values({ day, event, count: n })
          .onConflict((oc) => oc.columns(['day', 'event']).doUpdateSet((eb) => ({ count: eb('analytics_daily.count', '+', eb.ref('excluded.count')) })))
          .execute()
      }
    },

    /** Counts from `sinceDay` on, newest day first. */
    async since(sinceDay: string): Promise<{ day: string; event: string; count: number }[]> {
      const rows = await db.selectFrom('analytics_daily').select(['day', 'event', 'count']).where('day', '>=', sinceDay).orderBy('day', 'desc').orderBy('event').execute()
      return rows.map((r) => ({ ...r, count: Number(r.count) }))
    },
  }
}

export type AnalyticsRepo = ReturnType<typeof analyticsRepo>
