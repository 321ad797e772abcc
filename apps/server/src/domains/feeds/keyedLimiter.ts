/** @module A semaphore per key (a feed's host): at most `limit` tasks of one key run at once, FIFO. */

export type KeyedLimiter = {
  /** Runs `task` when its key has a free slot. */
  run<T>(key: string, task: () => Promise<T>): Promise<T>
  /** Tasks running under a key now. */
  active(key: string): number
}

/** A limiter with `limit` slots per key; keys with nothing running or waiting cost nothing. */
export function createKeyedLimiter(limit: number): KeyedLimiter {
  const running = new Map<string, number>()
  const waiting = new Map<string, Array<() => void>>()

  const release = (key: string) => {
    const queue = waiting.get(key)
    const next = queue?.shift()
    if (queue && queue.length === 0) waiting.delete(key)
    if (next) return next() // the slot passes straight to the next waiter
    const n = (running.get(key) ?? 1) - 1
    if (n > 0) running.set(key, n)
    else running.delete(key)
  }

  return {
    async run(key, task) {
      const n = running.get(key) ?? 0
      if (n < limit) running.set(key, n + 1)
      else
        await new Promise<void>((resolve) => {
          const queue = waiting.get(key) ?? []
          queue.push(resolve)
          waiting.set(key, queue)
        })
      try {
        return await task()
      } finally {
        release(key)
      }
    },
    active: (key) => running.get(key) ?? 0,
  }
}
