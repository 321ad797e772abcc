/**
 * Boosts (docs/power.md): POWER spent on a feed (to the burn account), counted for 30 days. A
 * boost is a positive multiple of the level step (4006 otherwise); the feed's level follows the
 * total of its running boosts, and a boosted feed is checked more often (feeds/nextCheck.ts).
 */
import { newId, power } from '@brook/shared'
import { AppError } from '../../lib/appError.ts'
import { BURN, InsufficientFunds, userAccount } from '../wallets/ledger.ts'
import type { WalletsRepo } from '../wallets/repo.ts'
import { presentTransfer, type TransactionJson } from '../wallets/service.ts'

/** One boost step: 10 POWER. Levels at 1, 5 and 20 steps of running boosts. */
export const BOOST_STEP = power(10)
export const BOOST_LEVELS = [1n, 5n, 20n]
export const BOOST_DAYS = 30

export type BoostStatusJson = { feedId: string; level: number; boostCount: number; totalAmount: string; remainingToNextLevel: string | null; step: string; expiresAt: string | null }
export type BoosterJson = { userId: string; name: string | null; handle: string | null; image: string | null; amount: string }

/** The level for a running total, and what is missing to the next (null at the top). */
export function boostLevel(total: bigint): { level: number; remaining: bigint | null } {
  const level = BOOST_LEVELS.filter((steps) => total >= steps * BOOST_STEP).length
  const next = BOOST_LEVELS[level]
  return { level, remaining: next === undefined ? null : next * BOOST_STEP - total }
}

/** A feed's running boost level at `at` (the refresh scheduler shortens its interval by it). */
export async function runningBoostLevel(repo: Pick<WalletsRepo, 'runningBoostAmounts'>, feedId: string, at: Date): Promise<number> {
  const total = (await repo.runningBoostAmounts(feedId, at.toISOString())).reduce((sum, a) => sum + BigInt(a), 0n)
  return boostLevel(total).level
}

export type BoostsServiceDeps = {
  repo: WalletsRepo
  /** A feed was boosted to this level: check it sooner (feeds service `boosted`). */
  onBoosted?: (feedId: string, level: number) => Promise<void>
}

export function createBoostsService(deps: BoostsServiceDeps) {
  const { repo } = deps
  return {
    async status(feedId: string): Promise<BoostStatusJson> {
      if (!(await repo.feedOwner(feedId))) throw new AppError(2001)
      const boosts = await repo.activeBoosts(feedId, new Date().toISOString())
      const total = boosts.reduce((sum, b) => sum + BigInt(b.amount), 0n)
      const { level, remaining } = boostLevel(total)
      const expiresAt = boosts.reduce<string | null>((latest, b) => (latest === null || b.expiresAt > latest ? b.expiresAt : latest), null)
      return { feedId, level, boostCount: boosts.length, totalAmount: total.toString(), remainingToNextLevel: remaining?.toString() ?? null, step: BOOST_STEP.toString(), expiresAt }
    },

    async boosters(feedId: string): Promise<BoosterJson[]> {
      if (!(await repo.feedOwner(feedId))) throw new AppError(2001)
      const byUser = new Map<string, BoosterJson>()
      for (const b of await repo.activeBoosts(feedId, new Date().toISOString())) {
        const prev = byUser.get(b.userId)
        byUser.set(b.userId, { userId: b.userId, name: b.name, handle: b.handle, image: b.image, amount: (BigInt(prev?.amount ?? '0') + BigInt(b.amount)).toString() })
      }
      return [...byUser.values()].sort((a, b) => (BigInt(b.amount) > BigInt(a.amount) ? 1 : BigInt(b.amount) < BigInt(a.amount) ? -1 : 0))
    },

    /** POST /boosts: 4006 unless a positive multiple of the step; 4002 when the balance is short. */
    async boost(user: { id: string }, input: { feedId: string; amount: bigint }, clientKey?: string): Promise<{ transaction: TransactionJson; status: BoostStatusJson }> {
      if (input.amount <= 0n || input.amount % BOOST_STEP !== 0n) throw new AppError(4006, { reason: `A boost is a positive multiple of ${BOOST_STEP} (10 POWER)` })
      if (!(await repo.feedOwner(input.feedId))) throw new AppError(2001)
      const at = new Date()
      try {
        const { transfer, replayed } = await repo.transferWith(
          { debit: userAccount(user.id), credit: BURN, amount: input.amount, kind: 'boost', reference: input.feedId, idempotencyKey: clientKey ? `boost:${user.id}:${clientKey}` : `boost:${newId()}`, actorUserId: user.id, at: at.toISOString() },
          { table: 'boosts', values: { id: newId(), feedId: input.feedId, userId: user.id, amount: input.amount.toString(), createdAt: at.toISOString(), expiresAt: new Date(at.getTime() + BOOST_DAYS * 86_400_000).toISOString() } },
        )
        const status = await this.status(input.feedId)
        if (!replayed) await deps.onBoosted?.(input.feedId, status.level)
        return { transaction: presentTransfer(transfer), status }
      } catch (error) {
        if (error instanceof InsufficientFunds) throw new AppError(4002)
        throw error
      }
    },
  }
}

export type BoostsService = ReturnType<typeof createBoostsService>
