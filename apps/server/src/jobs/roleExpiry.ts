/**
 * The scheduler's second duty (issue 19): every tick, roles past their roleEndAt (a Pro preview
 * trial) fall back to DEFAULT_ROLE. Runs where the feed scheduler runs (SERVICES=scheduler).
 */
import type { Logger } from '../lib/logger.ts'

export type RoleExpiry = { stop(): Promise<void> }

export function startRoleExpiry({ plans, logger, intervalMs }: { plans: { expireRoles(now?: Date): Promise<string[]> }; logger: Logger; intervalMs: number }): RoleExpiry {
  let running: Promise<void> | null = null
  const tick = () => {
    running ??= plans
      .expireRoles(new Date())
      .then((ids) => {
        if (ids.length > 0) logger.info({ users: ids.length }, 'plans ended: roles fell back')
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'role expiry failed'))
      .finally(() => {
        running = null
      })
  }
  tick()
  const timer = setInterval(tick, intervalMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
