/**
 * The scheduler's second duty (issue 19): every tick, roles past their roleEndAt (a Pro preview
 * trial) fall back to DEFAULT_ROLE. Runs where the feed scheduler runs (SERVICES=scheduler).
 */
import type { Logger } from '../lib/logger.ts'
import { startPeriodicDuty, type PeriodicDuty } from './periodicDuty.ts'

export type RoleExpiry = PeriodicDuty

export function startRoleExpiry({ plans, logger, intervalMs }: { plans: { expireRoles(now?: Date): Promise<string[]> }; logger: Logger; intervalMs: number }): RoleExpiry {
  return startPeriodicDuty({
    logger,
    intervalMs,
    failure: 'role expiry failed',
    run: async () => {
      const ids = await plans.expireRoles(new Date())
      if (ids.length > 0) logger.info({ users: ids.length }, 'plans ended: roles fell back')
    },
  })
}
