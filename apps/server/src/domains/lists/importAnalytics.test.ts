/** GET /api/lists/{id}/analytics and POST /api/lists/import through HTTP on both databases, against the feed farm. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { newId } from '@brook/shared'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { startFeedFarm, type FeedFarm } from '../../test/feedFarm.ts'
import { insertEntries, insertFeed } from '../../test/factories.ts'

describeEachDialect('list analytics and import', (dialect) => {
  let server: TestServer
  let farm: FeedFarm
  let owner: TestClient
  let other: TestClient
  let list: string

  beforeAll(async () => {
    farm = await startFeedFarm()
    server = await startTestServer(dialect, { AUTH_RATE_LIMIT: 'false', SERVICES: 'web', OPML_IMPORT_QUOTA: '4' })
    owner = await signedUpClient(server, 'list-owner@example.com')
    other = await signedUpClient(server, 'list-other@example.com')
    list = (await owner.post('/api/lists', { title: 'Imports', view: 0, fee: 0 })).body.data.id
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    await farm?.close()
  })

  const cookie = (c: TestClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ')

  it('imports feed URLs and an OPML document into my list; others are refused; bad input has its code', async () => {
    const byUrls = await owner.post('/api/lists/import', { listId: list, urls: [farm.url('/gen/rss/61'), farm.url('/status/500')] })
    expect(byUrls.status).toBe(200)
    expect(byUrls.body.data.results.map((r: any) => r.status)).toEqual(['subscribed', 'failed'])
    expect(byUrls.body.data.results[1].error.code).toBe(2003)
    expect(byUrls.body.data.quota).toEqual({ limit: 4, used: 1, remaining: 3 })
    const feedId = byUrls.body.data.results[0].feedId
    expect((await owner.get(`/api/lists?listId=${list}`)).body.data.list.feedIds).toEqual([feedId])

    // The upload form: the same feed again (already in the list: 'updated', quota given back) and a new one.
    const opml = `<?xml version="1.0"?><opml version="2.0"><head><title>Mine</title></head><body>
      <outline type="rss" text="Again" xmlUrl="${farm.url('/gen/rss/61')}"/>
      <outline type="rss" text="New" xmlUrl="${farm.url('/gen/json/62')}"/>
    </body></opml>`
    const form = new FormData()
    form.set('file', new Blob([opml], { type: 'text/x-opml' }), 'list.opml')
    form.set('listId', list)
    const viaForm = await fetch(`${server.url}/api/lists/import`, { method: 'POST', body: form, headers: { cookie: cookie(owner), origin: server.url } })
    const body = (await viaForm.json()) as any
    expect(viaForm.status).toBe(200)
    expect(body.data.results.map((r: any) => r.status)).toEqual(['updated', 'subscribed'])
    expect(body.data.quota).toEqual({ limit: 4, used: 2, remaining: 2 })
    expect((await owner.get(`/api/lists?listId=${list}`)).body.data.feedCount).toBe(2)
    // Importing into a list adds no subscriptions of mine.
    expect((await owner.get('/api/subscriptions')).body.data).toEqual([])

    // Not the owner: 8001, nothing taken from anyone's quota; unknown list: 8000.
    const refused = await other.post('/api/lists/import', { listId: list, urls: [farm.url('/gen/rss/63')] })
    expect([refused.status, refused.body.code]).toEqual([403, 8001])
    expect((await owner.get(`/api/lists?listId=${list}`)).body.data.feedCount).toBe(2)
    expect((await owner.post('/api/lists/import', { listId: newId(), urls: [farm.url('/gen/rss/63')] })).body.code).toBe(8000)
    // Bad input.
    expect((await owner.post('/api/lists/import', { listId: list, opml: 'not xml at all' })).body.code).toBe(14000)
    expect((await owner.post('/api/lists/import', { listId: list })).body.code).toBe(4)
    expect((await owner.post('/api/lists/import', { listId: list, urls: [1, 2, 3] })).body.code).toBe(4)
    const overQuota = await owner.post('/api/lists/import', { listId: list, urls: [1, 2, 3].map((n) => farm.url(`/gen/rss/${70 + n}`)) })
    expect(overQuota.body.code).toBe(2011)
    const noFile = new FormData()
    noFile.set('listId', list)
    const missing = await fetch(`${server.url}/api/lists/import`, { method: 'POST', body: noFile, headers: { cookie: cookie(owner), origin: server.url } })
    expect(((await missing.json()) as any).code).toBe(4)
  })

  it('shows subscribers and entries per day to anyone signed in; unknown list 8000; bad days 4', async () => {
    const db = server.database.db
    const feed = await insertFeed(db, { title: 'Daily' })
    const analytics = (await owner.post('/api/lists', { title: 'Counted', view: 0, fee: 0 })).body.data.id
    await owner.post('/api/lists/feeds', { listId: analytics, feedId: feed })
    const entryIds = await insertEntries(db, feed, 3)
    const day = 86_400_000
    const now = Date.now()
    // Entries published today, yesterday and 40 days ago (outside the default 30 days).
    for (const [i, ago] of [0, 1, 40].entries()) await db.updateTable('entries').set({ publishedAt: new Date(now - ago * day).toISOString() }).where('id', '=', entryIds[i]!).execute()
    await other.post('/api/subscriptions', { listId: analytics })
    const third = await signedUpClient(server, 'list-third@example.com')
    await third.post('/api/subscriptions', { listId: analytics })
    // The third subscriber joined two days ago; the other one today.
    const thirdId = (await third.get('/api/auth/get-session')).body.user.id
    await db.updateTable('subscriptions').set({ createdAt: new Date(now - 2 * day).toISOString() }).where('listId', '=', analytics).where('userId', '=', thirdId).execute()

    const r = await other.get(`/api/lists/${analytics}/analytics?days=3`)
    expect(r.status).toBe(200)
    const iso = (ago: number) => new Date(now - ago * day).toISOString().slice(0, 10)
    expect(r.body.data).toEqual({
      listId: analytics,
      subscriptionCount: 2,
      feedCount: 1,
      series: [
        { date: iso(2), subscribers: 1, newSubscribers: 1, entries: 0 },
        { date: iso(1), subscribers: 1, newSubscribers: 0, entries: 1 },
        { date: iso(0), subscribers: 2, newSubscribers: 1, entries: 1 },
      ],
    })
    const month = (await owner.get(`/api/lists/${analytics}/analytics`)).body.data.series
    expect(month).toHaveLength(30)
    expect(month.reduce((n: number, d: any) => n + d.entries, 0)).toBe(2)
    // A window that starts after the third subscriber joined counts them from its first day.
    expect((await owner.get(`/api/lists/${analytics}/analytics?days=1`)).body.data.series).toEqual([{ date: iso(0), subscribers: 2, newSubscribers: 1, entries: 1 }])
    expect((await owner.get(`/api/lists/${newId()}/analytics`)).body.code).toBe(8000)
    expect((await owner.get(`/api/lists/${analytics}/analytics?days=0`)).body.code).toBe(4)
    expect((await owner.get(`/api/lists/${analytics}/analytics?days=366`)).body.code).toBe(4)
    expect((await fetch(`${server.url}/api/lists/${analytics}/analytics`)).status).toBe(401)
  })
})
