/**
 * Airdrops (docs/power.md): an admin defines a campaign (amount, who may claim: roles and/or
 * registered before a time); a user checks and claims it once, paid from the treasury (not
 * withdrawable). 4013 e-mail not verified, 4010 not eligible, 4011 being sent, 4012 already sent.
 */
import { newId } from '@brook/shared'
import { AppError } from '../../lib/appError.ts'
import { TREASURY, userAccount } from './ledger.ts'
import type { AirdropRow, WalletsRepo } from './repo.ts'

export type Eligibility = { roles?: string[]; registeredBefore?: string }
export type AirdropJson = { id: string; title: string; amount: string; eligibility: Eligibility; active: boolean; createdAt: string; eligible: boolean; status: 'none' | 'sending' | 'sent' }
type Who = { id: string; role: string; emailVerified: boolean }

/** A claim left `sending` this long (a crash mid-way) may be finished by the next attempt. */
const STALE_SENDING_MS = 60_000

export function createAirdropsService(deps: { repo: WalletsRepo }) {
  const { repo } = deps

  async function problem(user: Who, airdrop: AirdropRow): Promise<4010 | 4013 | null> {
    if (!user.emailVerified) return 4013
    const rule = JSON.parse(airdrop.eligibility) as Eligibility
    if (rule.roles?.length && !rule.roles.includes(user.role)) return 4010
    if (rule.registeredBefore) {
      const profile = await repo.userProfile(user.id)
      if (!profile || profile.createdAt >= rule.registeredBefore) return 4010
    }
    return null
  }

  return {
    /** GET /wallets/airdrop: the active campaigns with whether the user may claim and what happened. */
    async list(user: Who): Promise<AirdropJson[]> {
      const claims = new Map((await repo.airdropClaims(user.id)).map((c) => [c.airdropId, c.status]))
      const out: AirdropJson[] = []
      for (const a of await repo.airdrops(true)) {
        out.push({ id: a.id, title: a.title, amount: String(a.amount), eligibility: JSON.parse(a.eligibility) as Eligibility, active: Boolean(a.active), createdAt: a.createdAt, eligible: (await problem(user, a)) === null, status: (claims.get(a.id) as 'sending' | 'sent' | undefined) ?? 'none' })
      }
      return out
    },

    /** POST /wallets/airdrop: claims one campaign. */
    async claim(user: Who, airdropId: string): Promise<{ airdropId: string; amount: string; transferId: string }> {
      const airdrop = await repo.airdrop(airdropId)
      if (!airdrop || !airdrop.active) throw new AppError(6, { reason: 'No such airdrop' })
      const refused = await problem(user, airdrop)
      if (refused) throw new AppError(refused)
      const at = new Date()
      const { started, row } = await repo.startAirdropClaim(airdropId, user.id, at.toISOString())
      if (!started) {
        if (row?.status === 'sent') throw new AppError(4012)
        if (row && at.getTime() - Date.parse(row.createdAt) < STALE_SENDING_MS) throw new AppError(4011)
      }
      // The transfer's key makes finishing a stale claim safe: it never pays twice.
      const { transfer, replayed } = await repo.transfer({ debit: TREASURY, credit: userAccount(user.id), amount: BigInt(airdrop.amount), kind: 'airdrop', reference: airdropId, idempotencyKey: `airdrop:${airdropId}:${user.id}`, actorUserId: user.id })
      await repo.finishAirdropClaim(airdropId, user.id, transfer.id)
      if (replayed) throw new AppError(4012)
      return { airdropId, amount: String(transfer.amount), transferId: transfer.id }
    },

    /** PUT /wallets/airdrop: an admin creates (no id) or edits a campaign (1004 for others). */
    async save(user: { role: string }, input: { id?: string; title: string; amount: bigint; eligibility: Eligibility; active?: boolean }): Promise<AirdropJson> {
      if (user.role !== 'admin') throw new AppError(1004, { reason: 'Only admins define airdrops' })
      const existing = input.id ? await repo.airdrop(input.id) : null
      if (input.id && !existing) throw new AppError(6, { reason: 'No such airdrop' })
      const row: AirdropRow = { id: existing?.id ?? newId(), title: input.title, amount: input.amount.toString(), eligibility: JSON.stringify(input.eligibility), active: input.active === false ? 0 : 1, createdAt: existing?.createdAt ?? new Date().toISOString() }
      await repo.saveAirdrop(row)
      return { id: row.id, title: row.title, amount: row.amount, eligibility: input.eligibility, active: row.active === 1, createdAt: row.createdAt, eligible: false, status: 'none' }
    },
  }
}

export type AirdropsService = ReturnType<typeof createAirdropsService>
