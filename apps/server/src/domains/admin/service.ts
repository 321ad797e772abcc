/**
 * The instance admin's tools (issue 19): accounts (search, plan and its end, disable), the
 * registration mode and plan limits (through the plans service). Every admin route checks the
 * caller's role first (1004 otherwise: lib/router.ts requireAdmin).
 */
import { isUserRole, type FeatureFlag, type PlanLimits, type RegistrationMode, type UserRole } from '@brook/shared'
import { AppError } from '../../lib/appError.ts'
import { nowIso, toIso } from '../../lib/time.ts'
import type { PlansService } from '../plans/service.ts'
import type { AchievementsService } from '../achievements/service.ts'
import type { CleanRepo } from './cleanRepo.ts'
import type { AdminRepo, AdminUserRow } from './repo.ts'

export type AdminUserJson = {
  id: string
  name: string
  email: string
  handle: string | null
  image: string | null
  role: UserRole
  roleEndAt: string | null
  disabled: boolean
  createdAt: string
}

export type UserPatch = { role?: UserRole; roleEndAt?: string | null; disabled?: boolean }

export function createAdminService({ repo, cleaner, plans, achievements, wallets, flagOn }: { repo: AdminRepo; cleaner: CleanRepo; plans: Pick<PlansService, 'setRole' | 'setLimits' | 'resetLimits' | 'setRegistrationMode' | 'registrationMode' | 'table'>; achievements: Pick<AchievementsService, 'approveAudit'>; wallets: { rewardUser(input: { userId: string; amount: string; reference: string; idempotencyKey: string; kind?: string }): Promise<{ transaction: { id: string } }> }; flagOn?: (flag: FeatureFlag, userId: string | null) => Promise<boolean> }) {
  const flag = flagOn ?? (async () => true)
  const present = (row: AdminUserRow): AdminUserJson => ({
    id: row.id,
    name: row.name,
    email: row.email,
    handle: row.handle,
    image: row.image,
    role: isUserRole(row.role) ? row.role : 'free',
    roleEndAt: toIso(row.roleEndAt),
    disabled: Boolean(row.disabledAt),
    createdAt: toIso(row.createdAt) ?? '',
  })

  return {
    /** POST /admin/clean: purges what nothing needs any more (cleanRepo.ts); the counts of what went. */
    clean(retentionDays: number, now = new Date()) {
      return cleaner.clean(new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000).toISOString(), now)
    },
    async users(q: string, limit: number, offset: number): Promise<{ users: AdminUserJson[]; total: number }> {
      const { rows, total } = await repo.searchUsers(q.trim(), limit, offset)
      return { users: rows.map(present), total }
    },

    /** Changes an account's plan, its end and whether it may sign in. An admin cannot demote or disable themselves. */
    async updateUser(adminId: string, id: string, patch: UserPatch): Promise<AdminUserJson> {
      const row = await repo.userById(id)
      if (!row) throw new AppError(6, { reason: `no user ${id}` })
      if (id === adminId && ((patch.role && patch.role !== 'admin') || patch.disabled)) {
        throw new AppError(1004, { reason: 'An admin cannot demote or disable their own account' })
      }
      if (patch.role !== undefined || patch.roleEndAt !== undefined) {
        const role = patch.role ?? (isUserRole(row.role) ? row.role : 'free')
        const end = patch.roleEndAt === undefined ? (row.roleEndAt ? new Date(row.roleEndAt) : null) : patch.roleEndAt === null ? null : new Date(patch.roleEndAt)
        await plans.setRole(id, role, end)
      }
      if (patch.disabled !== undefined) {
        await repo.setDisabled(id, patch.disabled ? nowIso() : null)
        if (patch.disabled) await repo.deleteSessions(id)
      }
      const fresh = await repo.userById(id)
      return present(fresh ?? row)
    },

    isDisabled: (id: string) => repo.isDisabled(id),

    /** An admin mints POWER to a user: a treasury transfer of kind `mint` through the ledger. */
    async mint(adminId: string, userId: string, amount: string): Promise<{ transactionId: string; userId: string; amount: string }> {
      if (!(await repo.userById(userId))) throw new AppError(6, { reason: `no user ${userId}` })
      // POWER the account cannot see or spend would only surprise it later: nothing is minted while
      // the admin's power flag is off for the recipient.
      if (!(await flag('power', userId))) throw new AppError(1004, { reason: 'POWER is turned off for this account: nothing was minted' })
      const { transaction } = await wallets.rewardUser({ userId, amount, reference: `admin-mint:${adminId}`, idempotencyKey: `admin-mint:${crypto.randomUUID()}`, kind: 'mint' })
      return { transactionId: transaction.id, userId, amount }
    },
    approveAchievement: (userId: string, id: string) => achievements.approveAudit(userId, id),
    registrationMode: () => plans.registrationMode(),
    setRegistrationMode: (mode: RegistrationMode) => plans.setRegistrationMode(mode),
    plans: () => plans.table(),
    setPlanLimits: (role: UserRole, patch: Partial<PlanLimits>) => plans.setLimits(role, patch),
    resetPlanLimits: (role: UserRole) => plans.resetLimits(role),
  }
}

export type AdminService = ReturnType<typeof createAdminService>
