/**
 * The scheduler's daily POWER computation (issue 11, docs/power.md): on every tick it asks the
 * wallets service to compute today's amounts; that is a no-op once the UTC day is done or while
 * another process holds it (the run is a database row, so any number of scheduler processes
 * agree). While it runs, claim-daily answers 4005 on every web process.
 */
import type { Logger } from '../lib/logger.ts'
import { startPeriodicDuty, type PeriodicDuty } from './periodicDuty.ts'

export type PowerDaily = PeriodicDuty

export function startPowerDaily({ wallets, logger, intervalMs }: { wallets: { computeDaily(): Promise<{ ran: boolean; users: number }> }; logger: Logger; intervalMs: number }): PowerDaily {
  return startPeriodicDuty({
    logger,
    intervalMs,
    failure: 'daily POWER computation failed',
    run: async () => {
      const { ran, users } = await wallets.computeDaily()
      if (ran) logger.info({ users }, 'daily POWER computed')
    },
  })
}
