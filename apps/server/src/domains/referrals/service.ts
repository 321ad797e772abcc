/**
 * Referrals (SPEC §1, §7): every user has a code; an account that signs up with one (the
 * `X-Referral-Code` header of the sign-up) starts on the 45-day Pro preview trial and earns its
 * referrer Pro preview days, and once more when its purchase receipt is verified. An unknown
 * code is refused: 'Invalid referral code'.
 */
import crypto from 'node:crypto'
import { REFERRAL_PURCHASE_DAYS, REFERRAL_SIGNUP_DAYS, REFERRAL_TRIAL_DAYS, ROLE_RANK, isUserRole, normalizeReferralCode, type UserRole } from '@brook/shared'
import { AppError } from '../../lib/appError.ts'
import { nowIso } from '../../lib/time.ts'
import type { Extend, ReferralsRepo, RoleState } from './repo.ts'
import type { ReceiptVerifier, VerifiedReceipt } from './receiptVerifier.ts'

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const CODE_LENGTH = 8
const DAY_MS = 24 * 60 * 60 * 1000

export const INVALID_REFERRAL = 'Invalid referral code'

function newCode(): string {
  let code = ''
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[crypto.randomInt(ALPHABET.length)]
  return code
}

/**
 * The referrer's plan after earning `days` of Pro preview: Pro and admin keep theirs, a Pro
 * preview without an end keeps it; anyone else is on Pro preview until `days` after the later of
 * now and the end of the preview they already have.
 */
export function extendPreview(days: number, now = new Date()): Extend {
  return (current: RoleState) => {
    const role = isUserRole(current.role) ? current.role : 'free'
    if (ROLE_RANK[role] > ROLE_RANK.pre_pro) return null
    if (role === 'pre_pro' && current.roleEndAt === null) return null
    const previewEnd = (role === 'pre_pro' || role === 'pre_pro_trial') && current.roleEndAt && current.roleEndAt > now ? current.roleEndAt : now
    return { role: 'pre_pro', roleEndAt: new Date(previewEnd.getTime() + days * DAY_MS) }
  }
}

export type ReferralsServiceDeps = {
  repo: ReferralsRepo
  verifier: ReceiptVerifier
  /** The plan a restored purchase gives (domains/plans). */
  plans: { roleOf(userId: string): Promise<UserRole | null>; setRole(userId: string, role: UserRole, roleEndAt: Date | null): Promise<void> }
}

type Caller = { id: string }

export function createReferralsService({ repo, verifier, plans }: ReferralsServiceDeps) {
  async function codeOf(userId: string): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const existing = await repo.codeOf(userId)
      if (existing) return existing
      if (await repo.insertCode(userId, newCode(), nowIso())) continue
      if (attempt > 5) throw new AppError(1005, { reason: 'Could not make a referral code' })
    }
  }

  async function days(user: Caller) {
    const d = await repo.daysOf(user.id)
    return { days: d.signup + d.purchase, fromSignUps: d.signup, fromPurchases: d.purchase }
  }

  return {
    /** My code (made on first ask), the accounts that came by it, and the days they earned me. */
    async mine(user: Caller) {
      const code = await codeOf(user.id)
      const referred = await repo.referredBy(user.id)
      return {
        code,
        path: `/register?ref=${code}`,
        trialDays: REFERRAL_TRIAL_DAYS,
        signupDays: REFERRAL_SIGNUP_DAYS,
        purchaseDays: REFERRAL_PURCHASE_DAYS,
        receiptsAccepted: verifier.configured,
        ...(await days(user)),
        referred: referred.map((r) => ({
          user: r.name === null ? null : { id: r.referredId, name: r.name, handle: r.handle, image: r.image },
          createdAt: r.createdAt,
          days: r.signupDays + r.purchaseDays,
          purchased: r.purchasedAt !== null,
        })),
      }
    },

    days,

    /** The referrer of a sign-up's code (null without one); 'Invalid referral code' (1002) for an unknown one. */
    async referrerFor(input: string | null | undefined): Promise<string | null> {
      if (input == null || input.trim() === '') return null
      const code = normalizeReferralCode(input)
      const owner = code ? await repo.ownerOf(code) : null
      if (!owner) throw new AppError(1002, { reason: INVALID_REFERRAL })
      return owner
    },

    /** The plan a referred account starts with: the trial, unless `base` is already as good. */
    startingRole(base: UserRole, now = new Date()): { role: UserRole; roleEndAt: Date | null } {
      if (ROLE_RANK[base] >= ROLE_RANK.pre_pro_trial) return { role: base, roleEndAt: null }
      return { role: 'pre_pro_trial', roleEndAt: new Date(now.getTime() + REFERRAL_TRIAL_DAYS * DAY_MS) }
    },

    /** After the account exists: the referral is recorded and the referrer paid its days. */
    async recordSignUp(referrerId: string, referredId: string): Promise<void> {
      if (referrerId === referredId) return
      await repo.recordSignUp({ referrerId, referredId, createdAt: nowIso(), signupDays: REFERRAL_SIGNUP_DAYS }, extendPreview(REFERRAL_SIGNUP_DAYS))
    },

    /** Checks a receipt once (1002 when refused or already another account's); the verified purchase and whether it is new. */
    async acceptReceipt(user: Caller, input: { receipt: string; platform: string | null }, purpose: 'referral' | 'restore'): Promise<VerifiedReceipt & { fresh: boolean }> {
      const verified = await verifier.verify({ receipt: input.receipt, platform: input.platform, userId: user.id, purpose })
      const kept = await repo.acceptReceipt({ transactionId: verified.transactionId, userId: user.id, purpose, productId: verified.productId, createdAt: nowIso() })
      if (kept.userId !== user.id) throw new AppError(1002, { reason: 'This receipt was already used by another account' })
      return { ...verified, fresh: kept.fresh }
    },

    /** POST /referrals/verify-receipt: a referred account's verified purchase pays its referrer once. */
    async verifyReceipt(user: Caller, input: { receipt: string; platform: string | null }) {
      const verified = await this.acceptReceipt(user, input, 'referral')
      const referred = (await repo.referrerOf(user.id)) !== null
      const paid = referred && (await repo.recordPurchase(user.id, REFERRAL_PURCHASE_DAYS, nowIso(), extendPreview(REFERRAL_PURCHASE_DAYS)))
      return { transactionId: verified.transactionId, productId: verified.productId, referred, referrerDays: paid ? REFERRAL_PURCHASE_DAYS : 0 }
    },

    /**
     * POST /auth/subscription/restore: a verified purchase makes the caller Pro until the
     * purchase's end (none: no end). An admin stays admin; an expired purchase is 1002.
     */
    async restorePurchase(user: Caller, input: { receipt: string; platform: string | null }) {
      const verified = await this.acceptReceipt(user, input, 'restore')
      if (verified.expiresAt && new Date(verified.expiresAt).getTime() <= Date.now()) throw new AppError(1002, { reason: 'This purchase has expired' })
      let role = await plans.roleOf(user.id)
      if (role !== 'admin') {
        await plans.setRole(user.id, 'pro', verified.expiresAt ? new Date(verified.expiresAt) : null)
        role = 'pro'
      }
      return { role: role ?? 'pro', roleEndAt: role === 'admin' ? null : verified.expiresAt, productId: verified.productId, transactionId: verified.transactionId }
    },
  }
}

export type ReferralsService = ReturnType<typeof createReferralsService>
