/**
 * The WAL checkpointer's thread (see backgroundCheckpoint.ts): its own connection to the database
 * file, a PASSIVE checkpoint whenever the WAL has grown past the threshold. A checkpoint writes
 * the WAL's pages into the database file and fsyncs it — tens of milliseconds, here instead of
 * inside whichever request happened to commit the thousandth page. After `idleMs` without one it
 * ends (exit code 0); the main thread starts it again when the WAL grows.
 */
import fs from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import { DatabaseSync } from 'node:sqlite'

const { file, intervalMs, walBytes, idleMs } = workerData as { file: string; intervalMs: number; walBytes: number; idleMs: number }
const database = new DatabaseSync(file, { timeout: 5000 })
const checkpoint = database.prepare('PRAGMA wal_checkpoint(PASSIVE)')
let lastWork = Date.now()
/** The WAL's mtime when a checkpoint last copied all of it: unchanged since, there is nothing to do. */
let doneMtime = -1

function end(): void {
  clearInterval(timer)
  database.close()
  parentPort?.close()
}

const timer = setInterval(() => {
  let wal: fs.Stats | undefined
  try {
    wal = fs.statSync(`${file}-wal`)
  } catch {
    // no WAL yet
  }
  // SQLite reuses the WAL file from its start after a full checkpoint, so its size stays: it is
  // the mtime that tells whether anything was written since.
  if (!wal || wal.size < walBytes || wal.mtimeMs === doneMtime) {
    if (Date.now() - lastWork >= idleMs) end()
    return
  }
  // busy (another checkpointer, a writer holding the lock) is not an error: the next tick retries.
  const result = checkpoint.get() as { busy: number; log: number; checkpointed: number }
  if (result.busy === 0 && result.checkpointed === result.log) doneMtime = wal.mtimeMs
  lastWork = Date.now()
  parentPort?.postMessage('checkpointed')
}, intervalMs)

parentPort?.on('message', (message) => {
  if (message === 'stop') end()
})
