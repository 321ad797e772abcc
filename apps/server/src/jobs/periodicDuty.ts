/**
 * A duty the scheduler role runs now and then every `intervalMs` (role expiry, the daily POWER
 * computation, the daily digests): never two runs of one duty at once in a process, a failed run
 * logged and tried again at the next tick, and `stop()` waiting for the run in progress.
 */
import type { Logger } from '../lib/logger.ts'

export type PeriodicDuty = { stop(): Promise<void> }

export function startPeriodicDuty({ run, failure, logger, intervalMs }: { run: () => Promise<void>; failure: string; logger: Logger; intervalMs: number }): PeriodicDuty {
  let running: Promise<void> | null = null
  const tick = () => {
    running ??= run()
      .catch((error: unknown) => logger.warn({ err: error }, failure))
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
