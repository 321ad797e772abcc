/**
 * The scheduler's daily POWER computation (issue 11, docs/power.md): on every tick it asks the
 * wallets service to compute today's amounts; that is a no-op once the UTC day is done or while
 * another process holds it (the run is a database row, so any number of scheduler processes
 * agree). While it runs, claim-daily answers 4005 on every web process.
 */
import type { Logger } from '../lib/logger.ts'

export type PowerDaily = { stop(): Promise<void> }

export function startPowerDaily({ wallets, logger, intervalMs }: { wallets: { computeDaily(): Promise<{ ran: boolean; users: number }> }; logger: Logger; intervalMs: number }): PowerDaily {
  let running: Promise<void> | null = null
  const tick = () => {
    running ??= wallets
      .computeDaily()
      .then(({ ran, users }) => {
        if (ran) logger.info({ users }, 'daily POWER computed')
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'daily POWER computation failed'))
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
