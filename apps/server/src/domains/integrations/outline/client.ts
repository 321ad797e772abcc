/** Outline: POST {base}/api/documents.create (Bearer API key) with the entry as Markdown into the chosen collection. */
import { callService, expectOk, IntegrationError, joinUrl, type CallOptions } from '../integrationFetch.ts'
import { toMarkdown, type SavedEntry } from '../savedEntry.ts'

export async function saveToOutline(entry: SavedEntry, creds: { baseUrl?: string; token?: string; collectionId?: string }, options: CallOptions): Promise<string | null> {
  if (!creds.baseUrl || !creds.token || !creds.collectionId) throw new IntegrationError('set the Outline address, an API key and a collection')
  const source = entry.url ? `[${entry.feedTitle ?? entry.url}](${entry.url})\n\n` : ''
  const text = `${source}${toMarkdown(entry.content)}`
  const answer = expectOk(await callService(joinUrl(creds.baseUrl, '/api/documents.create'), { method: 'POST', headers: { authorization: `Bearer ${creds.token}`, 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ title: entry.title || 'Untitled', text, collectionId: creds.collectionId, publish: true }) }, options))
  const url = (JSON.parse(answer.text) as { data?: { url?: string } }).data?.url
  return url ? joinUrl(creds.baseUrl, url) : null
}
