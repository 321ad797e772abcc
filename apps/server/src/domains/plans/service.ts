/**
 * Plans (SPEC §4, §6): what each role may do, read from the shared table (`@brook/shared`
 * plans.ts) with the trial caps from TRIAL_*_LIMIT and whatever the admin changed on top
 * (instance setting `plan_limits`); the registration mode; a user's plan with its usage; and the
 * end of time-limited roles (a Pro preview falls back to DEFAULT_ROLE when roleEndAt passes).
 */
import { DEFAULT_PLAN_LIMITS, ROLE_LABELS, USER_ROLES, isUserRole, type PlanLimits, type RegistrationMode, type UserRole } from '@brook/shared'
import type { Env } from '../../env.ts'
import type { InstanceRepo } from '../instance/repo.ts'
import type { SubscriptionCounts } from '../subscriptions/repo.ts'
import { AppError } from '../../lib/appError.ts'
import type { PlansRepo } from './repo.ts'

const LIMITS_KEY = 'plan_limits'
const MODE_KEY = 'registration_mode'

export type PlanTable = Record<UserRole, PlanLimits>

export type PlansServiceDeps = {
  repo: PlansRepo
  instance: Pick<InstanceRepo, 'get' | 'set' | 'userCount'>
  env: Pick<Env, 'TRIAL_FEED_LIMIT' | 'TRIAL_LIST_LIMIT' | 'TRIAL_INBOX_LIMIT' | 'DEFAULT_ROLE'>
  usage: { countByType(userId: string): Promise<SubscriptionCounts> }
}

export function createPlansService({ repo, instance, env, usage }: PlansServiceDeps) {
  const defaults: PlanTable = {
    ...DEFAULT_PLAN_LIMITS,
    trial: { ...DEFAULT_PLAN_LIMITS.trial, feeds: env.TRIAL_FEED_LIMIT, lists: env.TRIAL_LIST_LIMIT, inboxes: env.TRIAL_INBOX_LIMIT },
  }

  async function overrides(): Promise<Partial<Record<UserRole, Partial<PlanLimits>>>> {
    const raw = await instance.get(LIMITS_KEY)
    if (!raw) return {}
    try {
      return JSON.parse(raw) as Partial<Record<UserRole, Partial<PlanLimits>>>
    } catch {
      return {}
    }
  }

  async function table(): Promise<PlanTable> {
    const changed = await overrides()
    return Object.fromEntries(USER_ROLES.map((role) => [role, { ...defaults[role], ...changed[role] }])) as PlanTable
  }

  async function limitsFor(role: string): Promise<PlanLimits> {
    const r: UserRole = isUserRole(role) ? role : env.DEFAULT_ROLE
    return (await table())[r]
  }

  return {
    table,
    limitsFor,

    /** The admin changes some limits of one plan; returns the plan's limits now. */
    async setLimits(role: UserRole, patch: Partial<PlanLimits>): Promise<PlanLimits> {
      const changed = await overrides()
      changed[role] = { ...changed[role], ...patch }
      await instance.set(LIMITS_KEY, JSON.stringify(changed))
      return limitsFor(role)
    },

    /** The admin puts a plan back to its defaults. */
    async resetLimits(role: UserRole): Promise<PlanLimits> {
      const changed = await overrides()
      delete changed[role]
      await instance.set(LIMITS_KEY, JSON.stringify(changed))
      return limitsFor(role)
    },

    /** Accounts on the instance (the first one is admitted whatever the mode, and becomes admin). */
    userCount: () => instance.userCount(),

    async registrationMode(): Promise<RegistrationMode> {
      const mode = await instance.get(MODE_KEY)
      return mode === 'invitation' || mode === 'closed' ? mode : 'open'
    },

    async setRegistrationMode(mode: RegistrationMode): Promise<RegistrationMode> {
      await instance.set(MODE_KEY, mode)
      return mode
    },

    /** A user's plan: its role and end, limits, and what the user uses of them. */
    async mine(user: { id: string; role: string }) {
      const row = await repo.roleOf(user.id)
      if (!row) throw new AppError(1000)
      const role: UserRole = isUserRole(row.role) ? row.role : env.DEFAULT_ROLE
      const counts = await usage.countByType(user.id)
      const roleEndAt = row.roleEndAt ? new Date(row.roleEndAt).toISOString() : null
      return { role, label: ROLE_LABELS[role], roleEndAt, limits: await limitsFor(role), usage: { feeds: counts.feeds, lists: counts.lists, inboxes: counts.inboxes, subscriptions: counts.total } }
    },

    async setRole(userId: string, role: UserRole, roleEndAt: Date | null): Promise<void> {
      if (!(await repo.setRole(userId, role, roleEndAt))) throw new AppError(6, { reason: `no user ${userId}` })
    },

    async roleOf(userId: string): Promise<UserRole | null> {
      const row = await repo.roleOf(userId)
      return row ? (isUserRole(row.role) ? row.role : env.DEFAULT_ROLE) : null
    },

    /** Roles past their roleEndAt fall back to DEFAULT_ROLE (the scheduler runs this). */
    expireRoles(now = new Date()): Promise<string[]> {
      return repo.expireRoles(now, env.DEFAULT_ROLE)
    },
  }
}

export type PlansService = ReturnType<typeof createPlansService>
