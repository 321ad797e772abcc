/**
 * Per-role AI limits (issue 10): a daily token budget per user on the instance's provider (past
 * it 15000; admins unlimited; a user's own endpoint is their own cost and not counted), and which
 * roles may chat (15001).
 */
import type { Env } from '../../env.ts'
import { AppError } from '../../lib/appError.ts'
import type { AiRepo } from './repo.ts'
import type { AiEngine } from './providers/resolveProvider.ts'

type User = { id: string; role: string }

const today = () => new Date().toISOString().slice(0, 10)

export function createAiLimits(deps: { env: Env; repo: Pick<AiRepo, 'tokensOn' | 'addTokens'> }) {
  const { env, repo } = deps
  const counted = (user: User, engine: AiEngine) => engine.kind === 'instance' && user.role !== 'admin'
  const budget = (user: User): number | null => (user.role === 'admin' || env.AI_DAILY_TOKEN_BUDGET === 0 ? null : env.AI_DAILY_TOKEN_BUDGET)
  return {
    /** The user's budget today (null: unlimited) and what is spent. */
    async usage(user: User): Promise<{ used: number; budget: number | null }> {
      return { used: await repo.tokensOn(user.id, today()), budget: budget(user) }
    },
    /** 15000 when the user has spent today's budget on the instance's provider. */
    async assertBudget(user: User, engine: AiEngine): Promise<void> {
      const limit = budget(user)
      if (!counted(user, engine) || limit === null) return
      const used = await repo.tokensOn(user.id, today())
      if (used >= limit) throw new AppError(15000, { reason: `${used} of ${limit} tokens used today (UTC)` })
    },
    /** Counts the tokens of one provider call against the user's day. */
    async record(user: User, engine: AiEngine, tokens: number | undefined): Promise<void> {
      if (engine.kind === 'none' || !tokens || !Number.isFinite(tokens)) return
      await repo.addTokens(user.id, today(), Math.max(0, Math.round(tokens)))
    },
    /** 15001 when the user's role may not chat. */
    assertChat(user: User): void {
      if (!(env.AI_CHAT_ROLES as string[]).includes(user.role)) throw new AppError(15001, { reason: `The ${user.role} plan has no AI chat on this instance` })
    },
    chatAllowed(user: User): boolean {
      return (env.AI_CHAT_ROLES as string[]).includes(user.role)
    },
  }
}

export type AiLimits = ReturnType<typeof createAiLimits>
