/** Cubox: POST to the user's own API link (…/c/api/save/{token}) JSON {type: 'url', content, title, description, tags, folder}. */
import { callService, expectOk, IntegrationError, type CallOptions } from '../integrationFetch.ts'
import type { SavedEntry } from '../savedEntry.ts'

export async function saveToCubox(entry: SavedEntry, creds: { apiUrl?: string }, options: CallOptions): Promise<null> {
  if (!creds.apiUrl) throw new IntegrationError('no Cubox API link set')
  if (!entry.url) throw new IntegrationError('the entry has no URL')
  const answer = expectOk(await callService(creds.apiUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'url', content: entry.url, title: entry.title ?? '', description: '', tags: [], folder: '' }) }, options))
  // Cubox answers 200 with its own code: 200 is success, anything else carries a message.
  const body = JSON.parse(answer.text || '{}') as { code?: number; message?: string }
  if (body.code !== undefined && body.code !== 200) throw new IntegrationError(`${body.code} ${body.message ?? 'error'}`)
  return null
}
