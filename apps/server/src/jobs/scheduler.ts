/**
 * @module The scheduler role (miniflux-style, driven by feeds.nextCheckAt): each tick claims a
 * batch of due subscribed feeds, interleaves them by host so one big host does not hold the
 * workers, and enqueues a RefreshFeedTask per feed. Back-pressure: it never keeps more than one
 * batch waiting in the queue; a full batch makes the next tick come soon instead of a full
 * interval later, so a backlog drains at the workers' pace.
 */
import type { Logger } from '../lib/logger.ts'
import type { FeedService } from '../domains/feeds/service.ts'
import { hostOf } from '../domains/feeds/feedUrl.ts'
import type { RefreshFeedTask } from './RefreshFeedTask.ts'
import type { RefreshQueue } from './queue.ts'

export type SchedulerOptions = {
  feeds: Pick<FeedService, 'claimDueFeeds'>
  queue: Pick<RefreshQueue, 'enqueue' | 'waiting'>
  logger: Logger
  intervalMs: number
  batchSize: number
  /** Delay before the next tick while a backlog is draining. */
  busyIntervalMs?: number
}

export type Scheduler = {
  start(): void
  /** One tick now; returns how many feeds it enqueued. */
  tick(): Promise<number>
  stop(): Promise<void>
}

/** Orders tasks round-robin over their hosts, keeping each host's own order. */
export function interleaveByHost(tasks: RefreshFeedTask[]): RefreshFeedTask[] {
  const byHost = new Map<string, RefreshFeedTask[]>()
  for (const task of tasks) {
    const host = hostOf(task.url)
    const list = byHost.get(host)
    if (list) list.push(task)
    else byHost.set(host, [task])
  }
  if (byHost.size <= 1) return tasks
  const lists = [...byHost.values()]
  const out: RefreshFeedTask[] = []
  for (let round = 0; out.length < tasks.length; round++) {
    for (const list of lists) if (round < list.length) out.push(list[round])
  }
  return out
}

export function createScheduler(options: SchedulerOptions): Scheduler {
  const { feeds, queue, logger, intervalMs, batchSize } = options
  const busyIntervalMs = options.busyIntervalMs ?? Math.min(250, intervalMs)
  let timer: NodeJS.Timeout | null = null
  let running: Promise<number> | null = null
  let stopped = true

  /** Whether more work may be due right now (queue full, or the claim used all the room). */
  let backlog = false

  async function tick(): Promise<number> {
    const room = batchSize - (await queue.waiting())
    if (room <= 0) {
      backlog = true
      return 0
    }
    const due = await feeds.claimDueFeeds(room)
    backlog = due.length >= room
    if (due.length > 0) await queue.enqueue(interleaveByHost(due.map((f) => ({ feedId: f.id, url: f.url }))))
    return due.length
  }

  function schedule(delay: number) {
    if (stopped) return
    timer = setTimeout(() => {
      timer = null
      running = tick().catch((error: unknown) => {
        logger.error({ err: error }, 'scheduler tick failed')
        backlog = false
        return 0
      })
      void running.then(() => {
        running = null
        schedule(backlog ? busyIntervalMs : intervalMs)
      })
    }, delay)
    timer.unref?.()
  }

  return {
    start() {
      if (!stopped) return
      stopped = false
      schedule(0)
    },
    tick,
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      timer = null
      await running?.catch(() => 0)
    },
  }
}
