/**
 * @module The refresh queue seen by the scheduler (producer) and the worker role (consumer).
 * Two adapters: `inProcessQueue.ts` (default, one process) and `bullmqQueue.ts` (REDIS_URL:
 * any number of `SERVICES=worker` processes share the work).
 */
import type { RefreshFeedTask } from './RefreshFeedTask.ts'

export type RefreshHandler = (task: RefreshFeedTask) => Promise<unknown>

export interface RefreshQueue {
  readonly kind: 'in-process' | 'bullmq'
  /** Adds tasks; a feed already waiting or running is not added again. */
  enqueue(tasks: RefreshFeedTask[]): Promise<void>
  /** Starts consuming with `concurrency` tasks at once (the worker role). */
  process(handler: RefreshHandler, options: { concurrency: number }): void
  /** Tasks not started yet (the scheduler's back-pressure). */
  waiting(): Promise<number>
  /** Stops consuming, waits for running tasks, disconnects. */
  close(): Promise<void>
}
