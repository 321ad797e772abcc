/**
 * RSSHub on your own instances, over HTTP on both databases, against fake RSSHubs on loopback:
 * instances (add with a health check, list, use, delete, 13000–13007), the route catalogue and its
 * 1-hour cache, rsshub:// feeds previewed, followed and refreshed through the chosen instance with
 * its access key, the RSSHUB_URL seed, and the private-network rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { startFakeRsshub, type FakeRsshub } from '../../test/fakeRsshub.ts'

describeEachDialect('RSSHub API', (dialect) => {
  let server: TestServer
  let hub: FakeRsshub
  let keyed: FakeRsshub
  let html: FakeRsshub
  let a: TestClient // the instance's first account: admin
  let b: TestClient // free plan: may own no instance
  let mine: string
  let shared: string

  beforeAll(async () => {
    ;[hub, keyed, html] = await Promise.all([startFakeRsshub(), startFakeRsshub({ accessKey: 'hub-secret-key' }), startFakeRsshub({ mode: 'html' })])
    server = await startTestServer(dialect, { SERVICES: 'web' })
    a = await signedUpClient(server, 'hub-a@example.com')
    b = await signedUpClient(server, 'hub-b@example.com')
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    await Promise.all([hub?.close(), keyed?.close(), html?.close()])
  })

  it('refuses instances that are not http(s), not RSSHub, or down, with the reason', async () => {
    const notHttp = await a.post('/api/rsshub', { baseUrl: 'ftp://hub.example/' })
    expect([notHttp.status, notHttp.body.code]).toEqual([400, 13006])
    const page = await a.post('/api/rsshub', { baseUrl: html.url })
    expect(page.body.code).toBe(13007)
    expect(page.body.reason).toMatch(/HTML/)
    const down = await a.post('/api/rsshub', { baseUrl: 'http://127.0.0.1:1' })
    expect(down.body.code).toBe(13007)
    expect(down.body.reason).toContain('127.0.0.1:1')
  })

  it('adds my instance after a health check; the free plan may add none (13004)', async () => {
    const created = await a.post('/api/rsshub', { baseUrl: `${keyed.url}/`, accessKey: 'hub-secret-key' })
    expect(created.status).toBe(200)
    mine = created.body.data.id
    expect(created.body.data).toMatchObject({ baseUrl: keyed.url, isOwner: true, accessKey: 'hub-secret-key', hasAccessKey: true, userCount: 0, inUse: false })
    expect(created.body.data.status.responseTimeMs).toBeGreaterThanOrEqual(0)
    expect(keyed.requests).toContain('/healthz?key=hub-secret-key')
    const free = await b.post('/api/rsshub', { baseUrl: hub.url })
    expect([free.status, free.body.code]).toEqual([403, 13004])
    shared = (await a.post('/api/rsshub', { baseUrl: hub.url, description: 'Shared with everyone here' })).body.data.id
  })

  it('lists what each user may see, never another owner’s key', async () => {
    const listA = (await a.get('/api/rsshub/list')).body.data.map((i: { id: string }) => i.id)
    expect(listA).toEqual(expect.arrayContaining([mine, shared]))
    const listB = (await b.get('/api/rsshub/list')).body.data
    expect(listB.map((i: { id: string }) => i.id)).toEqual([shared])
    expect(JSON.stringify(listB)).not.toContain('hub-secret-key')
    expect((await b.get(`/api/rsshub?id=${mine}`)).body.code).toBe(13003)
    const one = await b.get(`/api/rsshub?id=${shared}`)
    expect(one.body.data).toMatchObject({ isOwner: false, accessKey: null, description: 'Shared with everyone here' })
  })

  it('has no catalogue before an instance is chosen, then reads it from the chosen one, cached for an hour', async () => {
    expect((await a.get('/api/discover/rsshub')).body.code).toBe(13003)
    expect((await a.post('/api/rsshub/use', { id: mine })).body.data).toEqual({ instanceId: mine, purchaseExpiresAt: null })
    const all = await a.get('/api/discover/rsshub')
    expect(all.body.data.map((n: { namespace: string }) => n.namespace)).toEqual(['test', 'zhihu'])
    const programming = (await a.get('/api/discover/rsshub?category=programming')).body.data
    expect(programming.map((n: { namespace: string }) => n.namespace)).toEqual(['test'])
    expect(programming[0].routes[0]).toMatchObject({ route: '/test/items/:name/:count?', parameters: [{ name: 'name', description: 'Whose items', optional: false }, { name: 'count', description: 'How many, default 3', optional: true }] })
    expect((await a.get('/api/discover/rsshub?lang=cmn')).body.data.map((n: { namespace: string }) => n.namespace)).toEqual(['zhihu'])
    expect((await a.get('/api/discover/rsshub?keyword=slow')).body.data[0].routes.map((r: { route: string }) => r.route)).toEqual(['/test/slow'])
    expect(keyed.requests.filter((r) => r.startsWith('/api/namespace'))).toHaveLength(1)
  })

  it('finds one route by pattern or concrete path; an unknown one is 13000', async () => {
    const concrete = await a.get(`/api/discover/rsshub-route?route=${encodeURIComponent('rsshub://test/items/brook/5')}`)
    expect(concrete.body.data).toMatchObject({ route: '/test/items/:name/:count?', values: { name: 'brook', count: '5' } })
    expect((await a.get('/api/discover/rsshub-route?route=/test/items/:name/:count?')).body.data.values).toEqual({})
    const unknown = await a.get('/api/discover/rsshub-route?route=/test/nothing/here')
    expect([unknown.status, unknown.body.code]).toEqual([404, 13000])
  })

  it('previews and follows an rsshub:// route through my instance with its key; the key is stored nowhere', async () => {
    const preview = await a.post('/api/entries/preview', { url: 'rsshub://Test/items/brook/2/' })
    expect(preview.status).toBe(200)
    expect(preview.body.data.feed).toMatchObject({ url: 'rsshub://test/items/brook/2', title: 'Items of brook' })
    expect(preview.body.data.entries.map((e: { title: string }) => e.title)).toEqual(['brook item 1', 'brook item 2'])
    expect(keyed.requests).toContain('/test/items/brook/2?key=hub-secret-key')

    const followed = await a.post('/api/subscriptions', { url: 'rsshub://test/items/brook/2', view: 0 })
    expect(followed.status).toBe(200)
    expect(followed.body.data.feed.url).toBe('rsshub://test/items/brook/2')
    const feedId = followed.body.data.feed.id
    const stored = await server.database.db.selectFrom('feeds').selectAll().where('id', '=', feedId).executeTakeFirstOrThrow()
    expect(JSON.stringify(stored)).not.toContain('hub-secret-key')

    // A scheduled refresh has no user: it goes through the subscriber's instance.
    const before = keyed.requests.length
    expect((await server.deps.feeds.refreshFeed(feedId)).status).toBe('updated')
    expect(keyed.requests.slice(before)).toEqual(['/test/items/brook/2?key=hub-secret-key'])

    const missing = await a.post('/api/subscriptions', { url: 'rsshub://test/no/such/route', view: 0 })
    expect([missing.status, missing.body.code]).toEqual([404, 13000])
    expect(JSON.stringify(missing.body)).not.toContain('hub-secret-key')

    const analytics = (await b.get('/api/discover/rsshub-analytics')).body.data
    expect(analytics).toEqual([{ url: 'rsshub://test/items/brook/2', feedId, title: 'Items of brook', followers: 1 }])
  })

  it('the same rsshub:// feed is one feed, fetched for another user through their own instance', async () => {
    expect((await b.post('/api/rsshub/use', { id: shared })).status).toBe(200)
    const before = hub.requests.length
    const preview = await b.post('/api/entries/preview', { url: 'rsshub://test/items/other/1' })
    expect(preview.body.data.entries).toHaveLength(1)
    expect(hub.requests.slice(before)).toEqual(['/test/items/other/1'])
    const followed = await b.post('/api/subscriptions', { url: 'rsshub://test/items/brook/2', view: 0 })
    const [aFeed] = (await a.get('/api/subscriptions')).body.data.filter((s: { feedId: string }) => s.feedId === followed.body.data.feed.id)
    expect(aFeed).toBeDefined()
  })

  it('edits an instance of mine (POST with its id): checked again when its URL or key changes; others may not (13001, 13003)', async () => {
    // B reads through A's shared instance (the test above).
    const before = (await a.get(`/api/rsshub?id=${shared}`)).body.data
    expect(before.userCount).toBe(1)
    // Not mine: a shared one is 13001, a private one is not even visible (13003).
    expect((await b.post('/api/rsshub', { id: shared, baseUrl: hub.url, description: 'taken over' })).body.code).toBe(13001)
    expect((await b.post('/api/rsshub', { id: mine, baseUrl: keyed.url, accessKey: null })).body.code).toBe(13003)
    // While B uses it, it stays shared and free.
    const unshare = await a.post('/api/rsshub', { id: shared, baseUrl: hub.url, description: null })
    expect([unshare.status, unshare.body.code]).toEqual([400, 13002])
    expect((await a.post('/api/rsshub', { id: shared, baseUrl: hub.url, price: '3' })).body.code).toBe(13002)
    // A bad new URL changes nothing: not http(s) 13006, not RSSHub 13007.
    expect((await a.post('/api/rsshub', { id: shared, baseUrl: 'ftp://hub.example' })).body.code).toBe(13006)
    const notHub = await a.post('/api/rsshub', { id: shared, baseUrl: html.url })
    expect([notHub.body.code, notHub.body.reason]).toEqual([13007, expect.stringMatching(/HTML/)])
    expect((await a.get(`/api/rsshub?id=${shared}`)).body.data).toMatchObject({ baseUrl: hub.url, description: 'Shared with everyone here', price: null })

    // The description, the seat limit and the URL change; B sees the new description.
    const moved = await a.post('/api/rsshub', { id: shared, baseUrl: `${hub.url}/base/moved/`, description: 'Moved to a new path', userLimit: 5 })
    expect(moved.status).toBe(200)
    expect(moved.body.data).toMatchObject({ id: shared, baseUrl: `${hub.url}/base/moved`, description: 'Moved to a new path', userLimit: 5, userCount: 1, price: null })
    expect(hub.requests.at(-1)).toBe('/healthz')
    expect((await b.get(`/api/rsshub?id=${shared}`)).body.data).toMatchObject({ description: 'Moved to a new path', isOwner: false, accessKey: null })
    // A field left out stays.
    expect((await a.post('/api/rsshub', { id: shared, baseUrl: `${hub.url}/base/moved` })).body.data).toMatchObject({ description: 'Moved to a new path', userLimit: 5 })

    // My own instance: a new access key is checked and used from then on; B's feeds are untouched.
    const rekeyed = await a.post('/api/rsshub', { id: mine, baseUrl: keyed.url, accessKey: 'wrong-key' })
    expect(rekeyed.body.data).toMatchObject({ accessKey: 'wrong-key', hasAccessKey: true })
    const refused = await a.post('/api/entries/preview', { url: 'rsshub://test/items/key/1' })
    expect(refused.status).not.toBe(200)
    expect(JSON.stringify(refused.body)).not.toContain('wrong-key')
    expect((await a.post('/api/rsshub', { id: mine, baseUrl: keyed.url, accessKey: 'hub-secret-key' })).status).toBe(200)
    expect((await a.post('/api/entries/preview', { url: 'rsshub://test/items/key/1' })).status).toBe(200)
  })

  it('use: unknown 13003, a full instance 13004, a paid one 13005; delete: owner only (13001), not while in use (13002)', async () => {
    expect((await b.post('/api/rsshub/use', { id: mine })).body.code).toBe(13003)
    expect((await b.post('/api/rsshub/use', { id: '1234567890123' })).body.code).toBe(13003)
    const full = (await a.post('/api/rsshub', { baseUrl: `${hub.url}/base/full`, description: 'one seat', userLimit: 1 })).body.data.id
    await a.post('/api/rsshub/use', { id: full })
    expect((await b.post('/api/rsshub/use', { id: full })).body.code).toBe(13004)
    const paid = (await a.post('/api/rsshub', { baseUrl: `${hub.url}/base/paid`, description: 'paid', price: '10' })).body.data.id
    expect((await b.post('/api/rsshub/use', { id: paid })).body.code).toBe(13005)
    await a.post('/api/rsshub/use', { id: mine })

    expect((await b.delete('/api/rsshub', { id: shared })).body.code).toBe(13001)
    expect((await a.delete('/api/rsshub', { id: shared })).body.code).toBe(13002)
    expect((await b.post('/api/rsshub/use', { id: null })).body.data).toEqual({ instanceId: null, purchaseExpiresAt: null })
    expect((await a.delete('/api/rsshub', { id: shared })).status).toBe(200)
    expect((await a.get(`/api/rsshub?id=${shared}`)).body.code).toBe(13003)
  })

  it('status: a fresh health check; an instance gone down is 13007 and keeps the error', async () => {
    const status = await a.get('/api/rsshub/status')
    expect(status.body.data).toMatchObject({ id: mine, baseUrl: keyed.url })
    const dead = await startFakeRsshub()
    const deadId = (await a.post('/api/rsshub', { baseUrl: dead.url })).body.data.id
    await dead.close()
    const down = await a.get(`/api/rsshub/status?id=${deadId}`)
    expect([down.status, down.body.code]).toEqual([400, 13007])
    const row = (await a.get(`/api/rsshub?id=${deadId}`)).body.data
    expect(row.status.errorMessage).toContain(dead.url)
  })
})

describe('RSSHub: the RSSHUB_URL seed and private networks', () => {
  let hub: FakeRsshub
  beforeAll(async () => {
    hub = await startFakeRsshub()
  })
  afterAll(async () => {
    await hub?.close()
  })

  it('RSSHUB_URL becomes the default instance: a user who chose none reads rsshub:// feeds through it', async () => {
    const server = await startTestServer('sqlite', { RSSHUB_URL: hub.url })
    try {
      const a = await signedUpClient(server, 'seed-a@example.com')
      const list = (await a.get('/api/rsshub/list')).body.data
      expect(list).toMatchObject([{ baseUrl: hub.url, isDefault: true, ownerUserId: null, isOwner: false }])
      const preview = await a.post('/api/entries/preview', { url: 'rsshub://zhihu/hot' })
      expect(preview.body.data.entries[0].title).toBe('全文搜索的问题')
    } finally {
      await server.stop()
    }
  })

  it('a LAN instance: refused when RSSHUB_ALLOW_PRIVATE_NETWORKS is off; when on, its owner reads through it and others meet the SSRF guard', async () => {
    const closed = await startTestServer('sqlite', { FETCH_ALLOW_PRIVATE_NETWORKS: 'false', RSSHUB_ALLOW_PRIVATE_NETWORKS: 'false' })
    try {
      const a = await signedUpClient(closed, 'lan-a@example.com')
      const refused = await a.post('/api/rsshub', { baseUrl: hub.url })
      expect([refused.body.code, refused.body.reason]).toEqual([13006, expect.stringContaining('RSSHUB_ALLOW_PRIVATE_NETWORKS')])
    } finally {
      await closed.stop()
    }
    const open = await startTestServer('sqlite', { FETCH_ALLOW_PRIVATE_NETWORKS: 'false' })
    try {
      // Unset: true while the instance has one account.
      const a = await signedUpClient(open, 'lan-owner@example.com')
      const id = (await a.post('/api/rsshub', { baseUrl: hub.url, description: 'my LAN hub' })).body.data.id
      await a.post('/api/rsshub/use', { id })
      expect((await a.post('/api/entries/preview', { url: 'rsshub://test/items/lan/1' })).status).toBe(200)
      const b = await signedUpClient(open, 'lan-other@example.com')
      await b.post('/api/rsshub/use', { id })
      const other = await b.post('/api/entries/preview', { url: 'rsshub://test/items/lan/1' })
      expect(other.body.code).toBe(2003)
      expect(other.body.reason).toMatch(/private|local|refused|not allowed/i)
      // With two accounts the owner's own use is closed too (the unset default is single-user only).
      expect((await a.post('/api/entries/preview', { url: 'rsshub://test/items/lan/2' })).body.code).toBe(2003)
    } finally {
      await open.stop()
    }
  })
})
