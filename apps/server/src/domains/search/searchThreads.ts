/**
 * Entry search off the event loop (docs/search.md "Speed"): on SQLite, `searchEntries` runs in a
 * small pool of worker threads, each with its own read-only connection to the database file
 * (searchWorker.ts). node:sqlite is synchronous, so on the server's one connection twenty
 * concurrent searches would run one after another on the event loop, and every other request
 * would wait behind them; here they run beside it, as many at once as there are threads, and the
 * main thread only parses the request and writes the answer. WAL mode lets the readers see every
 * committed write without ever blocking the writer.
 *
 * Threads start on the first search (a server nobody searches never starts one) and end after
 * `idleMs` (30 s) without one, so an idle server holds none (issue #14: its memory). A thread that
 * dies fails only its own query and is replaced on the next; a thread that cannot open the
 * database at all makes the pool give up, and the caller searches in process again.
 */
import { Worker } from 'node:worker_threads'
import type { Logger } from '../../lib/logger.ts'
import type { EntrySearchQuery } from './repo.ts'
import type { EntrySearchHit } from './hits.ts'
import type { SearchReply, SearchRequest } from './searchWorker.ts'

export type SearchThreads = {
  /** The query's hits from a thread; null when the pool has given up (then search in process). */
  search(query: EntrySearchQuery): Promise<EntrySearchHit[] | null>
  /** Threads running now (tests). */
  size(): number
  close(): Promise<void>
}

/** A thread with no search for this long ends. */
const IDLE_MS = 30_000

type Pending = { resolve(hits: EntrySearchHit[] | null): void; reject(error: Error): void }
type Thread = { worker: Worker; busy: Pending & { id: number } | null; answered: boolean; idle?: NodeJS.Timeout }

export function startSearchThreads({ file, threads, logger, idleMs = IDLE_MS }: { file: string; threads: number; logger: Logger; idleMs?: number }): SearchThreads {
  const pool: Thread[] = []
  const queue: { request: SearchRequest; pending: Pending }[] = []
  let nextId = 1
  let gaveUp = false
  let closed = false

  function giveUp(reason: unknown): void {
    if (gaveUp) return
    gaveUp = true
    logger.error({ err: reason }, 'search: the search threads cannot open the database; searching on the main thread')
    for (const { pending } of queue.splice(0)) pending.resolve(null)
  }

  /** An idle thread leaves the pool and ends (the next search starts a new one). */
  function retire(thread: Thread): void {
    const index = pool.indexOf(thread)
    if (index < 0 || thread.busy) return
    pool.splice(index, 1)
    thread.worker.postMessage('stop')
  }

  function spawn(): Thread {
    const worker = new Worker(new URL('./searchWorker.ts', import.meta.url), { workerData: { file } })
    // The pool must not keep the process alive on its own.
    worker.unref()
    const thread: Thread = { worker, busy: null, answered: false }
    worker.on('message', (reply: SearchReply) => {
      const pending = thread.busy
      thread.busy = null
      thread.answered = true
      if (pending && pending.id === reply.id) {
        if (reply.error !== undefined) pending.reject(new Error(`search thread: ${reply.error}`))
        else pending.resolve(JSON.parse(reply.hits ?? '[]') as EntrySearchHit[])
      }
      dispatch()
      if (!thread.busy) {
        thread.idle = setTimeout(() => retire(thread), idleMs)
        thread.idle.unref()
      }
    })
    const lost = (reason: unknown) => {
      const index = pool.indexOf(thread)
      if (index < 0) return
      pool.splice(index, 1)
      const pending = thread.busy
      thread.busy = null
      if (closed) return pending?.resolve(null)
      // Never answered: it could not start (a database it cannot open); the main thread takes over.
      if (!thread.answered) {
        pending?.resolve(null)
        return giveUp(reason)
      }
      pending?.reject(reason instanceof Error ? reason : new Error(`search thread exited (${String(reason)})`))
      logger.error({ err: reason }, 'search: a search thread stopped; it is replaced on the next search')
      dispatch()
    }
    worker.on('error', lost)
    worker.on('exit', (code) => lost(code))
    pool.push(thread)
    return thread
  }

  function dispatch(): void {
    while (queue.length > 0 && !gaveUp && !closed) {
      const thread = pool.find((t) => t.busy === null) ?? (pool.length < threads ? spawn() : null)
      if (!thread) return
      const { request, pending } = queue.shift()!
      clearTimeout(thread.idle)
      thread.busy = { ...pending, id: request.id }
      thread.worker.postMessage(request)
    }
  }

  return {
    search(query) {
      if (gaveUp || closed) return Promise.resolve(null)
      return new Promise((resolve, reject) => {
        queue.push({ request: { id: nextId++, query }, pending: { resolve, reject } })
        dispatch()
      })
    },
    size: () => pool.length,
    async close() {
      closed = true
      for (const thread of pool) clearTimeout(thread.idle)
      for (const { pending } of queue.splice(0)) pending.resolve(null)
      await Promise.all(
        pool.map(async ({ worker }) => {
          const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
          worker.postMessage('stop')
          let timer: NodeJS.Timeout | undefined
          await Promise.race([exited, new Promise<void>((resolve) => (timer = setTimeout(resolve, 2000)))])
          clearTimeout(timer)
          await worker.terminate()
        }),
      )
    },
  }
}
