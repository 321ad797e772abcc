/**
 * Paid lists over HTTP on both databases: following a list whose fee > 0 moves the fee from the
 * subscriber to the owner in the subscription's own transaction (4002 and no subscription when
 * short), once per subscription, never for the owner; purchaseAmount and the owner's income.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { power } from '@brook/shared'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'

describeEachDialect('paid lists', (dialect) => {
  let server: TestServer
  let owner: TestClient
  let reader: TestClient
  let ownerId: string
  let readerId: string

  const wallet = async (client: TestClient) => (await client.get('/api/wallets')).body.data[0]
  const fund = (userId: string, whole: number, key: string) => server.deps.wallets.rewardUser({ userId, amount: power(whole), reference: 'test', idempotencyKey: key })
  const listOf = async (listId: string) => (await owner.get(`/api/lists?listId=${listId}`)).body.data.list

  beforeAll(async () => {
    server = await startTestServer(dialect, { AUTH_RATE_LIMIT: 'false' })
    owner = await signedUpClient(server, 'list-owner@example.com')
    reader = await signedUpClient(server, 'list-reader@example.com')
    ownerId = (await owner.get('/api/auth/get-session')).body.user.id
    readerId = (await reader.get('/api/auth/get-session')).body.user.id
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
  })

  it('refuses with 4002 and writes nothing when the balance is short; charges once when it covers', async () => {
    const list = (await owner.post('/api/lists', { title: 'Curated', view: 0, fee: 3 })).body.data
    const short = await reader.post('/api/subscriptions', { listId: list.id })
    expect(short.status).toBe(400)
    expect(short.body.code).toBe(4002)
    expect((await reader.get('/api/subscriptions')).body.data.find((s: any) => s.listId === list.id)).toBeUndefined()
    expect((await listOf(list.id)).subscriptionCount).toBe(0)
    expect((await reader.get('/api/wallets/transactions')).body.data).toEqual([])

    await fund(readerId, 5, `paid-1-${readerId}`)
    const ok = await reader.post('/api/subscriptions', { listId: list.id })
    expect(ok.status).toBe(200)
    expect(ok.body.data.list).toMatchObject({ subscriptionCount: 1, purchaseAmount: power(3).toString(), fee: 3 })
    expect(await wallet(reader)).toMatchObject({ powerToken: power(2).toString() })
    // The owner's income is withdrawable, and shows in their transactions as a list fee from the reader.
    expect(await wallet(owner)).toMatchObject({ powerToken: power(3).toString(), cashablePowerToken: power(3).toString() })
    const income = (await owner.get('/api/wallets/transactions?type=list')).body.data
    expect(income).toHaveLength(1)
    expect(income[0]).toMatchObject({ type: 'list', amount: power(3).toString(), fromUserId: readerId, toUserId: ownerId, reference: list.id })

    // Editing the subscription (same list again) does not charge again.
    expect((await reader.post('/api/subscriptions', { listId: list.id, view: 1 })).status).toBe(200)
    expect(await wallet(reader)).toMatchObject({ powerToken: power(2).toString() })
    expect((await listOf(list.id)).purchaseAmount).toBe(power(3).toString())
  })

  it('the owner follows their own paid list free', async () => {
    const list = (await owner.post('/api/lists', { title: 'Mine, paid', view: 0, fee: 50 })).body.data
    const before = await wallet(owner)
    expect((await owner.post('/api/subscriptions', { listId: list.id })).status).toBe(200)
    expect((await wallet(owner)).powerToken).toBe(before.powerToken)
    expect((await listOf(list.id)).purchaseAmount).toBe('0')
  })

  it('concurrent subscribes never overdraw and never charge one subscription twice', async () => {
    const buyer = await signedUpClient(server, 'list-buyer@example.com')
    const buyerId = (await buyer.get('/api/auth/get-session')).body.user.id
    await fund(buyerId, 10, `paid-2-${buyerId}`)
    const lists = await Promise.all(Array.from({ length: 5 }, async (_, i) => (await owner.post('/api/lists', { title: `Rush ${i}`, view: 0, fee: 3 })).body.data.id as string))
    // Each list three times at once: 15 requests, 5 lists, money for 3.
    const answers = await Promise.all(lists.flatMap((listId) => [0, 1, 2].map(() => buyer.post('/api/subscriptions', { listId }))))
    for (const a of answers) expect([200, 400]).toContain(a.status)
    const refused = answers.filter((a) => a.status === 400)
    for (const r of refused) expect(r.body.code).toBe(4002)
    const subscribed = (await buyer.get('/api/subscriptions')).body.data.filter((s: any) => lists.includes(s.listId))
    expect(subscribed).toHaveLength(3)
    const paid = (await buyer.get('/api/wallets/transactions?type=list')).body.data
    expect(paid).toHaveLength(3)
    expect(new Set(paid.map((t: any) => t.reference))).toEqual(new Set(subscribed.map((s: any) => s.listId)))
    expect(await wallet(buyer)).toMatchObject({ powerToken: power(1).toString() })
    for (const listId of lists) {
      const l = await listOf(listId)
      expect(l.purchaseAmount).toBe(subscribed.some((s: any) => s.listId === listId) ? power(3).toString() : '0')
    }
    const audit = await server.deps.wallets.audit()
    expect(audit.ok).toBe(true)
    expect(audit.negative).toEqual([])
  })

  it('following again after unfollowing is a new subscription and costs the fee again', async () => {
    const list = (await owner.post('/api/lists', { title: 'Again', view: 0, fee: 1 })).body.data
    await fund(readerId, 2, `paid-3-${readerId}`)
    const start = BigInt((await wallet(reader)).powerToken)
    await reader.post('/api/subscriptions', { listId: list.id })
    await reader.delete('/api/subscriptions', { listId: list.id })
    await reader.post('/api/subscriptions', { listId: list.id })
    expect(BigInt((await wallet(reader)).powerToken)).toBe(start - power(2))
    expect((await listOf(list.id)).purchaseAmount).toBe(power(2).toString())
  })
})
