/**
 * qBittorrent WebUI API v2: POST /api/v2/auth/login (form username, password; answers "Ok." with
 * an SID cookie), then POST /api/v2/torrents/add (multipart `urls`, newline-separated) with that
 * cookie. The Referer header satisfies the WebUI's CSRF check.
 */
import { callService, IntegrationError, joinUrl, type CallOptions } from '../integrationFetch.ts'
import { undici } from '../../../lib/undiciModule.ts'
import type { SavedEntry } from '../savedEntry.ts'

export async function saveToQbittorrent(entry: SavedEntry, creds: { baseUrl?: string; username?: string; password?: string }, options: CallOptions): Promise<null> {
  if (!creds.baseUrl) throw new IntegrationError('set the qBittorrent WebUI address')
  if (entry.torrents.length === 0) throw new IntegrationError('the entry has no torrent or magnet link')
  const referer = creds.baseUrl.replace(/\/+$/, '')
  const login = await callService(joinUrl(creds.baseUrl, '/api/v2/auth/login'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', referer }, body: new URLSearchParams({ username: creds.username ?? '', password: creds.password ?? '' }).toString() }, options)
  const sid = /\bSID=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1]
  if (!login.ok || login.text.trim() !== 'Ok.' || !sid) throw new IntegrationError(login.status === 403 ? '403 banned after too many failed logins' : `login failed: ${login.text.trim() || login.status}`)
  const form = new (undici().FormData)()
  form.set('urls', entry.torrents.join('\n'))
  const add = await callService(joinUrl(creds.baseUrl, '/api/v2/torrents/add'), { method: 'POST', headers: { cookie: `SID=${sid}`, referer }, body: form }, options)
  if (!add.ok || add.text.trim() === 'Fails.') throw new IntegrationError(`${add.status} ${add.text.trim() || 'torrent not added'}`)
  return null
}
