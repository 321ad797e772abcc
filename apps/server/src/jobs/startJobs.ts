/**
 * @module Starts the background roles named in SERVICES: `scheduler` (enqueues due feeds) and
 * `worker` (refreshes them). Without REDIS_URL both live in this process on the in-process queue
 * (a scheduler alone still gets the in-process pool: nothing else could drain its queue); with
 * REDIS_URL they talk through BullMQ, so workers on any number of machines share the work.
 */
import type { Env } from '../env.ts'
import type { Logger } from '../lib/logger.ts'
import type { FeedService } from '../domains/feeds/service.ts'
import type { SearchService } from '../domains/search/service.ts'
import { createInProcessQueue } from './inProcessQueue.ts'
import { createBullmqQueue } from './bullmqQueue.ts'
import { createScheduler, type Scheduler } from './scheduler.ts'
import { runRefreshFeedTask } from './RefreshFeedTask.ts'
import type { RefreshQueue } from './queue.ts'
import { startRoleExpiry } from './roleExpiry.ts'
import { startPowerDaily } from './powerDaily.ts'
import { startTrendingSnapshots } from './trendingSnapshots.ts'
import { startAiDigests } from './aiDigests.ts'
import { createInProcessDigestQueue, type DigestQueue, type DigestTask } from './digestQueue.ts'
import { createBullmqDigestQueue } from './bullmqDigestQueue.ts'

export type Jobs = {
  queue: RefreshQueue | null
  digestQueue: DigestQueue | null
  scheduler: Scheduler | null
  /** Stops the scheduler, then lets running refreshes end (the feed service aborts their fetches). */
  close(): Promise<void>
}

export type StartJobsOptions = {
  env: Env
  logger: Logger
  feeds: FeedService
  /** Ends time-limited roles on the scheduler's tick (jobs/roleExpiry.ts). */
  plans?: { expireRoles(now?: Date): Promise<string[]> }
  /** The daily POWER computation runs on the scheduler's tick (jobs/powerDaily.ts). */
  wallets?: { computeDaily(): Promise<{ ran: boolean; users: number }> }
  /** The scheduler role also indexes, in the background, entries stored before search existed, and merges the index daily. */
  search?: Pick<SearchService, 'startBackfill' | 'startIndexTidy'>
  /** The hourly trending snapshots (jobs/trendingSnapshots.ts). */
  trending?: { refreshSnapshots(): Promise<number> }
  /** The 8 AM / 8 PM daily digests: the scheduler queues them (jobs/aiDigests.ts), the worker builds them. */
  ai?: { dueDigestTasks(now?: Date): Promise<DigestTask[]>; runDigestTask(task: DigestTask): Promise<number> }
  /** Overrides of the BullMQ adapter (tests: a unique key prefix). */
  bullmq?: { prefix?: string; name?: string }
}

export function startJobs({ env, logger, feeds, plans, wallets, search, ai, trending, bullmq }: StartJobsOptions): Jobs {
  const roles = new Set(env.SERVICES)
  const wantsScheduler = roles.has('scheduler')
  let wantsWorker = roles.has('worker')
  let queue: RefreshQueue | null = null
  if (env.REDIS_URL && (wantsScheduler || wantsWorker)) {
    queue = createBullmqQueue({ url: env.REDIS_URL, logger, ...bullmq })
  } else if (wantsScheduler || wantsWorker) {
    if (!wantsScheduler) logger.warn('SERVICES=worker without REDIS_URL: there is no shared queue to take work from, this worker stays idle')
    if (wantsScheduler && !wantsWorker) logger.info('no REDIS_URL: the scheduler runs its refresh pool in this process')
    wantsWorker = wantsScheduler
    queue = wantsScheduler ? createInProcessQueue({ logger }) : null
  }
  if (queue && wantsWorker) queue.process((task) => runRefreshFeedTask(feeds, task), { concurrency: env.REFRESH_CONCURRENCY })
  const scheduler =
    queue && wantsScheduler
      ? createScheduler({ feeds, queue, logger, intervalMs: env.SCHEDULER_INTERVAL_SECONDS * 1000, batchSize: env.SCHEDULER_BATCH_SIZE })
      : null
  scheduler?.start()
  const roleExpiry = wantsScheduler && plans ? startRoleExpiry({ plans, logger, intervalMs: env.SCHEDULER_INTERVAL_SECONDS * 1000 }) : null
  const powerDaily = wantsScheduler && wallets ? startPowerDaily({ wallets, logger, intervalMs: env.SCHEDULER_INTERVAL_SECONDS * 1000 }) : null
  const trendingSnapshots = wantsScheduler && trending ? startTrendingSnapshots({ trending, logger, intervalMs: env.SCHEDULER_INTERVAL_SECONDS * 1000 }) : null
  const digestQueue = queue && ai ? (queue.kind === 'bullmq' ? createBullmqDigestQueue({ url: env.REDIS_URL!, logger, ...bullmq, name: bullmq?.name ? `${bullmq.name}-digest` : undefined }) : createInProcessDigestQueue({ logger })) : null
  if (digestQueue && ai && wantsWorker) {
    digestQueue.process(async (task) => {
      const made = await ai.runDigestTask(task)
      if (made > 0) logger.info({ userId: task.userId, digests: made }, 'daily digests made')
    }, { concurrency: 2 })
  }
  const digests = wantsScheduler && ai && digestQueue ? startAiDigests({ ai, queue: digestQueue, logger, intervalMs: env.SCHEDULER_INTERVAL_SECONDS * 1000 }) : null
  const backfill = wantsScheduler && search ? search.startBackfill() : null
  const tidy = wantsScheduler && search ? search.startIndexTidy() : null
  if (queue) logger.info({ queue: queue.kind, scheduler: Boolean(scheduler), worker: wantsWorker }, 'feed jobs started')
  return {
    queue,
    digestQueue,
    scheduler,
    async close() {
      await scheduler?.stop()
      await roleExpiry?.stop()
      await powerDaily?.stop()
      await trendingSnapshots?.stop()
      await digests?.stop()
      await backfill?.stop()
      await tidy?.stop()
      await feeds.close()
      await digestQueue?.close()
      await queue?.close()
    },
  }
}
