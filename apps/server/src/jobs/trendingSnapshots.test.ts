/**
 * The scheduler role's trending duty on both databases (docs/trending.md): it stores the rankings
 * as snapshots, another web process over the same database serves them without computing, and an
 * hour later (injected clock) the duty computes them again with the new activity.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDialect } from '../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../test/testServer.ts'
import { insertFeed } from '../test/factories.ts'
import { createLogger } from '../lib/logger.ts'
import { trendingRepo, type TrendingRepo } from '../domains/trending/repo.ts'
import { createTrendingService, TRENDING_TTL_MS, UNREAD_SNAPSHOT_MS } from '../domains/trending/service.ts'
import { startTrendingSnapshots } from './trendingSnapshots.ts'

const logger = createLogger('silent')

describeEachDialect('trending snapshots of the scheduler role', (dialect) => {
  let server: TestServer
  let a: TestClient
  let b: TestClient
  let popular: string
  let rising: string
  let clock = Date.now()
  const now = () => clock

  /** A web process's trending service over the server's database, counting the rankings it computes itself. */
  function webProcess() {
    const repo = trendingRepo(server.database.db)
    const computed = { feeds: 0, users: 0, counters: 0 }
    const counting: TrendingRepo = {
      ...repo,
      feeds: (q) => (computed.feeds++, repo.feeds(q)),
      users: (q) => (computed.users++, repo.users(q)),
      counters: () => (computed.counters++, repo.counters()),
    }
    return { trending: createTrendingService({ repo: counting, now }), computed }
  }

  /** One run of the duty, as the scheduler role starts it (first run right away). */
  async function schedulerRun(trending: { refreshSnapshots(): Promise<number> }) {
    await startTrendingSnapshots({ trending, logger, intervalMs: TRENDING_TTL_MS }).stop()
  }

  const ids = (rows: { feed: { id: string } }[]) => rows.map((r) => r.feed.id)

  beforeAll(async () => {
    server = await startTestServer(dialect, { SERVICES: 'web' })
    a = await signedUpClient(server, 'snap-a@example.com')
    b = await signedUpClient(server, 'snap-b@example.com')
    popular = await insertFeed(server.database.db, { title: 'Popular Feed' })
    rising = await insertFeed(server.database.db, { title: 'Rising Feed' })
    await a.post('/api/subscriptions', { feedId: popular, view: 0 })
    await b.post('/api/subscriptions', { feedId: popular, view: 0 })
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
  })

  it('the scheduler stores the rankings; another web process serves them without computing; an hour later they are refreshed', async () => {
    const scheduler = webProcess()
    await schedulerRun(scheduler.trending)
    expect(scheduler.computed).toEqual({ feeds: 1, users: 1, counters: 1 })

    const web = webProcess()
    expect(ids(await web.trending.feeds({}))).toEqual([popular])
    expect((await web.trending.counters()).publicSubscriptions).toBe(2)
    expect(web.computed).toEqual({ feeds: 0, users: 0, counters: 0 })

    // New public activity: it shows only once the snapshot is refreshed.
    await a.post('/api/subscriptions', { feedId: rising, view: 0 })
    await b.post('/api/subscriptions', { feedId: rising, view: 0 })
    clock += TRENDING_TTL_MS / 2
    await schedulerRun(scheduler.trending)
    expect(scheduler.computed.feeds).toBe(1) // half an hour: nothing is due
    expect(ids(await web.trending.feeds({}))).not.toContain(rising)
    expect((await web.trending.counters()).publicSubscriptions).toBe(2)

    clock += TRENDING_TTL_MS / 2
    await schedulerRun(scheduler.trending)
    expect(scheduler.computed.feeds).toBe(2)
    expect(ids(await web.trending.feeds({}))).toEqual(expect.arrayContaining([popular, rising]))
    expect((await web.trending.counters()).publicSubscriptions).toBe(4)
    // Limits are cut from the stored ranking.
    expect(await web.trending.feeds({ limit: 1 })).toHaveLength(1)
    expect(web.computed).toEqual({ feeds: 0, users: 0, counters: 0 })
  })

  it('a parameter set without a snapshot is computed on demand once, stored for every process, then refreshed by the scheduler', async () => {
    const first = webProcess()
    expect(ids(await first.trending.feeds({ view: 0, language: 'zz' }))).toEqual(expect.arrayContaining([popular, rising]))
    expect(first.computed.feeds).toBe(1)

    const second = webProcess()
    expect(ids(await second.trending.feeds({ view: 0, language: 'zz' }))).toEqual(expect.arrayContaining([popular, rising]))
    expect(second.computed.feeds).toBe(0)

    clock += TRENDING_TTL_MS
    const scheduler = webProcess()
    await schedulerRun(scheduler.trending)
    // The defaults and the on-demand one, all an hour old.
    expect(scheduler.computed.feeds).toBe(2)

    // Read again within the day, it stays; a day without any request drops it instead of refreshing it
    // (a caller inventing languages cannot grow the scheduler's hourly work without bound).
    const zz = JSON.stringify(['feeds', 0, 'zz'])
    clock += TRENDING_TTL_MS
    await second.trending.feeds({ view: 0, language: 'zz' })
    await schedulerRun(scheduler.trending)
    expect(scheduler.computed.feeds).toBe(4)
    clock += UNREAD_SNAPSHOT_MS
    await schedulerRun(scheduler.trending)
    expect(scheduler.computed.feeds).toBe(5) // the default ranking only
    const repo = trendingRepo(server.database.db)
    expect(await repo.snapshot(zz)).toBeUndefined()
    expect(await repo.snapshot(JSON.stringify(['feeds', null, null]))).toBeDefined()
  })

  it('a web process never refreshed by a scheduler for three hours computes the ranking itself', async () => {
    clock += 3 * TRENDING_TTL_MS
    const web = webProcess()
    await web.trending.feeds({})
    expect(web.computed.feeds).toBe(1)
  })
})
