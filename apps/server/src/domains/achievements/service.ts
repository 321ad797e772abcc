/**
 * Achievements (issue 19): progress computed from the user's own data against the shared
 * catalogue; a completed one is received once, its POWER reward minted from the treasury through
 * the wallets service (one ledger transfer per user and achievement, whatever the retries); one
 * that needs an audit waits for an admin after the user sent proof.
 */
import { ACHIEVEMENTS, achievementById, type Achievement, type AchievementState, type FeatureFlag } from '@brook/shared'
import { AppError } from '../../lib/appError.ts'
import { nowIso } from '../../lib/time.ts'
import type { AchievementRow, AchievementsRepo } from './repo.ts'

export type AchievementJson = {
  id: string
  metric: Achievement['metric']
  target: number
  progress: number
  state: AchievementState
  reward: string
  audit: boolean
  completedAt: string | null
  receivedAt: string | null
  transactionId: string | null
  /** Received while the admin's power flag was off for me: the reward is paid on my next recompute with POWER on. */
  rewardPending: boolean
}

export type AchievementsServiceDeps = {
  repo: AchievementsRepo
  /** The POWER ledger's treasury credit (domains/wallets rewardUser). */
  wallets: { rewardUser(input: { userId: string; amount: string; reference: string; idempotencyKey: string; kind?: string }): Promise<{ transaction: { id: string } }> }
  /** The admin's feature flags for a user (domains/featureFlags isOn); absent: every flag on. */
  flagOn?: (flag: FeatureFlag, userId: string | null) => Promise<boolean>
}

function present(a: Achievement, row: AchievementRow | undefined): AchievementJson {
  return {
    id: a.id,
    metric: a.metric,
    target: a.target,
    progress: Math.min(row?.progress ?? 0, a.target),
    state: (row?.state as AchievementState | undefined) ?? 'incomplete',
    reward: a.reward,
    audit: a.audit,
    completedAt: row?.completedAt ?? null,
    receivedAt: row?.receivedAt ?? null,
    transactionId: row?.rewardTxId ?? null,
    rewardPending: row?.state === 'received' && !row.rewardTxId && BigInt(a.reward) > 0n,
  }
}

export function createAchievementsService({ repo, wallets, flagOn = async () => true }: AchievementsServiceDeps) {
  const known = (id: string): Achievement => {
    const a = achievementById(id)
    if (!a) throw new AppError(4, { reason: `unknown achievement ${id}` })
    return a
  }

  async function list(userId: string): Promise<AchievementJson[]> {
    const rows = new Map((await repo.rows(userId)).map((r) => [r.achievementId, r]))
    return ACHIEVEMENTS.map((a) => present(a, rows.get(a.id)))
  }

  /** The reward's one transfer (per user and achievement, whatever the retries). */
  const mint = (userId: string, a: Achievement) => wallets.rewardUser({ userId, amount: a.reward, reference: `achievement:${a.id}`, idempotencyKey: `achievement:${userId}:${a.id}`, kind: 'reward' })

  /** Rewards received while POWER was off for the user, paid now that it is on (the same key: paid once). */
  async function payPending(userId: string): Promise<void> {
    const pending = (await repo.rows(userId)).filter((r) => r.state === 'received' && !r.rewardTxId)
    if (pending.length === 0 || !(await flagOn('power', userId))) return
    for (const row of pending) {
      const a = achievementById(row.achievementId)
      if (!a || BigInt(a.reward) <= 0n) continue
      const { transaction } = await mint(userId, a)
      await repo.transition(userId, a.id, 'received', { rewardTxId: transaction.id, updatedAt: nowIso() })
    }
  }

  return {
    list,

    /** Recomputes progress; achievements that just reached their target become completed; pending rewards are paid when POWER is on. */
    async check(userId: string): Promise<{ achievements: AchievementJson[]; completed: string[] }> {
      await payPending(userId)
      const metrics = await repo.metrics(userId)
      const rows = new Map((await repo.rows(userId)).map((r) => [r.achievementId, r]))
      const completed: string[] = []
      const now = nowIso()
      for (const a of ACHIEVEMENTS) {
        const row = rows.get(a.id)
        const progress = Math.min(metrics[a.metric], a.target)
        const state = row?.state ?? 'incomplete'
        if (state !== 'incomplete') continue
        const done = !a.audit && progress >= a.target
        if (row && row.progress === progress && !done) continue
        await repo.save({
          userId,
          achievementId: a.id,
          progress,
          state: done ? 'completed' : 'incomplete',
          completedAt: done ? now : null,
          auditPayload: row?.auditPayload ?? null,
          receivedAt: null,
          rewardTxId: null,
          updatedAt: now,
        })
        if (done) completed.push(a.id)
      }
      return { achievements: await list(userId), completed }
    },

    /** Receives a completed achievement's reward (9000 not completed, 9001 already received, 9002 under audit). */
    async receive(userId: string, id: string): Promise<AchievementJson> {
      const a = known(id)
      const row = await repo.row(userId, id)
      if (row?.state === 'received') throw new AppError(9001)
      if (row?.state === 'audit') throw new AppError(9002)
      if (row?.state !== 'completed') throw new AppError(9000)
      // The admin's power flag off for me: the achievement is received and its reward recorded
      // as pending, to be paid once POWER is on for me again (payPending) — no POWER moves now.
      if (!(await flagOn('power', userId))) {
        const now = nowIso()
        if (!(await repo.transition(userId, id, 'completed', { state: 'received', receivedAt: now, rewardTxId: null, updatedAt: now }))) throw new AppError(9001)
        return present(a, (await repo.row(userId, id)) ?? undefined)
      }
      // The transfer's key is per user and achievement: concurrent or repeated calls mint once.
      const { transaction } = await mint(userId, a)
      const now = nowIso()
      if (!(await repo.transition(userId, id, 'completed', { state: 'received', receivedAt: now, rewardTxId: transaction.id, updatedAt: now }))) throw new AppError(9001)
      return present(a, (await repo.row(userId, id)) ?? undefined)
    },

    /** Sends proof for an achievement that needs an audit (9003 when it does not; 9001 once received). */
    async submitAudit(userId: string, id: string, payload: string): Promise<AchievementJson> {
      const a = known(id)
      if (!a.audit) throw new AppError(9003)
      const row = await repo.row(userId, id)
      if (row?.state === 'received') throw new AppError(9001)
      if (row?.state === 'completed') throw new AppError(9003, { reason: 'Already completed: receive it instead' })
      const now = nowIso()
      await repo.save({ userId, achievementId: id, progress: row?.progress ?? 0, state: 'audit', completedAt: null, auditPayload: payload, receivedAt: null, rewardTxId: null, updatedAt: now })
      return present(a, (await repo.row(userId, id)) ?? undefined)
    },

    /** An admin accepts the proof: the achievement becomes completed (9003 when nothing awaits audit). */
    async approveAudit(userId: string, id: string): Promise<AchievementJson> {
      const a = known(id)
      const now = nowIso()
      if (!(await repo.transition(userId, id, 'audit', { state: 'completed', progress: a.target, completedAt: now, updatedAt: now }))) throw new AppError(9003, { reason: 'Nothing awaits audit' })
      return present(a, (await repo.row(userId, id)) ?? undefined)
    },
  }
}

export type AchievementsService = ReturnType<typeof createAchievementsService>
