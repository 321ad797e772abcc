/**
 * A boost is a real effect on refreshing (issue 11): two identical quiet feeds from the loopback
 * farm, one boosted over HTTP — its next check moves forward at once, every check of it plans the
 * next one within the level's bound (4 h at level 1) while the other waits 24 h, the scheduler
 * picks it when the other is not due, and after the boost's 30 days it is an ordinary feed again.
 * Both databases.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { power } from '@brook/shared'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { startFeedFarm, type FeedFarm } from '../../test/feedFarm.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { createFeedService } from '../feeds/service.ts'
import { feedsRepo } from '../feeds/repo.ts'
import { DAY_MS, HOUR_MS } from '../feeds/nextCheck.ts'
import { walletsRepo } from '../wallets/repo.ts'
import { createLogger } from '../../lib/logger.ts'
import { engineEnv } from '../../test/feedEngineFixtures.ts'
import { runningBoostLevel } from './service.ts'

describeEachDialect('boosted refresh', (dialect) => {
  let server: TestServer
  let farm: FeedFarm
  let reader: TestClient
  let boosted: string
  let plain: string
  const old = new Date(Date.now() - 30 * DAY_MS)

  const nextCheck = async (id: string) => {
    const row = await server.database.db.selectFrom('feeds').select(['nextCheckAt', 'checkedAt']).where('id', '=', id).executeTakeFirstOrThrow()
    return { next: Date.parse(row.nextCheckAt as string), checked: Date.parse(row.checkedAt as string) }
  }
  /** A feed service over the server's database whose clock says `at` (the scheduler's view at another time). */
  const serviceAt = (at: Date) =>
    createFeedService({ repo: feedsRepo(server.database.db), env: engineEnv(), logger: createLogger('silent'), now: () => at, boostLevel: (feedId, when) => runningBoostLevel(walletsRepo(server.database.db), feedId, when) })

  beforeAll(async () => {
    farm = await startFeedFarm()
    // Quiet feeds: their only entry is a month old, so an unboosted check waits the full 24 h.
    for (const path of ['/boosted.xml', '/plain.xml']) farm.setFeed(path, { title: `Quiet ${path}`, entries: [{ id: `${path}-1`, title: 'Old news', published: old }] })
    server = await startTestServer(dialect)
    reader = await signedUpClient(server, 'booster-refresh@example.com')
    const me = (await reader.get('/api/auth/get-session')).body.user.id
    await server.deps.wallets.rewardUser({ userId: me, amount: power(100), reference: 'test', idempotencyKey: `boost-refresh-${me}` })
    boosted = (await reader.post('/api/subscriptions', { url: farm.url('/boosted.xml') })).body.data.feed.id
    plain = (await reader.post('/api/subscriptions', { url: farm.url('/plain.xml') })).body.data.feed.id
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    await farm?.close()
  })

  it('plans both quiet feeds a day ahead before any boost', async () => {
    for (const id of [boosted, plain]) {
      const { next, checked } = await nextCheck(id)
      expect(next - checked).toBeGreaterThanOrEqual(DAY_MS)
    }
  })

  it('brings the boosted feed’s next check forward at once', async () => {
    const before = Date.now()
    const answer = await reader.post('/api/boosts', { feedId: boosted, amount: power(10).toString() })
    expect(answer.status).toBe(200)
    expect(answer.body.data.status.level).toBe(1)
    expect((await nextCheck(boosted)).next).toBeLessThanOrEqual(Date.now() + 4 * HOUR_MS)
    expect((await nextCheck(boosted)).next).toBeGreaterThanOrEqual(before + 4 * HOUR_MS - 1000)
    expect((await nextCheck(plain)).next).toBeGreaterThan(Date.now() + 20 * HOUR_MS)
  })

  it('checks the boosted feed within 4 h after each fetch, the same feed unboosted after 24 h', async () => {
    for (const id of [boosted, plain]) expect((await server.deps.feeds.refreshFeed(id)).status).toMatch(/updated|not_modified/)
    const b = await nextCheck(boosted)
    const p = await nextCheck(plain)
    // The 5 % spread at most on top of each interval.
    expect(b.next - b.checked).toBeGreaterThanOrEqual(4 * HOUR_MS)
    expect(b.next - b.checked).toBeLessThanOrEqual(4 * HOUR_MS * 1.05)
    expect(p.next - p.checked).toBeGreaterThanOrEqual(DAY_MS)
    expect(farm.requests('/boosted.xml')).toBe(farm.requests('/plain.xml'))
  })

  it('is what the scheduler picks five hours later, while the unboosted twin is not due', async () => {
    const due = await serviceAt(new Date(Date.now() + 5 * HOUR_MS)).claimDueFeeds(10)
    expect(due.map((f) => f.id)).toEqual([boosted])
  })

  it('is an ordinary feed again once the boost’s 30 days are over', async () => {
    const later = new Date(Date.now() + 31 * DAY_MS)
    const service = serviceAt(later)
    expect((await service.refreshFeed(boosted)).status).toMatch(/updated|not_modified/)
    const { next } = await nextCheck(boosted)
    expect(next - later.getTime()).toBeGreaterThanOrEqual(DAY_MS)
    expect((await reader.get(`/api/boosts?feedId=${boosted}`)).body.data.level).toBe(1)
  })
})
