/** Instapaper Simple API: POST /api/add with HTTP Basic auth and form fields url, title, selection (201 = saved). */
import { callService, IntegrationError, type CallOptions } from '../integrationFetch.ts'
import type { SavedEntry } from '../savedEntry.ts'

export const INSTAPAPER_BASE = 'https://www.instapaper.com'

const MEANING: Record<number, string> = { 400: 'bad request or exceeded rate limit', 403: 'invalid username or password', 500: 'the service encountered an error' }

export async function saveToInstapaper(entry: SavedEntry, creds: { username?: string; password?: string }, options: CallOptions, base = INSTAPAPER_BASE): Promise<null> {
  if (!creds.username) throw new IntegrationError('no username set')
  if (!entry.url) throw new IntegrationError('the entry has no URL')
  const form = new URLSearchParams({ url: entry.url })
  if (entry.title) form.set('title', entry.title)
  const auth = Buffer.from(`${creds.username}:${creds.password ?? ''}`).toString('base64')
  const answer = await callService(`${base}/api/add`, { method: 'POST', headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() }, options)
  if (answer.status !== 201 && answer.status !== 200) throw new IntegrationError(`${answer.status} ${MEANING[answer.status] ?? (answer.text.trim() || 'error')}`)
  return null
}
