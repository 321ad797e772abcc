/**
 * The WAL checkpointer's thread (see backgroundCheckpoint.ts): its own connection to the database
 * file, a PASSIVE checkpoint whenever the WAL has grown past the threshold. A checkpoint writes
 * the WAL's pages into the database file and fsyncs it — tens of milliseconds, here instead of
 * inside whichever request happened to commit the thousandth page.
 */
import fs from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import { DatabaseSync } from 'node:sqlite'

const { file, intervalMs, walBytes } = workerData as { file: string; intervalMs: number; walBytes: number }
const database = new DatabaseSync(file, { timeout: 5000 })
const checkpoint = database.prepare('PRAGMA wal_checkpoint(PASSIVE)')

function walSize(): number {
  try {
    return fs.statSync(`${file}-wal`).size
  } catch {
    return 0
  }
}

const timer = setInterval(() => {
  if (walSize() < walBytes) return
  // busy (another checkpointer, a writer holding the lock) is not an error: the next tick retries.
  checkpoint.get()
  parentPort?.postMessage('checkpointed')
}, intervalMs)

parentPort?.on('message', (message) => {
  if (message !== 'stop') return
  clearInterval(timer)
  database.close()
  parentPort?.close()
})
