/** Data control (SPEC §2, §7): export the local database as a `.db` file; Reset Local Database. */
import { LOCAL_DB_NAME } from '@brook/shared'
import { localDb } from '../db/index.ts'
import { resetLocalData } from '../lib/storage.ts'
import { clearPersistedQueries } from './queryCache.ts'
import { resetStores } from './hydrate.ts'

/** The local database file as a Blob, read in chunks of 65536 bytes. */
export async function exportLocalDatabaseBlob(): Promise<Blob> {
  const chunks = await localDb.exportChunks()
  return new Blob(chunks as BlobPart[], { type: 'application/vnd.sqlite3' })
}

/** The download name: `brook-YYYY-MM-DD.db`. */
export function exportFileName(now = new Date()): string {
  return `brook-${now.toISOString().slice(0, 10)}.db`
}

/** Downloads the local database as a `.db` file. */
export async function exportLocalDatabase(): Promise<void> {
  const blob = await exportLocalDatabaseBlob()
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = exportFileName()
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** Removes the OPFS file directly (when no worker holds it, e.g. on the error page). */
async function removeOpfsFile(): Promise<void> {
  try {
    const root = await navigator.storage.getDirectory()
    for (const suffix of ['', '-journal', '-wal']) await root.removeEntry(LOCAL_DB_NAME + suffix).catch(() => undefined)
  } catch {
    // No OPFS: nothing stored there.
  }
}

/**
 * Reset Local Database: deletes the local database (unsent writes included), the persisted
 * query cache and every `brook:` key, then reloads at `/`.
 */
export async function resetLocalDatabase(options: { reload?: boolean } = {}): Promise<void> {
  resetStores()
  clearPersistedQueries()
  if (localDb.isOpen) await localDb.wipe().catch(() => undefined)
  await localDb.close().catch(() => undefined)
  await removeOpfsFile()
  await resetLocalData()
  if (options.reload !== false) window.location.assign('/')
}
