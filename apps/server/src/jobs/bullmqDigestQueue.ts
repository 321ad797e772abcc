/**
 * @module The daily-digest queue on BullMQ (REDIS_URL). The job id is `digestJobId` (user, half
 * day) and a done job is kept for `DIGEST_JOB_KEPT_MS`: BullMQ does not add a job whose id it
 * still holds, so however many schedulers add a digest, one worker builds it once.
 */
import type { Worker } from 'bullmq'
import type { Redis } from 'ioredis'
import { bullmq, ioredis } from '../lib/redisModules.ts'
import type { Logger } from '../lib/logger.ts'
import { DIGEST_JOB_KEPT_MS, digestJobId, type DigestHandler, type DigestQueue, type DigestTask } from './digestQueue.ts'
import { DIGEST_QUEUE } from './queueNames.ts'

export function createBullmqDigestQueue(options: { url: string; logger: Logger; prefix?: string; name?: string }): DigestQueue {
  const name = options.name ?? DIGEST_QUEUE
  const prefix = options.prefix ?? 'brook'
  const { Queue, Worker } = bullmq()
  const { Redis } = ioredis()
  const connect = () => new Redis(options.url, { maxRetriesPerRequest: null })
  const producerConnection = connect()
  const queue = new Queue<DigestTask>(name, { connection: producerConnection, prefix })
  queue.on('error', (error) => options.logger.warn({ err: error }, 'digest queue error'))
  let worker: Worker<DigestTask> | null = null
  let workerConnection: Redis | null = null
  const kept = { age: Math.ceil(DIGEST_JOB_KEPT_MS / 1000) }

  return {
    kind: 'bullmq',
    async enqueue(tasks) {
      if (tasks.length === 0) return
      await queue.addBulk(tasks.map((task) => ({ name: 'digest', data: task, opts: { jobId: digestJobId(task), removeOnComplete: kept, removeOnFail: kept, attempts: 1 } })))
    },
    process(handler: DigestHandler, opts) {
      if (worker) return
      workerConnection = connect()
      worker = new Worker<DigestTask>(name, (job) => handler(job.data), { connection: workerConnection, prefix, concurrency: Math.max(1, opts.concurrency) })
      worker.on('error', (error) => options.logger.warn({ err: error }, 'digest worker error'))
      worker.on('failed', (job, error) => options.logger.error({ err: error, userId: job?.data.userId }, 'daily digest task failed'))
    },
    async close() {
      await worker?.close()
      await queue.close()
      await Promise.all([producerConnection.quit().catch(() => {}), workerConnection?.quit().catch(() => {})])
    },
  }
}
