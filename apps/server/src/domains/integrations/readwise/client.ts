/** Readwise Reader: POST /api/v3/save/ with `Authorization: Token …` (readwise.io/reader_api). */
import { callService, expectOk, IntegrationError, type CallOptions } from '../integrationFetch.ts'
import type { SavedEntry } from '../savedEntry.ts'

export const READWISE_BASE = 'https://readwise.io'

export async function saveToReadwise(entry: SavedEntry, creds: { token?: string }, options: CallOptions, base = READWISE_BASE): Promise<string | null> {
  if (!creds.token) throw new IntegrationError('no access token set')
  if (!entry.url) throw new IntegrationError('the entry has no URL')
  const body = { url: entry.url, title: entry.title ?? undefined, author: entry.author ?? undefined, published_date: entry.publishedAt, html: entry.content ?? undefined, should_clean_html: true, saved_using: 'Brook' }
  const answer = expectOk(await callService(`${base}/api/v3/save/`, { method: 'POST', headers: { authorization: `Token ${creds.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }, options))
  try {
    return (JSON.parse(answer.text) as { url?: string }).url ?? null
  } catch {
    return null
  }
}
