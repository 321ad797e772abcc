import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { startTestServer, TestClient, type TestServer } from '../../test/testServer.ts'
import { startFeedFarm, type FeedFarm } from '../../test/feedFarm.ts'
import { subscribeUser } from '../../test/feedEngineFixtures.ts'

describeEachDialect('feeds routes', (dialect) => {
  let server: TestServer
  let farm: FeedFarm
  let admin: TestClient
  let reader: TestClient
  let anonymous: TestClient

  beforeAll(async () => {
    farm = await startFeedFarm()
    server = await startTestServer(dialect)
    admin = new TestClient(server.url)
    expect((await admin.signUp('first@example.com')).role).toBe('admin')
    reader = new TestClient(server.url)
    expect((await reader.signUp('second@example.com')).role).not.toBe('admin')
    anonymous = new TestClient(server.url)
  })
  afterAll(async () => {
    await server.stop()
    await farm.close()
  })

  it('GET /api/feeds needs a user, an id or url, and an existing feed', async () => {
    expect(await anonymous.get('/api/feeds?id=1')).toMatchObject({ status: 401, body: { code: 1000 } })
    expect(await reader.get('/api/feeds')).toMatchObject({ status: 400, body: { code: 2002, message: 'feedId or url required' } })
    expect(await reader.get('/api/feeds?id=1234567890123')).toMatchObject({ status: 404, body: { code: 2001, message: 'Feed not found' } })
  })

  it('GET /api/feeds answers {feed, analytics} by id and by url', async () => {
    const url = farm.url('/gen/rss/routes-get?entries=5')
    const row = await server.deps.feeds.ensureFeed(url)
    const byId = await reader.get(`/api/feeds?id=${row.id}`)
    expect(byId.status).toBe(200)
    expect(byId.body.code).toBe(0)
    expect(byId.body.data.feed).toMatchObject({ type: 'feed', id: row.id, url, title: 'Generated rss routes-get', errorAt: null, errorMessage: null, tipUserIds: [] })
    expect(byId.body.data.feed).not.toHaveProperty('etag')
    expect(byId.body.data.analytics).toEqual({ updatesPerWeek: row.updatesPerWeek, subscriptionCount: 0, latestEntryPublishedAt: row.latestEntryPublishedAt })
    const byUrl = await reader.get(`/api/feeds?url=${encodeURIComponent(url)}`)
    expect(byUrl.body.data.feed.id).toBe(row.id)
  })

  it('POST /api/feeds/analytics answers analytics keyed by feed id', async () => {
    const a = await server.deps.feeds.ensureFeed(farm.url('/gen/atom/routes-a?entries=2'))
    const b = await server.deps.feeds.ensureFeed(farm.url('/gen/json/routes-b?entries=3'))
    const user = (await reader.get('/api/auth/get-session')).body.user.id as string
    await subscribeUser(server.database, user, b.id)
    const answer = await reader.post('/api/feeds/analytics', { id: [a.id, b.id, 'nope'] })
    expect(answer.status).toBe(200)
    expect(Object.keys(answer.body.data.analytics).sort()).toEqual([a.id, b.id].sort())
    expect(answer.body.data.analytics[b.id]).toMatchObject({ subscriptionCount: 1 })
    expect((await reader.post('/api/feeds/analytics', { id: 'not-an-array' })).status).toBe(400)
    expect((await anonymous.post('/api/feeds/analytics', { id: [] })).status).toBe(401)
    // The GET form (issue 17): repeated or comma-separated ids, the same answer.
    const got = await reader.get(`/api/feeds/analytics?id=${a.id}&id=${b.id}`)
    expect(got.body.data).toEqual(answer.body.data)
    expect((await reader.get(`/api/feeds/analytics?id=${a.id},${b.id},1234567890123`)).body.data).toEqual(answer.body.data)
    expect((await reader.get('/api/feeds/analytics?id=nope')).body.code).toBe(4)
    expect((await anonymous.get(`/api/feeds/analytics?id=${a.id}`)).status).toBe(401)
  })

  it('POST /api/feeds/refresh is for admins only (2000) and checks the feed now', async () => {
    const row = await server.deps.feeds.ensureFeed(farm.url('/gen/rss/routes-refresh?entries=2'))
    expect(await reader.post('/api/feeds/refresh', { id: row.id })).toMatchObject({ status: 403, body: { code: 2000, message: 'Only admins can refresh feeds' } })
    expect(await admin.post('/api/feeds/refresh', { id: '1234567890123' })).toMatchObject({ status: 404, body: { code: 2001 } })
    farm.touch('/gen/rss/routes-refresh')
    const refreshed = await admin.post('/api/feeds/refresh', { id: row.id })
    expect(refreshed.status).toBe(200)
    expect(refreshed.body.data).toMatchObject({ status: 'updated', inserted: 1, feed: { id: row.id } })
    expect((await admin.post('/api/feeds/refresh', { id: row.id })).body.data.status).toBe('not_modified')
  })

  it('POST /api/feeds/reset clears a broken feed and makes it due', async () => {
    let broken = false
    farm.setFeed('/routes/flaky.xml', (_req, res) => {
      if (broken) return void res.writeHead(502).end()
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end('<rss version="2.0"><channel><title>Flaky</title><item><guid>1</guid><title>One</title></item></channel></rss>')
    })
    const row = await server.deps.feeds.ensureFeed(farm.url('/routes/flaky.xml'))
    broken = true
    await admin.post('/api/feeds/refresh', { id: row.id })
    const shown = await reader.get(`/api/feeds?id=${row.id}`)
    expect(shown.body.data.feed.errorMessage).toMatch(/^2003 Feed fetch error: HTTP 502/)
    expect(shown.body.data.feed.errorAt).toBeTruthy()
    const reset = await reader.post('/api/feeds/reset', { id: row.id })
    expect(reset.status).toBe(200)
    expect(reset.body.data.feed).toMatchObject({ errorAt: null, errorMessage: null })
    expect(Date.parse(reset.body.data.feed.nextCheckAt)).toBeLessThanOrEqual(Date.now())
    expect(await reader.post('/api/feeds/reset', { id: '1234567890123' })).toMatchObject({ status: 404, body: { code: 2001 } })
  })

  it('the routes are in the OpenAPI document', async () => {
    const doc = await anonymous.get('/api/openapi.json')
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/api/feeds', '/api/feeds/analytics', '/api/feeds/refresh', '/api/feeds/reset']))
  })
})

describeEachDialect('feeds with background jobs', (dialect) => {
  it('a reset feed is refreshed by the scheduler of a server running all roles', async () => {
    const farm = await startFeedFarm()
    const server = await startTestServer(dialect, { SERVICES: 'web,worker,scheduler', SCHEDULER_INTERVAL_SECONDS: '0.1' })
    try {
      const client = new TestClient(server.url)
      const user = await client.signUp('jobs@example.com')
      const row = await server.deps.feeds.ensureFeed(farm.url('/gen/rss/jobs?entries=2'))
      await subscribeUser(server.database, user.id, row.id)
      farm.touch('/gen/rss/jobs')
      const hits = farm.requests('/gen/rss/jobs')
      await client.post('/api/feeds/reset', { id: row.id })
      const deadline = Date.now() + 10_000
      while (farm.requests('/gen/rss/jobs') === hits && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
      expect(farm.requests('/gen/rss/jobs')).toBe(hits + 1)
      const deadline2 = Date.now() + 5_000
      let count = 0
      while (Date.now() < deadline2) {
        count = (await server.database.db.selectFrom('entries').select('id').where('feedId', '=', row.id).execute()).length
        if (count === 3) break
        await new Promise((r) => setTimeout(r, 20))
      }
      expect(count).toBe(3)
    } finally {
      await server.stop()
      await farm.close()
    }
  })
})
