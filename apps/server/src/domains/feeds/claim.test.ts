/** Feed claiming over HTTP on both databases, against the loopback feed farm: token in the description, an item, the site's meta tag; a wrong token; waiting tips move. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { newId, power } from '@brook/shared'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { startFeedFarm, type FeedFarm } from '../../test/feedFarm.ts'

describeEachDialect('feed claiming', (dialect) => {
  let server: TestServer
  let farm: FeedFarm
  let alice: TestClient
  let bob: TestClient
  let aliceId: string
  let bobId: string

  const feedAt = async (path: string) => (await server.deps.feeds.ensureFeed(farm.url(path))).id

  beforeAll(async () => {
    farm = await startFeedFarm()
    server = await startTestServer(dialect)
    alice = await signedUpClient(server, 'alice-claim@example.com')
    bob = await signedUpClient(server, 'bob-claim@example.com')
    aliceId = (await alice.get('/api/auth/get-session')).body.user.id
    bobId = (await bob.get('/api/auth/get-session')).body.user.id
    await server.deps.wallets.rewardUser({ userId: bobId, amount: power(10), reference: 'test', idempotencyKey: `seed-${bobId}` })
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    await farm?.close()
  })

  it('claims with the token in the description and moves the waiting tips to the owner', async () => {
    farm.setFeed('/desc.xml', { title: 'Described', description: 'Nothing yet', siteUrl: farm.url('/desc-site'), entries: 1 })
    farm.setFeed('/desc-site', { body: '<html><head><title>Site</title></head></html>', contentType: 'text/html' })
    const feedId = await feedAt('/desc.xml')
    await bob.post('/api/wallets/transactions/tip', { amount: '5000', feedId })
    const message = (await alice.post('/api/feeds/claim/message', { feedId })).body.data
    expect(message.token).toMatch(/^brook-claim-[0-9a-f]{32}$/)
    expect(message.meta).toBe(`<meta name="brook-claim" content="${message.token}">`)
    expect(JSON.parse(message.json)).toEqual({ brookClaim: message.token })
    expect((await alice.post('/api/feeds/claim/message', { feedId })).body.data.token).toBe(message.token)
    const early = await alice.post('/api/feeds/claim/challenge', { feedId })
    expect(early.body).toMatchObject({ code: 2010, message: 'Ownership challenge failed' })
    farm.setFeed('/desc.xml', { title: 'Described', description: message.description, siteUrl: farm.url('/desc-site'), entries: 1 })
    const claimed = await alice.post('/api/feeds/claim/challenge', { feedId })
    expect(claimed.body.data).toEqual({ feedId, ownerUserId: aliceId, moved: '5000' })
    expect((await alice.get('/api/wallets')).body.data[0]).toMatchObject({ powerToken: '5000', cashablePowerToken: '5000' })
    expect((await alice.get('/api/feeds/claim/list')).body.data.map((f: any) => [f.id, f.ownerUserId])).toEqual([[feedId, aliceId]])
    expect((await alice.get('/api/wallets/transactions?type=claim')).body.data[0]).toMatchObject({ fromFeedId: feedId, toUserId: aliceId, amount: '5000' })
    // Claimed again by its owner: still theirs, nothing more to move. Someone else: refused, it stays.
    expect((await alice.post('/api/feeds/claim/challenge', { feedId })).body.data.moved).toBe('0')
    const bobsToken = (await bob.post('/api/feeds/claim/message', { feedId })).body.data
    farm.setFeed('/desc.xml', { title: 'Described', description: bobsToken.description, entries: 1 })
    expect((await bob.post('/api/feeds/claim/challenge', { feedId })).body.code).toBe(2010)
    expect((await bob.get('/api/feeds/claim/list')).body.data).toEqual([])
    // Tips now go straight to the owner.
    expect((await bob.post('/api/wallets/transactions/tip', { amount: '7', feedId })).body.data).toMatchObject({ toUserId: aliceId })
    expect((await server.deps.wallets.audit()).ok).toBe(true)
  })

  it('claims with the token in an item', async () => {
    farm.setFeed('/item.xml', { title: 'Items', entries: [{ id: 'i1', title: 'Hello', url: farm.url('/i1'), content: '<p>nothing</p>', published: new Date() }] })
    const feedId = await feedAt('/item.xml')
    const { description } = (await bob.post('/api/feeds/claim/message', { feedId })).body.data
    farm.setFeed('/item.xml', { title: 'Items', entries: [{ id: 'i2', title: 'Verification', url: farm.url('/i2'), content: `<p>${description}</p>`, published: new Date() }] })
    expect((await bob.post('/api/feeds/claim/challenge', { feedId })).body.data).toMatchObject({ feedId, ownerUserId: bobId, moved: '0' })
  })

  it("claims with the site's meta tag, and refuses another user's token", async () => {
    farm.setFeed('/meta.xml', { title: 'Meta', siteUrl: farm.url('/meta-site'), entries: 1 })
    farm.setFeed('/meta-site', { body: '<html><head></head><body>hi</body></html>', contentType: 'text/html' })
    const feedId = await feedAt('/meta.xml')
    const bobs = (await bob.post('/api/feeds/claim/message', { feedId })).body.data
    farm.setFeed('/meta-site', { body: `<html><head>${bobs.meta}</head><body>hi</body></html>`, contentType: 'text/html' })
    // Bob's token proves nothing for Alice.
    expect((await alice.post('/api/feeds/claim/challenge', { feedId })).body.code).toBe(2010)
    const alices = (await alice.post('/api/feeds/claim/message', { feedId })).body.data
    expect(alices.token).not.toBe(bobs.token)
    farm.setFeed('/meta-site', { body: `<html><head>${alices.meta}</head><body>hi</body></html>`, contentType: 'text/html' })
    expect((await alice.post('/api/feeds/claim/challenge', { feedId })).body.data).toMatchObject({ ownerUserId: aliceId })
    expect((await alice.post('/api/feeds/claim/challenge', { feedId: newId() })).body.code).toBe(2001)
  })
})
