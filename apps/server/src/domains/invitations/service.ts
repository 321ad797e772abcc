/**
 * Invitation codes (SPEC §1, §7, §8 5000–5003): a number per plan per period, optionally one
 * unused at a time; using one sets the role to pre_pro (never lowering a higher plan). Also the
 * sign-up gate of the registration mode: invitation-only refuses a sign-up without a valid code
 * (400, 1003), closed refuses every sign-up but the instance's first (1004).
 */
import crypto from 'node:crypto'
import { ROLE_RANK, type PlanLimits, type RegistrationMode, type UserRole } from '@brook/shared'
import { AppError } from '../../lib/appError.ts'
import { nowIso } from '../../lib/time.ts'
import type { InvitationsRepo } from './repo.ts'
import { presentInvitation, type InvitationJson } from './present.ts'

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const CODE_LENGTH = 10
const DAY_MS = 24 * 60 * 60 * 1000

/** A code as people type it: letters and digits only, any case, spaces around ignored. */
export function normalizeCode(input: string): string | null {
  const code = input.trim().toUpperCase()
  return /^[A-Z0-9]{4,32}$/.test(code) ? code : null
}

function newCode(): string {
  let code = ''
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[crypto.randomInt(ALPHABET.length)]
  return code
}

export type InvitationsServiceDeps = {
  repo: InvitationsRepo
  plans: {
    limitsFor(role: string): Promise<PlanLimits>
    registrationMode(): Promise<RegistrationMode>
    roleOf(userId: string): Promise<UserRole | null>
    setRole(userId: string, role: UserRole, roleEndAt: Date | null): Promise<void>
  }
  /** Whether the admin's `registration` flag lets visitors sign up (absent: yes). */
  registrationOn?: () => Promise<boolean>
}

type Caller = { id: string; role: string }

export function createInvitationsService({ repo, plans, registrationOn }: InvitationsServiceDeps) {
  const periodStart = (limits: PlanLimits) => new Date(Date.now() - limits.invitationPeriodDays * DAY_MS).toISOString()

  /** Throws 5000/5001 when the caller may not create a code now. */
  const admit = (limits: PlanLimits) => (usage: { createdSince: number; unused: number }) => {
    if (usage.createdSince >= limits.invitations) {
      throw new AppError(5000, { reason: `Your plan creates ${limits.invitations} invitation code(s) per ${limits.invitationPeriodDays} day(s)` })
    }
    if (limits.invitationOneUnused && usage.unused > 0) throw new AppError(5001, { reason: 'Your plan allows one unused code at a time' })
  }

  /** pre_pro for the user, unless their plan is already higher. */
  async function upgrade(userId: string): Promise<UserRole> {
    const role = await plans.roleOf(userId)
    if (role && ROLE_RANK[role] >= ROLE_RANK.pre_pro) return role
    await plans.setRole(userId, 'pre_pro', null)
    return 'pre_pro'
  }

  return {
    /** How many codes the caller may create now. */
    async limitation(user: Caller): Promise<number> {
      const limits = await plans.limitsFor(user.role)
      const usage = await repo.usageOf(user.id, periodStart(limits))
      if (limits.invitationOneUnused && usage.unused > 0) return 0
      const left = Math.max(0, limits.invitations - usage.createdSince)
      return limits.invitationOneUnused ? Math.min(1, left) : left
    },

    async list(user: Caller): Promise<InvitationJson[]> {
      return (await repo.listByOwner(user.id)).map(presentInvitation)
    },

    async create(user: Caller): Promise<string> {
      const limits = await plans.limitsFor(user.role)
      const code = newCode()
      await repo.create({ code, ownerId: user.id, createdAt: nowIso() }, periodStart(limits), admit(limits))
      return code
    },

    /** Spends a code for a signed-in user; exactly one of concurrent uses wins (5002 for the others). */
    async use(user: Caller, input: string): Promise<{ role: UserRole }> {
      const code = normalizeCode(input)
      const row = code ? await repo.find(code) : null
      if (!code || !row) throw new AppError(5003)
      if (row.ownerId === user.id) throw new AppError(1004, { reason: 'You cannot use your own invitation code' })
      if (row.usedAt) throw new AppError(5002)
      if (!(await repo.claim(code, nowIso(), { userId: user.id, email: null }))) throw new AppError(5002)
      return { role: await upgrade(user.id) }
    },

    /**
     * Before better-auth creates an account: the registration mode decides (the instance's first
     * account is always admitted — it becomes the admin). Returns the code to spend, if any.
     */
    async admitSignUp(input: { code: string | null; firstUser: boolean }): Promise<string | null> {
      if (input.firstUser) return null
      if (registrationOn && !(await registrationOn())) throw new AppError(1004, { reason: 'Registration is turned off on this instance' })
      const mode = await plans.registrationMode()
      if (mode === 'closed') throw new AppError(1004, { reason: 'Registration is closed on this instance' })
      if (input.code === null || input.code.trim() === '') {
        if (mode === 'invitation') throw new AppError(1003, { reason: 'An invitation code is required to sign up' })
        return null
      }
      const code = normalizeCode(input.code)
      const row = code ? await repo.find(code) : null
      if (!code || !row || row.usedAt) throw new AppError(1003, { reason: row?.usedAt ? 'This invitation code is already used' : 'Unknown invitation code' })
      return code
    },

    /** Spends the code for an account about to be created (false: another sign-up won it). */
    claimForSignUp(code: string, email: string): Promise<boolean> {
      return repo.claim(code, nowIso(), { userId: null, email })
    },

    /** Records the new account on the code it spent. */
    bindSignUp(code: string, email: string, userId: string): Promise<void> {
      return repo.bindUser(code, email, userId)
    },

  }
}

export type InvitationsService = ReturnType<typeof createInvitationsService>
