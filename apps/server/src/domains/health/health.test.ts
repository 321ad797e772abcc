/**
 * Through HTTP: /healthz (healthy, and 503 naming Redis when the configured Redis does not
 * answer), and the abuse limits on the routes that fetch other sites.
 */
import { afterEach, expect, it } from 'vitest'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, TestClient, type TestServer } from '../../test/testServer.ts'
import { testEnv } from '../../env.ts'
import { insertFeed } from '../../test/factories.ts'

describeEachDialect('health and abuse limits', (dialect) => {
  let server: TestServer | null = null
  afterEach(async () => {
    await server?.stop()
    server = null
  })

  it('/healthz answers 200 with the database check, no session needed', async () => {
    server = await startTestServer(dialect, { SERVICES: 'web' })
    const res = await fetch(`${server.url}/healthz`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = (await res.json()) as { status: string; checks: Record<string, { status: string }> }
    expect(body).toMatchObject({ status: 'ok', checks: { database: { status: 'ok' }, redis: { status: 'not_configured' } } })
  })

  if (testEnv.redisUrl) {
    it('/healthz checks Redis over one kept connection when REDIS_URL is set', async () => {
      server = await startTestServer(dialect, { SERVICES: 'web', REDIS_URL: testEnv.redisUrl! })
      for (let i = 0; i < 3; i++) {
        const body = (await (await fetch(`${server.url}/healthz`)).json()) as { checks: { redis: { status: string } } }
        expect(body.checks.redis.status).toBe('ok')
      }
      // The probes share it: no new connection per call.
      const before = server.deps.health.redisConnection()
      const client = await signedUpClient(server, 'probe@example.com')
      expect((await client.get('/api/probes/redis')).body.data.status).toBe('ok')
      expect(server.deps.health.redisConnection()).toBe(before)
    })
  }

  it('/healthz answers 503 naming Redis when the configured Redis does not answer; limited routes still serve', async () => {
    // Port 1 on loopback: nothing listens, the connection is refused at once.
    server = await startTestServer(dialect, { SERVICES: 'web', REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT: 'true' })
    const res = await fetch(`${server.url}/healthz`)
    expect(res.status).toBe(503)
    const body = (await res.json()) as { status: string; checks: Record<string, { status: string }> }
    expect(body.status).toBe('error')
    expect(body.checks.database.status).toBe('ok')
    expect(body.checks.redis).toMatchObject({ status: 'error' })
    // The limiter's store is down: requests are served, not refused (and never a 500).
    const a = await signedUpClient(server, 'a@example.com')
    const discover = await a.post('/api/discover', { keyword: 'nothing-known' })
    expect(discover.status).toBe(200)
  })

  it('limits the routes that fetch other sites per user: 429, Retry-After, code 1008; other users and other routes unaffected', async () => {
    server = await startTestServer(dialect, { SERVICES: 'web', RATE_LIMIT: 'true', RATE_LIMIT_FETCH_PER_MINUTE: '2', RATE_LIMIT_FETCH_PER_MINUTE_PER_ADDRESS: '100' })
    const a = await signedUpClient(server, 'a@example.com')
    const b = await signedUpClient(server, 'b@example.com')
    expect((await a.post('/api/discover', { keyword: 'one' })).status).toBe(200)
    expect((await a.get('/api/feeds?url=http://127.0.0.1:1/feed.xml')).status).not.toBe(429)
    const refused = await a.post('/api/entries/preview', { url: 'http://127.0.0.1:1/feed.xml' })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(refused.body).toMatchObject({ code: 1008, message: 'Too many requests, try again later' })
    // Another user has their own count; routes that fetch nothing are not limited.
    expect((await b.post('/api/discover', { keyword: 'two' })).status).toBe(200)
    for (let i = 0; i < 5; i++) expect((await a.get('/api/subscriptions')).status).toBe(200)
    // A lookup by id fetches nothing and is not counted.
    expect((await a.get('/api/feeds?id=1')).status).not.toBe(429)
  })

  it('limits the feed-claim challenge (it fetches the feed and its site): 429 and code 1008 past the limit, the message route stays open', async () => {
    server = await startTestServer(dialect, { SERVICES: 'web', RATE_LIMIT: 'true', RATE_LIMIT_FETCH_PER_MINUTE: '2', RATE_LIMIT_FETCH_PER_MINUTE_PER_ADDRESS: '100' })
    const a = await signedUpClient(server, 'claimer@example.com')
    const feedId = await insertFeed(server.database.db, { url: `http://127.0.0.1:1/claim-limit-${Date.now()}.xml` })
    const statuses: number[] = []
    for (let i = 0; i < 2; i++) statuses.push((await a.post('/api/feeds/claim/challenge', { feedId })).status)
    // The first two run the challenge (the unreachable feed fails it: 2010), the third is refused before any fetch.
    expect(statuses).toEqual([400, 400])
    const refused = await a.post('/api/feeds/claim/challenge', { feedId })
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ code: 1008, message: 'Too many requests, try again later' })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await a.post('/api/feeds/claim/message', { feedId })).status).toBe(200)
  })

  it('limits one address across accounts', async () => {
    server = await startTestServer(dialect, { SERVICES: 'web', RATE_LIMIT: 'true', RATE_LIMIT_FETCH_PER_MINUTE: '100', RATE_LIMIT_FETCH_PER_MINUTE_PER_ADDRESS: '3' })
    const statuses: number[] = []
    for (const email of ['x@example.com', 'y@example.com']) {
      const client = await signedUpClient(server, email)
      for (let i = 0; i < 2; i++) statuses.push((await client.post('/api/discover', { keyword: 'k' })).status)
    }
    const anonymous = new TestClient(server.url)
    statuses.push((await anonymous.post('/api/discover', { keyword: 'k' })).status)
    expect(statuses).toEqual([200, 200, 200, 429, 429])
  })
})
