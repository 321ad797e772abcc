/**
 * RSSHub on both databases, against a fake RSSHub on loopback: paid instances bought with POWER
 * (13005 until bought, 4002 and nothing written when short, the price moved buyer → owner in one
 * ledger transfer, months that extend, access that runs out), and the instance default an admin
 * marks (1004 for anyone else, never a paid one).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { newId, power } from '@brook/shared'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { startFakeRsshub, type FakeRsshub } from '../../test/fakeRsshub.ts'

const DAY_MS = 24 * 60 * 60_000

describeEachDialect('RSSHub: paid instances and the default', (dialect) => {
  let server: TestServer
  let hub: FakeRsshub
  let admin: TestClient // the instance's first account: admin, owns the instances
  let buyer: TestClient
  let newcomer: TestClient
  let adminId: string
  let buyerId: string
  let paid: string
  let free: string

  const wallet = async (client: TestClient) => (await client.get('/api/wallets')).body.data[0]
  const instance = async (client: TestClient, id: string) => (await client.get(`/api/rsshub?id=${id}`)).body.data

  beforeAll(async () => {
    hub = await startFakeRsshub()
    server = await startTestServer(dialect, { SERVICES: 'web' })
    admin = await signedUpClient(server, 'paid-admin@example.com')
    buyer = await signedUpClient(server, 'paid-buyer@example.com')
    newcomer = await signedUpClient(server, 'paid-newcomer@example.com')
    adminId = (await admin.get('/api/auth/get-session')).body.user.id
    buyerId = (await buyer.get('/api/auth/get-session')).body.user.id
    paid = (await admin.post('/api/rsshub', { baseUrl: `${hub.url}/base/paid`, description: 'Fast hub, 2 POWER a month', price: '2' })).body.data.id
    free = (await admin.post('/api/rsshub', { baseUrl: `${hub.url}/base/free`, description: 'Free hub' })).body.data.id
    expect(paid).toBeTruthy()
    expect(free).toBeTruthy()
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    await hub?.close()
  })

  it('a paid instance is refused with 13005 until bought; short of POWER is 4002 and nothing moves', async () => {
    const refused = await buyer.post('/api/rsshub/use', { id: paid })
    expect(refused.body.code).toBe(13005)
    expect(refused.body.reason).toContain('2 POWER a month')
    const short = await buyer.post('/api/rsshub/use', { id: paid, durationInMonths: 1 })
    expect(short.body.code).toBe(4002)
    expect((await buyer.get('/api/wallets/transactions')).body.data).toEqual([])
    expect(await instance(buyer, paid)).toMatchObject({ inUse: false, purchaseExpiresAt: null })
    expect(await server.database.db.selectFrom('rsshub_purchases').selectAll().execute()).toEqual([])
  })

  it('buying months moves price × months from the buyer to the owner in one ledger transfer, and uses the instance', async () => {
    await server.deps.wallets.rewardUser({ userId: buyerId, amount: power(5), reference: 'test', idempotencyKey: `fund-${buyerId}` })
    const before = Date.now()
    const bought = await buyer.request('POST', '/api/rsshub/use', { id: paid, durationInMonths: 2 }, { 'Idempotency-Key': 'buy-two-months' })
    expect(bought.status).toBe(200)
    expect(bought.body.data.instanceId).toBe(paid)
    const expires = Date.parse(bought.body.data.purchaseExpiresAt)
    expect(expires).toBeGreaterThanOrEqual(before + 60 * DAY_MS)
    expect(expires).toBeLessThan(Date.now() + 61 * DAY_MS)

    expect(await wallet(buyer)).toMatchObject({ powerToken: power(1).toString() })
    // The owner's income is withdrawable, like a list fee.
    expect(await wallet(admin)).toMatchObject({ powerToken: power(4).toString(), cashablePowerToken: power(4).toString() })
    const income = (await admin.get('/api/wallets/transactions?type=rsshub')).body.data
    expect(income).toEqual([expect.objectContaining({ type: 'rsshub', amount: power(4).toString(), fromUserId: buyerId, toUserId: adminId, reference: paid })])

    // The same request again (a retry) moves nothing.
    expect((await buyer.request('POST', '/api/rsshub/use', { id: paid, durationInMonths: 2 }, { 'Idempotency-Key': 'buy-two-months' })).status).toBe(200)
    expect(await wallet(buyer)).toMatchObject({ powerToken: power(1).toString() })

    expect(await instance(buyer, paid)).toMatchObject({ inUse: true, purchaseExpiresAt: bought.body.data.purchaseExpiresAt, price: '2' })
    // Its feeds now come through the paid instance.
    const requests = hub.requests.length
    expect((await buyer.post('/api/entries/preview', { url: 'rsshub://test/items/paid/1' })).status).toBe(200)
    expect(hub.requests.slice(requests)).toEqual(['/test/items/paid/1'])
    expect((await server.deps.wallets.audit()).ok).toBe(true)
  })

  it('switching away and back needs no new purchase while it lasts; more months extend it', async () => {
    expect((await buyer.post('/api/rsshub/use', { id: free })).status).toBe(200)
    const back = await buyer.post('/api/rsshub/use', { id: paid })
    expect(back.status).toBe(200)
    const first = back.body.data.purchaseExpiresAt
    expect((await buyer.get('/api/wallets/transactions?type=rsshub')).body.data).toHaveLength(1)
    await server.deps.wallets.rewardUser({ userId: buyerId, amount: power(1), reference: 'test', idempotencyKey: `fund-2-${buyerId}` })
    const more = await buyer.post('/api/rsshub/use', { id: paid, durationInMonths: 1 })
    expect(Date.parse(more.body.data.purchaseExpiresAt) - Date.parse(first)).toBe(30 * DAY_MS)
    expect(await wallet(buyer)).toMatchObject({ powerToken: '0' })
    // The owner uses their own paid instance free.
    expect((await admin.post('/api/rsshub/use', { id: paid })).body.data).toEqual({ instanceId: paid, purchaseExpiresAt: null })
  })

  it('access runs out: 13005 again, and the buyer’s feeds fall back to the default', async () => {
    await server.database.db.updateTable('rsshub_purchases').set({ expiresAt: new Date(Date.now() - DAY_MS).toISOString() }).where('userId', '=', buyerId).execute()
    const expired = await buyer.post('/api/rsshub/use', { id: paid })
    expect(expired.body.code).toBe(13005)
    expect(expired.body.reason).toMatch(/ended/)
    // No default yet: nowhere to read rsshub:// feeds.
    expect((await buyer.post('/api/entries/preview', { url: 'rsshub://test/items/after/1' })).body.code).toBe(13007)
  })

  it('only an admin marks the default (1004), never a paid one (13006); everyone without a choice reads through it', async () => {
    const notAdmin = await buyer.post('/api/rsshub/default', { id: free })
    expect([notAdmin.status, notAdmin.body.code]).toEqual([403, 1004])
    expect((await admin.post('/api/rsshub/default', { id: paid })).body.code).toBe(13006)
    expect((await admin.post('/api/rsshub/default', { id: newId() })).body.code).toBe(13003)
    expect((await instance(newcomer, free)).isDefault).toBe(false)

    expect((await admin.post('/api/rsshub/default', { id: free })).body.data).toEqual({ instanceId: free })
    expect((await instance(newcomer, free)).isDefault).toBe(true)
    const list = (await newcomer.get('/api/rsshub/list')).body.data as { id: string; isDefault: boolean }[]
    expect(list.filter((i) => i.isDefault).map((i) => i.id)).toEqual([free])
    const requests = hub.requests.length
    expect((await newcomer.post('/api/entries/preview', { url: 'rsshub://test/items/newcomer/1' })).status).toBe(200)
    expect(hub.requests.slice(requests)).toEqual(['/test/items/newcomer/1'])
    // The buyer whose purchase ran out reads through the default too.
    expect((await buyer.post('/api/entries/preview', { url: 'rsshub://test/items/after/1' })).status).toBe(200)

    // Unmarked: nobody's default any more.
    expect((await admin.post('/api/rsshub/default', { id: null })).body.data).toEqual({ instanceId: null })
    expect((await instance(newcomer, free)).isDefault).toBe(false)
    expect((await newcomer.post('/api/entries/preview', { url: 'rsshub://test/items/newcomer/2' })).body.code).toBe(13007)
  })
})
