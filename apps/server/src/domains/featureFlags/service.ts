/**
 * Feature flags (issue 19): on/off, a percentage rollout by a stable hash of flag and user id,
 * and per-user overrides that win over both. What a signed-out visitor gets: the flag when it is
 * on for everyone (100 %).
 */
import crypto from 'node:crypto'
import { FEATURE_FLAGS, FEATURE_FLAG_DEFAULT, type FeatureFlag } from '@brook/shared'
import { AppError } from '../../lib/appError.ts'
import { nowIso } from '../../lib/time.ts'
import type { FeatureFlagsRepo, FlagRow } from './repo.ts'

export type FlagJson = { name: FeatureFlag; enabled: boolean; percentage: number; overrides: number; updatedAt: string | null }

/** 0–99, the same for a flag and user every time. */
export function bucketOf(name: string, userId: string): number {
  return crypto.createHash('sha256').update(`${name}:${userId}`).digest().readUInt32BE(0) % 100
}

function on(flag: Pick<FlagRow, 'enabled' | 'percentage'>, name: string, userId: string | null): boolean {
  if (!flag.enabled) return false
  if (flag.percentage >= 100) return true
  return userId !== null && bucketOf(name, userId) < flag.percentage
}

export function createFeatureFlagsService({ repo }: { repo: FeatureFlagsRepo }) {
  async function table(): Promise<Map<FeatureFlag, FlagRow>> {
    const rows = new Map((await repo.flags()).map((r) => [r.name, r]))
    return new Map(FEATURE_FLAGS.map((name) => [name, rows.get(name) ?? { name, enabled: FEATURE_FLAG_DEFAULT.enabled ? 1 : 0, percentage: FEATURE_FLAG_DEFAULT.percentage, updatedAt: '' }]))
  }

  async function list(): Promise<FlagJson[]> {
    const flags = await table()
    const overrides = await repo.overrides()
    return FEATURE_FLAGS.map((name) => {
      const f = flags.get(name)!
      return { name, enabled: Boolean(f.enabled), percentage: f.percentage, overrides: overrides.filter((o) => o.name === name).length, updatedAt: f.updatedAt || null }
    })
  }

  const mustUser = async (userId: string) => {
    if (!(await repo.userExists(userId))) throw new AppError(6, { reason: `no user ${userId}` })
  }

  return {
    list,

    /** Each flag for one user (or a visitor): what the web app gates on. */
    async evaluate(userId: string | null): Promise<Record<FeatureFlag, boolean>> {
      const flags = await table()
      const overrides = new Map(userId ? (await repo.overridesOf(userId)).map((o) => [o.name, Boolean(o.enabled)]) : [])
      return Object.fromEntries(FEATURE_FLAGS.map((name) => [name, overrides.get(name) ?? on(flags.get(name)!, name, userId)])) as Record<FeatureFlag, boolean>
    },

    /** One flag for one user (null: a visitor) — the check a service makes before moving POWER or using RSSHub for someone. */
    async isOn(flag: FeatureFlag, userId: string | null): Promise<boolean> {
      const override = userId ? (await repo.overridesOf(userId)).find((o) => o.name === flag) : undefined
      if (override) return Boolean(override.enabled)
      return on((await table()).get(flag)!, flag, userId)
    },

    async set(name: FeatureFlag, input: { enabled: boolean; percentage?: number }): Promise<FlagJson> {
      const current = (await table()).get(name)!
      await repo.setFlag({ name, enabled: input.enabled ? 1 : 0, percentage: input.percentage ?? current.percentage, updatedAt: nowIso() })
      return (await list()).find((f) => f.name === name)!
    },

    async override(name: FeatureFlag, userId: string, enabled: boolean): Promise<{ name: FeatureFlag; userId: string; enabled: boolean }> {
      await mustUser(userId)
      await repo.setOverride({ name, userId, enabled: enabled ? 1 : 0, createdAt: nowIso() })
      return { name, userId, enabled }
    },

    async removeOverride(name: FeatureFlag, userId: string): Promise<{ name: FeatureFlag; userId: string }> {
      if (!(await repo.deleteOverride(name, userId))) throw new AppError(6, { reason: `no override of ${name} for ${userId}` })
      return { name, userId }
    },

    /** How many accounts have the flag on (rollout and overrides), out of all. */
    async stats(name: FeatureFlag): Promise<{ name: FeatureFlag; enabled: boolean; percentage: number; totalUsers: number; enabledUsers: number; overridesOn: number; overridesOff: number }> {
      const flag = (await table()).get(name)!
      const overrides = new Map((await repo.overrides(name)).map((o) => [o.userId, Boolean(o.enabled)]))
      const ids = await repo.allUserIds()
      const enabledUsers = ids.filter((id) => overrides.get(id) ?? on(flag, name, id)).length
      const values = [...overrides.values()]
      return { name, enabled: Boolean(flag.enabled), percentage: flag.percentage, totalUsers: ids.length, enabledUsers, overridesOn: values.filter(Boolean).length, overridesOff: values.filter((v) => !v).length }
    },

    /** The accounts an override sets apart from the rollout. */
    async affectedUsers(name: FeatureFlag): Promise<Array<{ userId: string; name: string; email: string; enabled: boolean }>> {
      const overrides = await repo.overrides(name)
      const users = new Map((await repo.usersByIds(overrides.map((o) => o.userId))).map((u) => [u.id, u]))
      return overrides.flatMap((o) => {
        const u = users.get(o.userId)
        return u ? [{ userId: o.userId, name: u.name, email: u.email, enabled: Boolean(o.enabled) }] : []
      })
    },
  }
}

export type FeatureFlagsService = ReturnType<typeof createFeatureFlagsService>
