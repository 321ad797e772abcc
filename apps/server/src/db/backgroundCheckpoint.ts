/**
 * Moves SQLite's WAL checkpoints off the event loop (docs/performance.md, "Checkpoints"). By
 * default SQLite checkpoints inside the COMMIT that grows the WAL past 1,000 pages, and node:sqlite
 * is synchronous, so that request — and every request queued behind it — waits for the copy and
 * its fsync. Here the main connection stops checkpointing itself and a worker thread with its own
 * connection checkpoints when the WAL passes the same size. If the worker fails, the main
 * connection checkpoints itself again.
 *
 * The thread is a second V8 isolate (~10 MB), so it runs only while there is writing to keep up
 * with: until the WAL first passes the threshold the main thread only looks at its size (a `stat`
 * per tick), and a worker that has had nothing to do for `idleMs` ends itself and the watching
 * starts again. An idle server holds no such thread (issue #14: memory of an idle server).
 */
import fs from 'node:fs'
import { Worker } from 'node:worker_threads'
import type { DatabaseSync } from 'node:sqlite'

export type BackgroundCheckpoint = {
  /** Resolves with each checkpoint the worker runs (tests). */
  onCheckpoint(listener: () => void): void
  /** Whether the checkpointing thread is running now. */
  running(): boolean
  stop(): Promise<void>
}

/** SQLite's own default threshold: 1,000 pages of 4 KiB. */
const WAL_BYTES = 1000 * 4096
/** A worker with no checkpoint to run for this long ends (the main thread watches again). */
const IDLE_MS = 30_000

export function startBackgroundCheckpoint(
  sqlite: DatabaseSync,
  file: string,
  options: { intervalMs?: number; walBytes?: number; idleMs?: number } = {},
): BackgroundCheckpoint {
  sqlite.exec('PRAGMA wal_autocheckpoint = 0')
  const intervalMs = options.intervalMs ?? 250
  const walBytes = options.walBytes ?? WAL_BYTES
  const idleMs = options.idleMs ?? IDLE_MS
  const listeners: (() => void)[] = []
  let stopping = false
  let failed = false
  let worker: Worker | undefined
  let watch: NodeJS.Timeout | undefined

  const fallBack = () => {
    failed = true
    if (watch) clearInterval(watch)
    if (!stopping && sqlite.isOpen) sqlite.exec('PRAGMA wal_autocheckpoint = 1000')
  }
  /** The WAL's size and mtime (0 and -1 when there is none). */
  const wal = () => {
    try {
      const stat = fs.statSync(`${file}-wal`)
      return { size: stat.size, mtimeMs: stat.mtimeMs }
    } catch {
      return { size: 0, mtimeMs: -1 }
    }
  }
  /** Watches the WAL; the worker starts once it passes the threshold and was written since `since` (an mtime). */
  const startWatching = (since = -2) => {
    if (stopping || failed) return
    watch = setInterval(() => {
      const now = wal()
      if (now.size >= walBytes && now.mtimeMs !== since) startWorker()
    }, intervalMs)
    // Watching must not keep the process alive on its own.
    watch.unref()
  }
  const startWorker = () => {
    if (watch) clearInterval(watch)
    watch = undefined
    const started = new Worker(new URL('./checkpointWorker.ts', import.meta.url), { workerData: { file, intervalMs, walBytes, idleMs } })
    worker = started
    // The worker must not keep the process alive on its own.
    started.unref()
    started.on('message', () => listeners.forEach((listener) => listener()))
    started.on('error', fallBack)
    // Exit code 0: it ran out of work and ended itself (anything else is a failure or terminate()).
    started.on('exit', (code) => {
      if (worker === started) worker = undefined
      if (stopping) return
      if (code === 0) startWatching(wal().mtimeMs)
      else fallBack()
    })
  }
  startWatching()

  return {
    onCheckpoint: (listener) => void listeners.push(listener),
    running: () => worker !== undefined,
    async stop() {
      stopping = true
      if (watch) clearInterval(watch)
      const running = worker
      if (!running) return
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()))
      running.postMessage('stop')
      // This timer is referenced on purpose: with the worker unref'd, nothing else may hold the
      // event loop while a short-lived process (the CLI) closes, and Node would exit mid-close.
      let timer: NodeJS.Timeout | undefined
      await Promise.race([exited, new Promise<void>((resolve) => (timer = setTimeout(resolve, 2000)))])
      clearTimeout(timer)
      await running.terminate()
    },
  }
}
