/**
 * @module The daily-digest queue (issue 10): the scheduler role adds one task per user and ended
 * half day at 8 AM / 8 PM in the user's time zone, the worker role builds it. Two adapters, like
 * the refresh queue: in this process (default) and BullMQ (`bullmqDigestQueue.ts`, REDIS_URL).
 * Both key a task by `digestJobId` and keep the key for `DIGEST_JOB_KEPT_MS` after it ran, so a
 * second scheduler (or the same one restarted) never has the same digest built twice.
 */
import type { DigestTask } from '../domains/ai/digest.ts'
import type { Logger } from '../lib/logger.ts'

export type { DigestTask }
export type DigestHandler = (task: DigestTask) => Promise<unknown>

export interface DigestQueue {
  readonly kind: 'in-process' | 'bullmq'
  /** Adds tasks; a (user, half day) queued, running or done within the kept time is not added again. */
  enqueue(tasks: DigestTask[]): Promise<void>
  /** Starts consuming (the worker role). */
  process(handler: DigestHandler, options: { concurrency: number }): void
  close(): Promise<void>
}

/** How long a done task's key is kept: longer than a half day can last (13 h) with room. */
export const DIGEST_JOB_KEPT_MS = 2 * 24 * 3_600_000

/** Deterministic per (user, half day); BullMQ job ids may contain no ':'. */
export const digestJobId = (task: Pick<DigestTask, 'userId' | 'startDate'>) => `digest-${task.userId.replaceAll(':', '_')}-${Date.parse(task.startDate)}`

/** The default adapter: a FIFO in memory with up to `concurrency` tasks at once. */
export function createInProcessDigestQueue(options: { logger: Logger; now?: () => number }): DigestQueue {
  const now = options.now ?? Date.now
  /** job id → when it was added (queued, running or done). */
  const seen = new Map<string, number>()
  const pending: DigestTask[] = []
  const running = new Set<Promise<void>>()
  let handler: DigestHandler | null = null
  let concurrency = 0
  let closed = false

  const pump = () => {
    while (handler && !closed && running.size < concurrency && pending.length > 0) {
      const task = pending.shift()!
      const run = handler(task)
        .then(
          () => {},
          (error: unknown) => options.logger.error({ err: error, userId: task.userId, startDate: task.startDate }, 'daily digest task failed'),
        )
        .finally(() => {
          running.delete(run)
          pump()
        })
      running.add(run)
    }
  }

  return {
    kind: 'in-process',
    async enqueue(tasks) {
      if (closed) return
      const at = now()
      for (const [id, added] of seen) if (at - added > DIGEST_JOB_KEPT_MS) seen.delete(id)
      for (const task of tasks) {
        const id = digestJobId(task)
        if (seen.has(id)) continue
        seen.set(id, at)
        pending.push(task)
      }
      pump()
    },
    process(fn, opts) {
      handler = fn
      concurrency = Math.max(1, opts.concurrency)
      pump()
    },
    async close() {
      closed = true
      pending.length = 0
      await Promise.allSettled([...running])
    },
  }
}
