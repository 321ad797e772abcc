/** Readeck (self-hosted): POST {base}/api/bookmarks with a Bearer token, JSON {url, title, labels} (202 = accepted). */
import { callService, expectOk, IntegrationError, joinUrl, type CallOptions } from '../integrationFetch.ts'
import type { SavedEntry } from '../savedEntry.ts'

export async function saveToReadeck(entry: SavedEntry, creds: { baseUrl?: string; token?: string }, options: CallOptions): Promise<string | null> {
  if (!creds.baseUrl || !creds.token) throw new IntegrationError('set the Readeck address and an API token')
  if (!entry.url) throw new IntegrationError('the entry has no URL')
  const answer = expectOk(await callService(joinUrl(creds.baseUrl, '/api/bookmarks'), { method: 'POST', headers: { authorization: `Bearer ${creds.token}`, 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ url: entry.url, title: entry.title ?? undefined, labels: ['brook'] }) }, options))
  return answer.headers.get('location')
}
