/** /api/trending and the list discovery routes on both databases: ranking by recent activity, and nothing private leaks (two users and more). */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { insertEntries, insertFeed } from '../../test/factories.ts'
import { languagePrefix } from './service.ts'

describeEachDialect('trending API', (dialect) => {
  let server: TestServer
  let a: TestClient
  let b: TestClient
  let c: TestClient
  let popular: string
  let quiet: string
  let secret: string
  let popularEntries: string[]
  let secretEntries: string[]
  let list: string

  beforeAll(async () => {
    server = await startTestServer(dialect, { SERVICES: 'web' })
    a = await signedUpClient(server, 'trend-a@example.com')
    b = await signedUpClient(server, 'trend-b@example.com')
    c = await signedUpClient(server, 'trend-c@example.com')
    const db = server.database.db
    popular = await insertFeed(db, { title: 'Popular Feed' })
    quiet = await insertFeed(db, { title: 'Quiet Feed' })
    secret = await insertFeed(db, { title: 'Secret Feed' })
    popularEntries = await insertEntries(db, popular, 3)
    await insertEntries(db, quiet, 2)
    secretEntries = await insertEntries(db, secret, 2)
    await a.post('/api/subscriptions', { feedId: popular, view: 0 })
    await b.post('/api/subscriptions', { feedId: popular, view: 0 })
    await c.post('/api/subscriptions', { feedId: quiet, view: 1 })
    // The quiet feed's only subscription is two months old.
    await db.updateTable('subscriptions').set({ createdAt: new Date(Date.now() - 60 * 86_400_000).toISOString() }).where('feedId', '=', quiet).execute()
    // Secret: followed privately by A and C, who both read and star its entry.
    await a.post('/api/subscriptions', { feedId: secret, view: 0, isPrivate: true })
    await c.post('/api/subscriptions', { feedId: secret, view: 0, isPrivate: true })
    for (const client of [a, c]) {
      await client.post('/api/reads', { entryIds: [secretEntries[0]] })
      await client.post('/api/collections', { entryId: secretEntries[0] })
    }
    // Popular: A and B read the first entry, B stars it; only A reads the second.
    await a.post('/api/reads', { entryIds: [popularEntries[0], popularEntries[1]] })
    await b.post('/api/reads', { entryIds: [popularEntries[0]] })
    await b.post('/api/collections', { entryId: popularEntries[0] })
    // A's list, followed by B.
    list = (await a.post('/api/lists', { title: 'Woodworking picks', description: 'Chisels and joinery', view: 0, fee: 0 })).body.data.id
    await a.post('/api/lists/feeds', { listId: list, feedId: popular })
    await b.post('/api/subscriptions', { listId: list })
    await a.post('/api/lists', { title: 'Nobody follows this', view: 0, fee: 0 })
    server.deps.trending.refresh()
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
  })

  it('ranks feeds by recent public activity; a privately followed feed never shows', async () => {
    const r = await c.get('/api/trending/feeds')
    expect(r.status).toBe(200)
    const titles = r.body.data.map((t: { feed: { title: string } }) => t.feed.title)
    expect(titles).toEqual(['Popular Feed', 'Quiet Feed'])
    expect(r.body.data[0].subscriberCount).toBe(2)
    expect(r.body.data[0].score).toBeGreaterThan(r.body.data[1].score)
    expect(JSON.stringify(r.body)).not.toContain(secret)
    // By view (of the public subscriptions).
    expect((await c.get('/api/trending/feeds?view=1')).body.data.map((t: { feed: { id: string } }) => t.feed.id)).toEqual([quiet])
  })

  it('trending entries need two readers and never come from private subscriptions; no reader is named', async () => {
    const r = await a.get('/api/trending/entries')
    expect(r.status).toBe(200)
    expect(r.body.data.map((e: { id: string }) => e.id)).toEqual([popularEntries[0]])
    expect(r.body.data[0]).toMatchObject({ feedId: popular, feedTitle: 'Popular Feed', readerCount: 2 })
    const text = JSON.stringify(r.body)
    for (const hidden of [secretEntries[0], popularEntries[1], 'trend-a', 'trend-b']) expect(text).not.toContain(hidden)
  })

  it('ranks lists by public subscriptions, finds them by keyword, and names the people gaining subscribers', async () => {
    const trendingLists = (await c.get('/api/lists/trending')).body.data
    expect(trendingLists[0].list).toMatchObject({ id: list, title: 'Woodworking picks', feedIds: [popular] })
    expect(trendingLists[0].subscriberCount).toBe(1)
    expect((await c.get('/api/trending/lists')).body.data[0].list.id).toBe(list)
    const found = await c.get('/api/lists/discover?keyword=JOINERY')
    expect(found.body.data.map((l: { id: string }) => l.id)).toEqual([list])
    expect((await c.get('/api/lists/discover?keyword=%25')).body.data).toEqual([])
    const users = (await c.get('/api/trending/users')).body.data
    expect(users).toHaveLength(1)
    expect(users[0]).toMatchObject({ newSubscriberCount: 1 })
    expect(users[0].id).toBe((await a.get('/api/auth/get-session')).body.user.id)
    expect(JSON.stringify(users)).not.toContain('@example.com')
  })

  it('GET /data/g: the instance totals, private subscriptions not counted as public; signed-in only', async () => {
    const r = await c.get('/api/data/g')
    expect(r.status).toBe(200)
    // 3 accounts, 3 feeds, 7 entries, 2 lists; public subscriptions: A and B to Popular, C to Quiet, B to the list (the two to Secret are private).
    expect(r.body.data).toEqual({ users: 3, feeds: 3, entries: 7, publicSubscriptions: 4, lists: 2 })
    const anonymous = await fetch(`${server.url}/api/data/g`)
    expect(anonymous.status).toBe(401)
  })

  it('keeps a ranking for an hour: new activity shows after the refresh', async () => {
    await c.post('/api/subscriptions', { feedId: secret, view: 0 }) // C now follows Secret publicly too (still private for A)
    expect((await c.get('/api/trending/feeds')).body.data.map((t: { feed: { id: string } }) => t.feed.id)).not.toContain(secret)
    server.deps.trending.refresh()
    expect((await c.get('/api/trending/feeds')).body.data.map((t: { feed: { id: string } }) => t.feed.id)).toContain(secret)
  })

  it('maps the discover language filter', () => {
    expect([languagePrefix('all'), languagePrefix('eng'), languagePrefix('cmn'), languagePrefix('zh-CN'), languagePrefix(undefined)]).toEqual([null, 'en', 'zh', 'zh', null])
  })
})
