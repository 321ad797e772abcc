/**
 * The scheduler's daily-digest duty (issue 10): every tick, users whose half day has ended (8 AM /
 * 8 PM in their time zone) get a task on the digest queue (jobs/digestQueue.ts); the worker role
 * builds it (domains/ai/digest.ts).
 */
import type { Logger } from '../lib/logger.ts'
import { startPeriodicDuty, type PeriodicDuty } from './periodicDuty.ts'
import type { DigestQueue, DigestTask } from './digestQueue.ts'

export type AiDigestJob = PeriodicDuty

export function startAiDigests({ ai, queue, logger, intervalMs }: { ai: { dueDigestTasks(now?: Date): Promise<DigestTask[]> }; queue: Pick<DigestQueue, 'enqueue'>; logger: Logger; intervalMs: number }): AiDigestJob {
  return startPeriodicDuty({
    logger,
    intervalMs,
    failure: 'daily digests failed',
    run: async () => {
      const tasks = await ai.dueDigestTasks(new Date())
      await queue.enqueue(tasks)
      if (tasks.length > 0) logger.info({ users: tasks.length }, 'daily digests queued')
    },
  })
}
