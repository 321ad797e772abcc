/**
 * The real client: Debian's newsboat (2.21) in its `feedhq` mode against /api/greader. It signs in
 * with ClientLogin, reads subscription/list and /reader/atom/{streamId}?n=…, takes read state from
 * the Atom categories, and must count exactly the unread entries GET /api/reads counts — also
 * after entries are marked read (or unread again) in the web app or through the API.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, signedUpClient, type TestClient, type TestServer } from '../../test/testServer.ts'
import { tempDir } from '../../test/testDatabase.ts'
import { insertEntries, insertFeed } from '../../test/factories.ts'

const run = promisify(execFile)
const NEWSBOAT = '/usr/bin/newsboat'

describe.runIf(fs.existsSync(NEWSBOAT))('newsboat (feedhq mode) against the Google Reader API', () => {
  let server: TestServer
  let a: TestClient
  let home: string
  let feeds: string[]
  let entries: string[][]
  let token: string

  /** `newsboat -x reload print-unread` with its own config, cache and home: the unread count it prints. */
  async function newsboatUnread(): Promise<number> {
    const { stdout } = await run(NEWSBOAT, ['-C', path.join(home, 'config'), '-c', path.join(home, 'cache.db'), '-u', path.join(home, 'urls'), '-x', 'reload', 'print-unread'], {
      env: { HOME: home, PATH: process.env.PATH ?? '/usr/bin:/bin', TERM: 'dumb', LANG: 'C.UTF-8' },
      timeout: 60_000,
    })
    const m = /(\d+) unread articles/.exec(stdout)
    if (!m) throw new Error(`newsboat printed: ${stdout}`)
    return Number(m[1])
  }

  const webUnread = async () => Object.values((await a.get('/api/reads')).body.data as Record<string, number>).reduce((x, y) => x + y, 0)

  beforeAll(async () => {
    server = await startTestServer('sqlite')
    a = await signedUpClient(server, 'newsboat@example.com')
    const db = server.database.db
    feeds = [await insertFeed(db, { title: 'First & foremost' }), await insertFeed(db, { title: 'Second' })]
    entries = [await insertEntries(db, feeds[0] as string, 7), await insertEntries(db, feeds[1] as string, 4)]
    await a.post('/api/subscriptions', { feedId: feeds[0], view: 0, category: 'News' })
    await a.post('/api/subscriptions', { feedId: feeds[1], view: 0 })
    token = (await a.post('/api/tokens', { name: 'newsboat' })).body.data.token as string
    home = tempDir('brook-newsboat-')
    fs.writeFileSync(path.join(home, 'urls'), '')
    fs.writeFileSync(
      path.join(home, 'config'),
      [
        'urls-source "feedhq"',
        `feedhq-url "${server.url}/api/greader"`,
        'feedhq-login "newsboat@example.com"',
        `feedhq-password "${token}"`,
        // The special feeds are fixed feedhq.org URLs: never fetched from here.
        'feedhq-show-special-feeds no',
        'feedhq-min-items 100',
        'download-retries 1',
        'reload-threads 2',
      ].join('\n') + '\n',
    )
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    if (home) fs.rmSync(home, { recursive: true, force: true })
  })

  it('lists the same unread count as GET /api/reads, and follows reads made in the web app and through the API', async () => {
    expect(await webUnread()).toBe(11)
    expect(await newsboatUnread()).toBe(11)

    // Read in the web app: newsboat shows them read after a reload.
    await a.post('/api/reads', { entryIds: (entries[0] as string[]).slice(0, 3) })
    expect(await webUnread()).toBe(8)
    expect(await newsboatUnread()).toBe(8)

    // Read through the Google Reader API (as another client would, with the T token).
    const auth = { authorization: `GoogleLogin auth=${token}` }
    const T = await (await fetch(`${server.url}/api/greader/reader/api/0/token`, { headers: auth })).text()
    const form = new URLSearchParams({ i: (entries[0] as string[])[3] as string, a: 'user/-/state/com.google/read', T: T.trim() })
    const edit = await fetch(`${server.url}/api/greader/reader/api/0/edit-tag`, { method: 'POST', headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' }, body: form })
    expect(await edit.text()).toBe('OK')
    expect(await webUnread()).toBe(7)
    expect(await newsboatUnread()).toBe(7)

    // A whole feed marked read in the web app.
    await a.post('/api/reads/all', { feedId: feeds[1] })
    expect(await webUnread()).toBe(3)
    expect(await newsboatUnread()).toBe(3)

    // Unread again in the web app: newsboat follows that too (the entries carry "fresh").
    await a.delete('/api/reads', { entryIds: [(entries[0] as string[])[0], (entries[1] as string[])[0]] })
    expect(await webUnread()).toBe(5)
    expect(await newsboatUnread()).toBe(5)
  }, 180_000)
})
