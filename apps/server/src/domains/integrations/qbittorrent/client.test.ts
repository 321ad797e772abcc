/** qBittorrent WebUI API v2: login for an SID cookie, then torrents/add with the entry's torrent and magnet links, faked on loopback. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { LOOPBACK, startFakeService } from '../../../test/fakeService.ts'
import { saveToQbittorrent } from './client.ts'
import { sampleEntry } from '../sampleEntry.ts'

let fake: Awaited<ReturnType<typeof startFakeService>>
beforeAll(async () => {
  fake = await startFakeService((r) => {
    if (r.path === '/api/v2/auth/login') {
      const form = new URLSearchParams(r.body)
      return form.get('username') === 'admin' && form.get('password') === 'adminadmin' ? { status: 200, headers: { 'set-cookie': 'SID=s3ss10n; HttpOnly; path=/' }, body: 'Ok.' } : { status: 200, body: 'Fails.' }
    }
    if (r.path === '/api/v2/torrents/add') return r.headers.cookie === 'SID=s3ss10n' ? { status: 200, body: 'Ok.' } : { status: 403, body: 'Forbidden' }
    return { status: 404 }
  })
})
afterAll(() => fake.close())

it('logs in, then adds every torrent/magnet link with the session cookie', async () => {
  await saveToQbittorrent(sampleEntry, { baseUrl: fake.url, username: 'admin', password: 'adminadmin' }, LOOPBACK)
  const [login, add] = fake.requests
  expect(login).toMatchObject({ method: 'POST', path: '/api/v2/auth/login' })
  expect(login.headers.referer).toBe(fake.url)
  expect(add).toMatchObject({ method: 'POST', path: '/api/v2/torrents/add' })
  expect(add.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
  expect(add.body).toContain('name="urls"')
  expect(add.body).toMatch(/magnet:\?xt=urn:btih:abc\r?\nhttps:\/\/tracker\.example\/file\.torrent/)
})

it('a failed login and an entry without torrents are reported', async () => {
  await expect(saveToQbittorrent(sampleEntry, { baseUrl: fake.url, username: 'admin', password: 'wrong' }, LOOPBACK)).rejects.toThrow('login failed: Fails.')
  await expect(saveToQbittorrent({ ...sampleEntry, torrents: [] }, { baseUrl: fake.url, username: 'admin', password: 'adminadmin' }, LOOPBACK)).rejects.toThrow('no torrent or magnet link')
})
