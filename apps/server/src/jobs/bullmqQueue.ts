/**
 * @module The scale-out refresh queue on BullMQ (REDIS_URL). The job id is the feed id, so a feed
 * waiting or running is never queued twice; across processes the feed's database lease is the lock.
 */
import type { Worker } from 'bullmq'
import type { Redis } from 'ioredis'
import { bullmq, ioredis } from '../lib/redisModules.ts'
import type { Logger } from '../lib/logger.ts'
import { REFRESH_QUEUE } from './queueNames.ts'
import type { RefreshFeedTask } from './RefreshFeedTask.ts'
import type { RefreshHandler, RefreshQueue } from './queue.ts'

export type BullmqQueueOptions = {
  url: string
  logger: Logger
  /** Redis key prefix (tests use a unique one each). */
  prefix?: string
  name?: string
}

/** BullMQ job ids may be neither integers nor contain ':' — feed ids are decimal strings. */
export const jobIdOf = (feedId: string) => `feed-${feedId}`

export function createBullmqQueue(options: BullmqQueueOptions): RefreshQueue {
  const name = options.name ?? REFRESH_QUEUE
  const prefix = options.prefix ?? 'brook'
  // Workers block on Redis; BullMQ wants no per-request retry limit on their connections.
  const { Queue, Worker } = bullmq()
  const { Redis } = ioredis()
  const connect = () => new Redis(options.url, { maxRetriesPerRequest: null })
  const producerConnection = connect()
  const queue = new Queue<RefreshFeedTask>(name, { connection: producerConnection, prefix })
  queue.on('error', (error) => options.logger.warn({ err: error }, 'refresh queue error'))
  let worker: Worker<RefreshFeedTask> | null = null
  let workerConnection: Redis | null = null

  return {
    kind: 'bullmq',
    async enqueue(tasks) {
      if (tasks.length === 0) return
      await queue.addBulk(
        tasks.map((task) => ({
          name: 'refresh',
          data: task,
          opts: { jobId: jobIdOf(task.feedId), removeOnComplete: true, removeOnFail: true, attempts: 1 },
        })),
      )
    },
    process(handler: RefreshHandler, opts) {
      if (worker) return
      workerConnection = connect()
      worker = new Worker<RefreshFeedTask>(name, (job) => handler(job.data), {
        connection: workerConnection,
        prefix,
        concurrency: Math.max(1, opts.concurrency),
        // A crashed worker's job comes back after 30 s; the feed lease (not the job) is the lock.
        stalledInterval: 30_000,
      })
      worker.on('error', (error) => options.logger.warn({ err: error }, 'refresh worker error'))
      worker.on('failed', (job, error) => options.logger.error({ err: error, feedId: job?.data.feedId }, 'refresh task failed'))
    },
    async waiting() {
      const counts = await queue.getJobCounts('waiting', 'prioritized', 'delayed')
      return (counts.waiting ?? 0) + (counts.prioritized ?? 0) + (counts.delayed ?? 0)
    },
    async close() {
      await worker?.close()
      await queue.close()
      await Promise.all([producerConnection.quit().catch(() => {}), workerConnection?.quit().catch(() => {})])
    },
  }
}
