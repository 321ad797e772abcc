/**
 * The scheduler role's trending duty (issue 17, docs/trending.md): right after start and then on
 * every tick it computes the trending snapshots that are missing or an hour old, so each ranking
 * is computed once an hour for the whole instance and every web process serves the stored one.
 */
import type { Logger } from '../lib/logger.ts'
import { startPeriodicDuty, type PeriodicDuty } from './periodicDuty.ts'

export type TrendingSnapshots = PeriodicDuty

export function startTrendingSnapshots({ trending, logger, intervalMs }: { trending: { refreshSnapshots(): Promise<number> }; logger: Logger; intervalMs: number }): TrendingSnapshots {
  return startPeriodicDuty({
    logger,
    intervalMs,
    failure: 'trending snapshots failed',
    run: async () => {
      const computed = await trending.refreshSnapshots()
      if (computed > 0) logger.info({ rankings: computed }, 'trending snapshots computed')
    },
  })
}
