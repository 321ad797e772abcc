/**
 * POWER moved on someone's behalf while the admin's `power` flag is off for them, through HTTP on
 * both databases (docs/instance-admin.md "Feature flags"): a paid list cannot be bought (1004,
 * nothing written) nor given a fee; an achievement is received with its reward pending and paid
 * once POWER is on again; the admin's mint to such an account mints nothing; access to a paid
 * RSSHub instance cannot be bought. Balances are read from the wallets service (the wallet routes
 * themselves are off for such an account) and the ledger's invariant holds at the end.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { power } from '@brook/shared'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { startFakeRsshub, type FakeRsshub } from '../../test/fakeRsshub.ts'
import { insertFeed } from '../../test/factories.ts'

const POWER_OFF = 'POWER is turned off on this instance'

describeEachDialect('POWER kept still while its flag is off', (dialect) => {
  let server: TestServer
  let hub: FakeRsshub
  let admin: TestClient
  let owner: TestClient
  let reader: TestClient
  let adminId: string
  let ownerId: string
  let readerId: string

  const balance = async (id: string) => BigInt((await server.deps.wallets.get({ id, role: 'free' }))[0].powerToken)
  const fund = (userId: string, whole: number, key: string) => server.deps.wallets.rewardUser({ userId, amount: power(whole), reference: 'test', idempotencyKey: key })
  const override = async (userId: string, enabled: boolean) => expect((await admin.post('/api/admin/feature-flags/power/overrides', { userId, enabled })).status).toBe(200)
  const dropOverride = async (userId: string) => expect((await admin.delete(`/api/admin/feature-flags/power/overrides/${userId}`)).status).toBe(200)
  const followsList = async (client: TestClient, listId: string) => (await client.get('/api/subscriptions')).body.data.some((s: any) => s.listId === listId)

  beforeAll(async () => {
    hub = await startFakeRsshub()
    server = await startTestServer(dialect, { AUTH_RATE_LIMIT: 'false', SERVICES: 'web' })
    admin = await signedUpClient(server, 'admin-poweroff@example.com')
    owner = await signedUpClient(server, 'owner-poweroff@example.com')
    reader = await signedUpClient(server, 'reader-poweroff@example.com')
    adminId = (await admin.get('/api/auth/get-session')).body.user.id
    ownerId = (await owner.get('/api/auth/get-session')).body.user.id
    readerId = (await reader.get('/api/auth/get-session')).body.user.id
    await fund(readerId, 20, `poweroff-${readerId}`)
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    await hub?.close()
  })

  it('a paid list cannot be bought while POWER is off for the buyer or its owner; nothing is written', async () => {
    const list = (await owner.post('/api/lists', { title: 'Paid picks', view: 0, fee: 4 })).body.data
    const free = (await owner.post('/api/lists', { title: 'Free picks', view: 0, fee: 0 })).body.data

    await override(readerId, false)
    const refused = await reader.post('/api/subscriptions', { listId: list.id })
    expect([refused.status, refused.body.code, refused.body.reason]).toEqual([403, 1004, `${POWER_OFF}: this list's fee cannot be paid`])
    expect(await followsList(reader, list.id)).toBe(false)
    expect(await balance(readerId)).toBe(power(20))
    expect(await balance(ownerId)).toBe(0n)
    // A free list is no POWER matter.
    expect((await reader.post('/api/subscriptions', { listId: free.id })).status).toBe(200)
    // Nor can the reader put a fee on a list of their own; a free one is fine.
    const priced = await reader.post('/api/lists', { title: 'For sale', view: 0, fee: 2 })
    expect([priced.status, priced.body.code, priced.body.reason]).toEqual([403, 1004, `${POWER_OFF}: a list cannot be given a fee`])
    const mine = (await reader.post('/api/lists', { title: 'Not for sale', view: 0 })).body.data
    expect((await reader.patch('/api/lists', { listId: mine.id, fee: 3 })).body.code).toBe(1004)
    expect((await reader.patch('/api/lists', { listId: mine.id, title: 'Still not for sale', fee: 0 })).status).toBe(200)

    // POWER back for the reader but off for the owner: the owner cannot be paid, so no sale.
    await dropOverride(readerId)
    await override(ownerId, false)
    const ownerOff = await reader.post('/api/subscriptions', { listId: list.id })
    expect([ownerOff.status, ownerOff.body.code]).toEqual([403, 1004])
    expect(ownerOff.body.reason).toBe("This list's owner cannot receive POWER now: the list cannot be bought")
    expect(await balance(readerId)).toBe(power(20))

    // Both on: the fee moves once, as before.
    await dropOverride(ownerId)
    expect((await reader.post('/api/subscriptions', { listId: list.id })).status).toBe(200)
    expect(await balance(readerId)).toBe(power(16))
    expect(await balance(ownerId)).toBe(power(4))
    // A subscription already paid for stays editable while POWER is off, and costs nothing.
    await override(readerId, false)
    expect((await reader.post('/api/subscriptions', { listId: list.id, view: 1 })).status).toBe(200)
    expect(await balance(readerId)).toBe(power(16))
    await dropOverride(readerId)
  })

  it('an achievement received while POWER is off keeps its reward pending, paid once when POWER is on again', async () => {
    const feed = await insertFeed(server.database.db, { title: 'Pending reward' })
    await owner.post('/api/subscriptions', { feedId: feed, view: 0 })
    expect((await owner.post('/api/achievement/check')).body.data.completed).toContain('first-subscription')
    await override(ownerId, false)
    const before = await balance(ownerId)
    const answers = await Promise.all(Array.from({ length: 4 }, () => owner.put('/api/achievement', { id: 'first-subscription' })))
    const received = answers.filter((a) => a.status === 200)
    expect(received).toHaveLength(1)
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body.code)).toEqual([9001, 9001, 9001])
    expect(received[0].body.data).toMatchObject({ state: 'received', transactionId: null, rewardPending: true })
    expect(await balance(ownerId)).toBe(before)
    // A recompute while POWER is still off pays nothing.
    await owner.post('/api/achievement/check')
    expect(await balance(ownerId)).toBe(before)

    await dropOverride(ownerId)
    const checks = await Promise.all([owner.post('/api/achievement/check'), owner.post('/api/achievement/check')])
    for (const c of checks) expect(c.status).toBe(200)
    expect(await balance(ownerId)).toBe(before + power(5))
    const paid = (await owner.get('/api/achievement')).body.data.find((a: any) => a.id === 'first-subscription')
    expect(paid).toMatchObject({ state: 'received', rewardPending: false, transactionId: expect.any(String) })
    await owner.post('/api/achievement/check')
    expect(await balance(ownerId)).toBe(before + power(5))
    const rewards = (await owner.get('/api/wallets/transactions?type=reward')).body.data
    expect(rewards.filter((t: any) => t.reference === 'achievement:first-subscription')).toHaveLength(1)
  })

  it("the admin's mint to an account with POWER off mints nothing (1004); with POWER on it mints", async () => {
    await override(readerId, false)
    const before = await balance(readerId)
    const refused = await admin.post('/api/admin/mintdscsafr', { userId: readerId, amount: power(7).toString() })
    expect([refused.status, refused.body.code, refused.body.reason]).toEqual([403, 1004, 'POWER is turned off for this account: nothing was minted'])
    expect(await balance(readerId)).toBe(before)
    await dropOverride(readerId)
    // The recipient's flag decides, not the admin's own.
    await override(adminId, false)
    expect((await admin.post('/api/admin/mintdscsafr', { userId: readerId, amount: power(7).toString() })).status).toBe(200)
    expect(await balance(readerId)).toBe(before + power(7))
    await dropOverride(adminId)
  })

  it('access to a paid RSSHub instance cannot be bought, nor a price set, while POWER is off', async () => {
    const paid = (await admin.post('/api/rsshub', { baseUrl: `${hub.url}/base/paid`, description: 'Paid hub', price: '2' })).body.data.id
    expect(paid).toBeTruthy()
    await override(readerId, false)
    const before = await balance(readerId)
    const refused = await reader.post('/api/rsshub/use', { id: paid, durationInMonths: 1 })
    expect([refused.status, refused.body.code, refused.body.reason]).toEqual([403, 1004, `${POWER_OFF}: access to a paid instance cannot be bought`])
    expect(await balance(readerId)).toBe(before)
    expect(await server.database.db.selectFrom('rsshub_purchases').selectAll().execute()).toEqual([])
    const priced = await reader.post('/api/rsshub', { baseUrl: `${hub.url}/base/readers`, description: 'Mine', price: '1' })
    expect([priced.status, priced.body.code]).toEqual([403, 1004])
    await dropOverride(readerId)
    expect((await reader.post('/api/rsshub/use', { id: paid, durationInMonths: 1 })).status).toBe(200)
    expect(await balance(readerId)).toBe(before - power(2))
    expect((await server.deps.wallets.audit()).ok).toBe(true)
  })

  it('POWER off for everyone: none of these move, and the wallet routes say so', async () => {
    expect((await admin.put('/api/admin/feature-flags/power', { enabled: false })).status).toBe(200)
    const list = (await admin.post('/api/lists', { title: 'Admin free list', view: 0 })).body.data
    expect((await admin.patch('/api/lists', { listId: list.id, fee: 1 })).body.code).toBe(1004)
    expect((await admin.post('/api/admin/mintdscsafr', { userId: ownerId, amount: '1' })).body.code).toBe(1004)
    expect((await owner.get('/api/wallets')).body.reason).toBe(POWER_OFF)
    expect((await admin.put('/api/admin/feature-flags/power', { enabled: true })).status).toBe(200)
    expect((await server.deps.wallets.audit()).ok).toBe(true)
  })
})
