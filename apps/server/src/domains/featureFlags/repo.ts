/** SQL of feature flags: each flag's switch and rollout, and per-user overrides. */
import type { Db } from '../../db/transactions.ts'

export type FlagRow = { name: string; enabled: number; percentage: number; updatedAt: string }
export type OverrideRow = { name: string; userId: string; enabled: number; createdAt: string }

export function featureFlagsRepo(db: Db) {
  return {
    async flags(): Promise<FlagRow[]> {
      return db.selectFrom('feature_flags').selectAll().execute()
    },

    async setFlag(row: FlagRow): Promise<void> {
      await db
        .insertInto('feature_flags')
        .values(row)
        .onConflict((oc) => oc.column('name').doUpdateSet({ enabled: row.enabled, percentage: row.percentage, updatedAt: row.updatedAt }))
        .execute()
    },

    async overrides(name?: string): Promise<OverrideRow[]> {
      let q = db.selectFrom('feature_flag_overrides').selectAll()
      if (name) q = q.where('name', '=', name)
      return q.execute()
    },

    async overridesOf(userId: string): Promise<OverrideRow[]> {
      return db.selectFrom('feature_flag_overrides').selectAll().where('userId', '=', userId).execute()
    },

    async setOverride(row: OverrideRow): Promise<void> {
      await db
        .insertInto('feature_flag_overrides')
        .values(row)
        .onConflict((oc) => oc.columns(['name', 'userId']).doUpdateSet({ enabled: row.enabled, createdAt: row.createdAt }))
        .execute()
    },

    async deleteOverride(name: string, userId: string): Promise<boolean> {
      const r = await db.deleteFrom('feature_flag_overrides').where('name', '=', name).where('userId', '=', userId).executeTakeFirst()
      return Number(r.numDeletedRows) > 0
    },

    async userExists(userId: string): Promise<boolean> {
      return Boolean(await db.selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst())
    },

    async allUserIds(): Promise<string[]> {
      return (await db.selectFrom('user').select('id').execute()).map((r) => r.id)
    },

    async usersByIds(ids: string[]): Promise<Array<{ id: string; name: string; email: string }>> {
      if (ids.length === 0) return []
      return db.selectFrom('user').select(['id', 'name', 'email']).where('id', 'in', ids).execute()
    },
  }
}

export type FeatureFlagsRepo = ReturnType<typeof featureFlagsRepo>
