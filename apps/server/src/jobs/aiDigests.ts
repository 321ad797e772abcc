/**
 * The scheduler's daily-digest duty (issue 10): every tick, users whose half day has ended (8 AM /
 * 8 PM in their time zone) get the digest of that half day (domains/ai/digest.ts). Runs where
 * the feed scheduler runs (SERVICES=scheduler), whichever queue adapter carries the refreshes.
 */
import type { Logger } from '../lib/logger.ts'

export type AiDigestJob = { stop(): Promise<void> }

export function startAiDigests({ ai, logger, intervalMs }: { ai: { generateDueDigests(now?: Date): Promise<number> }; logger: Logger; intervalMs: number }): AiDigestJob {
  let running: Promise<void> | null = null
  const tick = () => {
    running ??= ai
      .generateDueDigests(new Date())
      .then((made) => {
        if (made > 0) logger.info({ digests: made }, 'daily digests made')
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'daily digests failed'))
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
