/**
 * SQL of achievements: each user's rows, and the measures progress is computed from (read-only
 * counts over the user's subscriptions, lists, inbox entries, reads, ledger transfers and rules).
 */
import type { AchievementMetric } from '@brook/shared'
import type { Db } from '../../db/transactions.ts'

export type AchievementRow = {
  userId: string
  achievementId: string
  progress: number
  state: string
  completedAt: string | null
  auditPayload: string | null
  receivedAt: string | null
  rewardTxId: string | null
  updatedAt: string
}

const count = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0)

/** The longest run of consecutive UTC days (YYYY-MM-DD, any order) that ends on the latest one. */
export function streakOf(days: string[]): number {
  const sorted = [...new Set(days)].sort().reverse()
  let streak = 0
  let expected: number | null = null
  for (const day of sorted) {
    const t = Date.parse(`${day}T00:00:00Z`)
    if (Number.isNaN(t)) continue
    if (expected !== null && t !== expected) break
    streak++
    expected = t - 86_400_000
  }
  return streak
}

export function achievementsRepo(db: Db) {
  return {
    async rows(userId: string): Promise<AchievementRow[]> {
      return db.selectFrom('user_achievements').selectAll().where('userId', '=', userId).execute()
    },

    async row(userId: string, achievementId: string): Promise<AchievementRow | null> {
      return (await db.selectFrom('user_achievements').selectAll().where('userId', '=', userId).where('achievementId', '=', achievementId).executeTakeFirst()) ?? null
    },

    /** Inserts or replaces one user's row of one achievement. */
    async save(row: AchievementRow): Promise<void> {
      const { userId: _userId, achievementId: _achievementId, ...rest } = row
      await db
        .insertInto('user_achievements')
        .values(row)
        .onConflict((oc) => oc.columns(['userId', 'achievementId']).doUpdateSet(rest))
        .execute()
    },

    /** Moves a row from one state to another; false when it was not in `from` (a concurrent change won). */
    async transition(userId: string, achievementId: string, from: string, to: Partial<AchievementRow>): Promise<boolean> {
      const r = await db.updateTable('user_achievements').set(to).where('userId', '=', userId).where('achievementId', '=', achievementId).where('state', '=', from).executeTakeFirst()
      return Number(r.numUpdatedRows) === 1
    },

    /** Every measure the catalogue counts, for one user. */
    async metrics(userId: string): Promise<Record<AchievementMetric, number>> {
      const [feeds, lists, inboxMail, entriesRead, tips, rules, claims] = await Promise.all([
        db.selectFrom('subscriptions').select((eb) => eb.fn.countAll<number>().as('n')).where('userId', '=', userId).where('feedId', 'is not', null).executeTakeFirst(),
        db.selectFrom('lists').select((eb) => eb.fn.countAll<number>().as('n')).where('ownerUserId', '=', userId).executeTakeFirst(),
        db.selectFrom('entries').innerJoin('inboxes', 'inboxes.id', 'entries.inboxId').select((eb) => eb.fn.countAll<number>().as('n')).where('inboxes.userId', '=', userId).executeTakeFirst(),
        db.selectFrom('entry_reads').select((eb) => eb.fn.countAll<number>().as('n')).where('userId', '=', userId).executeTakeFirst(),
        db.selectFrom('ledger_transfers').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'tip').where('actorUserId', '=', userId).executeTakeFirst(),
        db.selectFrom('action_rules').select('active').where('userId', '=', userId).executeTakeFirst(),
        db.selectFrom('ledger_transfers').select('reference').where('kind', '=', 'daily').where('actorUserId', '=', userId).orderBy('createdAt', 'desc').limit(400).execute(),
      ])
      return {
        feeds: count(feeds),
        lists: count(lists),
        inboxMail: count(inboxMail),
        entriesRead: count(entriesRead),
        tips: count(tips),
        rules: Number(rules?.active ?? 0),
        claimStreak: streakOf(claims.map((c) => c.reference ?? '')),
        // Claims are proven by audit, not counted.
        feedClaims: 0,
      }
    },
  }
}

export type AchievementsRepo = ReturnType<typeof achievementsRepo>
