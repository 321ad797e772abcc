/** @module The default refresh queue: a FIFO in memory feeding a pool of `concurrency` async workers. */
import type { Logger } from '../lib/logger.ts'
import type { RefreshFeedTask } from './RefreshFeedTask.ts'
import type { RefreshHandler, RefreshQueue } from './queue.ts'

/** A queue living in this process; a feed id is held once, from enqueue until its task ends. */
export function createInProcessQueue(options: { logger: Logger }): RefreshQueue {
  const pending: RefreshFeedTask[] = []
  let head = 0
  const held = new Set<string>()
  const running = new Set<Promise<void>>()
  let handler: RefreshHandler | null = null
  let concurrency = 0
  let closed = false

  const pump = () => {
    while (handler && !closed && running.size < concurrency && head < pending.length) {
      const task = pending[head++]
      const run = handler(task)
        .then(
          () => {},
          (error: unknown) => options.logger.error({ err: error, feedId: task.feedId }, 'refresh task failed'),
        )
        .finally(() => {
          held.delete(task.feedId)
          running.delete(run)
          pump()
        })
      running.add(run)
    }
    // Compact the array once its consumed prefix dominates.
    if (head > 1024 && head * 2 > pending.length) {
      pending.splice(0, head)
      head = 0
    }
  }

  return {
    kind: 'in-process',
    async enqueue(tasks) {
      if (closed) return
      for (const task of tasks) {
        if (held.has(task.feedId)) continue
        held.add(task.feedId)
        pending.push(task)
      }
      pump()
    },
    process(fn, opts) {
      handler = fn
      concurrency = Math.max(1, opts.concurrency)
      pump()
    },
    async waiting() {
      return pending.length - head
    },
    async close() {
      closed = true
      for (const task of pending.slice(head)) held.delete(task.feedId)
      pending.length = 0
      head = 0
      await Promise.allSettled([...running])
    },
  }
}
