/**
 * Achievements (issue 19): progress computed from the user's own data against the shared
 * catalogue; a completed one is received once, its POWER reward minted from the treasury through
 * the wallets service (one ledger transfer per user and achievement, whatever the retries); one
 * that needs an audit waits for an admin after the user sent proof.
 */
import { ACHIEVEMENTS, achievementById, type Achievement, type AchievementState } from '@brook/shared'
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
}

export type AchievementsServiceDeps = {
  repo: AchievementsRepo
  /** The POWER ledger's treasury credit (domains/wallets rewardUser). */
  wallets: { rewardUser(input: { userId: string; amount: string; reference: string; idempotencyKey: string; kind?: string }): Promise<{ transaction: { id: string } }> }
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
  }
}

export function createAchievementsService({ repo, wallets }: AchievementsServiceDeps) {
  const known = (id: string): Achievement => {
    const a = achievementById(id)
    if (!a) throw new AppError(4, { reason: `unknown achievement ${id}` })
    return a
  }

  async function list(userId: string): Promise<AchievementJson[]> {
    const rows = new Map((await repo.rows(userId)).map((r) => [r.achievementId, r]))
    return ACHIEVEMENTS.map((a) => present(a, rows.get(a.id)))
  }

  return {
    list,

    /** Recomputes progress; achievements that just reached their target become completed. */
    async check(userId: string): Promise<{ achievements: AchievementJson[]; completed: string[] }> {
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
      // The transfer's key is per user and achievement: concurrent or repeated calls mint once.
      const { transaction } = await wallets.rewardUser({ userId, amount: a.reward, reference: `achievement:${id}`, idempotencyKey: `achievement:${userId}:${id}`, kind: 'reward' })
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
