/** The Fever API on both databases, in the order Reeder and Unread call it: auth, groups, feeds, favicons, ids, items by since_id/max_id/with_ids, marks. */
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { insertEntries, insertFeed } from '../../test/factories.ts'
import { groupIdOf } from './service.ts'

describeEachDialect('Fever API', (dialect) => {
  let server: TestServer
  let a: TestClient
  let apiKey: string
  let bKey: string
  let news: string
  let misc: string
  let newsEntries: string[]
  let miscEntries: string[]

  /** A Fever call: POST ?api&<query> with api_key (and more) as a form. Raw text kept: ids exceed JavaScript's safe integers. */
  const fever = async (query: string, form: Record<string, string> = {}, key: string | null = apiKey) => {
    const body = new URLSearchParams(key === null ? form : { api_key: key, ...form })
    const res = await fetch(`${server.url}/api/fever/?api${query ? `&${query}` : ''}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body })
    const text = await res.text()
    // Ids as strings for comparison (they are bare JSON numbers beyond 2^53).
    return { status: res.status, type: res.headers.get('content-type'), text, json: JSON.parse(text.replace(/("(?:id|feed_id|group_id|favicon_id)":)(\d+)/g, '$1"$2"')) }
  }
  /** A 1×1 PNG inside an ICO directory: what a site's /favicon.ico is. */
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
  const entry = Buffer.alloc(16)
  entry.writeUInt8(1, 0)
  entry.writeUInt8(1, 1)
  entry.writeUInt16LE(1, 4)
  entry.writeUInt16LE(32, 6)
  entry.writeUInt32LE(png.length, 8)
  entry.writeUInt32LE(22, 12)
  const ico = Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0]), entry, png])
  /** Two sites: one with an icon (and a feed image that is gone), one answering an HTML page for everything. */
  let sites: http.Server[] = []
  const listen = (handler: http.RequestListener) =>
    new Promise<string>((resolve) => {
      const site = http.createServer(handler)
      sites.push(site)
      site.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(site.address() as AddressInfo).port}`))
    })
  const unreadOnWeb = async () => (await a.get('/api/reads')).body.data as Record<string, number>

  beforeAll(async () => {
    server = await startTestServer(dialect)
    a = await signedUpClient(server, 'fever-a@example.com')
    const b = await signedUpClient(server, 'fever-b@example.com')
    const db = server.database.db
    news = await insertFeed(db, { title: 'News <daily>' })
    misc = await insertFeed(db, { title: 'Misc' })
    const withIcon = await listen((req, res) => {
      if (req.url === '/favicon.ico') return void res.writeHead(200, { 'content-type': 'image/vnd.microsoft.icon' }).end(ico)
      res.writeHead(404).end()
    })
    const htmlOnly = await listen((_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Welcome</title>'))
    await db.updateTable('feeds').set({ image: `${withIcon}/gone.png`, siteUrl: `${withIcon}/blog/` }).where('id', '=', news).execute()
    await db.updateTable('feeds').set({ image: null, siteUrl: `${htmlOnly}/` }).where('id', '=', misc).execute()
    newsEntries = await insertEntries(db, news, 60)
    miscEntries = await insertEntries(db, misc, 5)
    await a.post('/api/subscriptions', { feedId: news, view: 0, category: 'Papers' })
    await a.post('/api/subscriptions', { feedId: misc, view: 0 })
    const token = (await a.post('/api/tokens', { name: 'Reeder' })).body.data.token
    apiKey = crypto.createHash('md5').update(`fever-a@example.com:${token}`).digest('hex')
    const bToken = (await b.post('/api/tokens', { name: 'b' })).body.data.token
    bKey = crypto.createHash('md5').update(`fever-b@example.com:${bToken}`).digest('hex')
  }, 60_000)

  afterAll(async () => {
    for (const site of sites) site.close()
    sites = []
    await server?.stop()
  })

  it('auth: 1 with md5(email:token); auth: 0 (JSON, never HTML) for a wrong, malformed or missing key or the account password', async () => {
    const ok = await fever('')
    expect(ok.json).toMatchObject({ api_version: 3, auth: 1 })
    expect(ok.type).toContain('application/json')
    for (const key of [crypto.createHash('md5').update('fever-a@example.com:correct horse battery').digest('hex'), 'not-a-key', '0'.repeat(32)]) {
      const refused = await fever('groups', {}, key)
      expect(refused.status).toBe(200)
      expect(refused.json).toEqual({ api_version: 3, auth: 0 })
    }
    expect((await fever('', {}, null)).json).toEqual({ api_version: 3, auth: 0 })
    const get = await fetch(`${server.url}/api/fever?api`)
    expect(await get.json()).toEqual({ api_version: 3, auth: 0 })
  })

  it('groups, feeds (with feeds_groups), links', async () => {
    const groups = (await fever('groups')).json
    const papers = groupIdOf('Papers')
    expect(groups.groups).toEqual([{ id: papers, title: 'Papers' }])
    expect(groups.feeds_groups).toEqual([{ group_id: papers, feed_ids: news }])
    const feeds = (await fever('feeds')).json
    expect(feeds.feeds.map((f: any) => f.id).sort()).toEqual([news, misc].sort())
    expect(feeds.feeds.find((f: any) => f.id === news)).toMatchObject({ title: 'News <daily>', is_spark: 0, url: `https://factory.example/${news}/feed.xml` })
    expect((await fever('links')).json.links).toEqual([])
    // Ids are JSON numbers, written exactly (beyond 2^53).
    expect((await fever('feeds')).text).toContain(`"id":${news}`)
  })

  it("favicons: each feed's icon, looked for in the background (feed image, then the site's /favicon.ico); none for a page that is not an image", async () => {
    // The first calls start the look; the icon is there once it has been fetched.
    await fever('feeds')
    await expect.poll(async () => (await fever('favicons')).json.favicons, { timeout: 20_000 }).toEqual([{ id: news, data: `image/x-icon;base64,${ico.toString('base64')}` }])
    const feeds = (await fever('feeds')).json.feeds
    expect(feeds.find((f: any) => f.id === news).favicon_id).toBe(news)
    // The HTML page served as favicon.ico is not an icon: that feed has none (favicon_id 0).
    expect(feeds.find((f: any) => f.id === misc).favicon_id).toBe('0')
    expect((await fever('feeds')).text).toContain(`"favicon_id":0`)
  })

  it('items in 50s by since_id and max_id, with_ids, unread and saved ids — as Reeder syncs', async () => {
    const unread = (await fever('unread_item_ids')).json.unread_item_ids.split(',')
    expect(unread.sort()).toEqual([...newsEntries, ...miscEntries].sort())
    expect((await fever('saved_item_ids')).json.saved_item_ids).toBe('')
    const all = [...newsEntries, ...miscEntries].sort((x, y) => (BigInt(x) < BigInt(y) ? -1 : 1))
    const seen: string[] = []
    let since = '0'
    for (;;) {
      const page = (await fever(`items&since_id=${since}`)).json
      expect(page.total_items).toBe(65)
      if (page.items.length === 0) break
      expect(page.items.length).toBeLessThanOrEqual(50)
      seen.push(...page.items.map((i: any) => i.id))
      since = page.items[page.items.length - 1].id
    }
    expect(seen).toEqual(all)
    const older = (await fever(`items&max_id=${all[10]}`)).json.items.map((i: any) => i.id)
    expect(older).toEqual(all.slice(0, 10).reverse())
    const some = (await fever(`items&with_ids=${miscEntries.join(',')},garbage`)).json.items
    expect(some.map((i: any) => i.id).sort()).toEqual([...miscEntries].sort())
    expect(some[0]).toMatchObject({ feed_id: misc, is_read: 0, is_saved: 0, html: expect.stringContaining('<p>Content of entry') })
  })

  it('marks items, feeds and groups through the web app\'s services; B cannot touch A', async () => {
    await fever('', { mark: 'item', as: 'read', id: miscEntries[0] as string })
    expect((await unreadOnWeb())[misc]).toBe(4)
    await fever('', { mark: 'item', as: 'unread', id: miscEntries[0] as string })
    expect((await unreadOnWeb())[misc]).toBe(5)
    const saved = await fever('', { mark: 'item', as: 'saved', id: miscEntries[1] as string })
    expect(saved.json.saved_item_ids).toBe(miscEntries[1])
    expect((await a.get('/api/collections')).body.data.map((s: any) => s.entryId)).toEqual([miscEntries[1]])
    await fever('', { mark: 'item', as: 'unsaved', id: miscEntries[1] as string })
    expect((await a.get('/api/collections')).body.data).toEqual([])

    // B marks A's entries: nothing of A changes.
    await fever('', { mark: 'item', as: 'saved', id: newsEntries[0] as string }, bKey)
    await fever('', { mark: 'group', as: 'read', id: '0' }, bKey)
    expect(await unreadOnWeb()).toEqual({ [news]: 60, [misc]: 5 })

    // A feed read before a time in the past: nothing added before then, so nothing marked.
    await fever('', { mark: 'feed', as: 'read', id: misc, before: String(Math.floor(Date.parse('2020-01-01') / 1000)) })
    expect((await unreadOnWeb())[misc]).toBe(5)
    await fever('', { mark: 'feed', as: 'read', id: misc, before: String(Math.floor(Date.now() / 1000) + 60) })
    expect((await unreadOnWeb())[misc]).toBe(0)
    await fever('', { mark: 'group', as: 'read', id: groupIdOf('Papers'), before: String(Math.floor(Date.now() / 1000) + 60) })
    expect(await unreadOnWeb()).toEqual({ [news]: 0, [misc]: 0 })
    expect((await fever('unread_item_ids')).json.unread_item_ids).toBe('')
    const bad = await fever('', { mark: 'item', as: 'read', id: 'x' })
    expect(bad.json).toMatchObject({ auth: 1, error: 'id must be a number' })
  })
})
