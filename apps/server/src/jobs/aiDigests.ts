/**
 * The scheduler's daily-digest duty (issue 10): every tick, users whose half day has ended (8 AM /
 * 8 PM in their time zone) get a task on the digest queue (jobs/digestQueue.ts); the worker role
 * builds it (domains/ai/digest.ts).
 */
import type { Logger } from '../lib/logger.ts'
import type { DigestQueue, DigestTask } from './digestQueue.ts'

export type AiDigestJob = { stop(): Promise<void> }

export function startAiDigests({ ai, queue, logger, intervalMs }: { ai: { dueDigestTasks(now?: Date): Promise<DigestTask[]> }; queue: Pick<DigestQueue, 'enqueue'>; logger: Logger; intervalMs: number }): AiDigestJob {
  let running: Promise<void> | null = null
  const tick = () => {
    running ??= ai
      .dueDigestTasks(new Date())
      .then(async (tasks) => {
        await queue.enqueue(tasks)
        if (tasks.length > 0) logger.info({ users: tasks.length }, 'daily digests queued')
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
