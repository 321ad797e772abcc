/**
 * One search thread (searchThreads.ts): a read-only connection to the server's SQLite file, the
 * search repo over it, and the hits built beside the query — the FTS5 walk, the permission check,
 * the ranking, highlights and snippets all run here, off the server's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { openSqliteReader } from '../../db/openDatabase.ts'
import { searchRepo, type EntrySearchQuery } from './repo.ts'
import { hitsOf } from './hits.ts'

/** A query sent to a search thread. */
export type SearchRequest = { id: number; query: EntrySearchQuery }
/**
 * Its answer: the hits as JSON text (one flat string crosses threads for a fraction of what
 * structured-cloning a hundred small objects costs), or why it failed.
 */
export type SearchReply = { id: number; hits?: string; error?: string }

const { file } = workerData as { file: string }
const reader = openSqliteReader(file)
const repo = searchRepo(reader.db, 'sqlite')

parentPort?.on('message', async (message: SearchRequest | 'stop') => {
  if (message === 'stop') {
    await reader.close()
    parentPort?.close()
    return
  }
  let reply: SearchReply
  try {
    reply = { id: message.id, hits: JSON.stringify(hitsOf(await repo.searchEntries(message.query), message.query.terms)) }
  } catch (error) {
    reply = { id: message.id, error: error instanceof Error ? error.message : String(error) }
  }
  parentPort?.postMessage(reply)
})
