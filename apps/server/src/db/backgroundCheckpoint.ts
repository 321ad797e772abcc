/**
 * Moves SQLite's WAL checkpoints off the event loop (docs/performance.md, "Checkpoints"). By
 * default SQLite checkpoints inside the COMMIT that grows the WAL past 1,000 pages, and node:sqlite
 * is synchronous, so that request — and every request queued behind it — waits for the copy and
 * its fsync. Here the main connection stops checkpointing itself and a worker thread with its own
 * connection checkpoints when the WAL passes the same size. If the worker fails, the main
 * connection checkpoints itself again.
 */
import { Worker } from 'node:worker_threads'
import type { DatabaseSync } from 'node:sqlite'

export type BackgroundCheckpoint = {
  /** Resolves with each checkpoint the worker runs (tests). */
  onCheckpoint(listener: () => void): void
  stop(): Promise<void>
}

/** SQLite's own default threshold: 1,000 pages of 4 KiB. */
const WAL_BYTES = 1000 * 4096

export function startBackgroundCheckpoint(sqlite: DatabaseSync, file: string, options: { intervalMs?: number; walBytes?: number } = {}): BackgroundCheckpoint {
  sqlite.exec('PRAGMA wal_autocheckpoint = 0')
  const worker = new Worker(new URL('./checkpointWorker.ts', import.meta.url), {
    workerData: { file, intervalMs: options.intervalMs ?? 250, walBytes: options.walBytes ?? WAL_BYTES },
  })
  // The worker must not keep the process alive on its own.
  worker.unref()
  const listeners: (() => void)[] = []
  let stopping = false
  const fallBack = () => {
    if (!stopping && sqlite.isOpen) sqlite.exec('PRAGMA wal_autocheckpoint = 1000')
  }
  worker.on('message', () => listeners.forEach((listener) => listener()))
  worker.on('error', fallBack)
  worker.on('exit', fallBack)
  return {
    onCheckpoint: (listener) => void listeners.push(listener),
    async stop() {
      stopping = true
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
      worker.postMessage('stop')
      // This timer is referenced on purpose: with the worker unref'd, nothing else may hold the
      // event loop while a short-lived process (the CLI) closes, and Node would exit mid-close.
      let timer: NodeJS.Timeout | undefined
      await Promise.race([exited, new Promise<void>((resolve) => (timer = setTimeout(resolve, 2000)))])
      clearTimeout(timer)
      await worker.terminate()
    },
  }
}
