/** Zotero Web API v3: POST /users/{userId}/items (Zotero-API-Key, Zotero-API-Version: 3) with one webpage or blogPost item. */
import { callService, expectOk, IntegrationError, type CallOptions } from '../integrationFetch.ts'
import type { SavedEntry } from '../savedEntry.ts'

export const ZOTERO_BASE = 'https://api.zotero.org'

export async function saveToZotero(entry: SavedEntry, creds: { userId?: string; apiKey?: string; itemType?: 'webpage' | 'blogPost' }, options: CallOptions, base = ZOTERO_BASE): Promise<null> {
  if (!creds.userId || !creds.apiKey) throw new IntegrationError('set the Zotero user id and an API key')
  const itemType = creds.itemType ?? 'webpage'
  const item: Record<string, unknown> = {
    itemType,
    title: entry.title ?? entry.url ?? 'Untitled',
    url: entry.url ?? '',
    accessDate: new Date().toISOString().slice(0, 19).replace('T', ' '),
    date: entry.publishedAt.slice(0, 10),
    creators: entry.author ? [{ creatorType: 'author', name: entry.author }] : [],
    tags: [],
  }
  item[itemType === 'blogPost' ? 'blogTitle' : 'websiteTitle'] = entry.feedTitle ?? ''
  const answer = expectOk(
    await callService(`${base}/users/${encodeURIComponent(creds.userId)}/items`, { method: 'POST', headers: { 'zotero-api-key': creds.apiKey, 'zotero-api-version': '3', 'content-type': 'application/json' }, body: JSON.stringify([item]) }, options),
  )
  const failed = (JSON.parse(answer.text) as { failed?: Record<string, { code: number; message: string }> }).failed ?? {}
  const first = Object.values(failed)[0]
  if (first) throw new IntegrationError(`${first.code} ${first.message}`)
  return null
}
