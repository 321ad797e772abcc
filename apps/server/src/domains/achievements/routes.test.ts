/**
 * Achievements through HTTP on both databases: progress from real data, receiving the POWER
 * reward through the ledger once (9000/9001, concurrent receives pay once), audits (9002/9003,
 * an admin's approval, 1004 to others).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ACHIEVEMENTS, power } from '@brook/shared'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { insertFeed } from '../../test/factories.ts'

describeEachDialect('achievements API', (dialect) => {
  let server: TestServer
  let admin: TestClient
  let user: TestClient
  let userId: string
  const balance = async (c: TestClient) => (await c.get('/api/wallets')).body.data[0]?.powerToken ?? '0'

  beforeAll(async () => {
    server = await startTestServer(dialect, { AUTH_RATE_LIMIT: 'false', SERVICES: 'web' })
    admin = await signedUpClient(server, 'admin-ach@example.com')
    user = await signedUpClient(server, 'user-ach@example.com')
    userId = (await user.get('/api/auth/get-session')).body.user.id
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
  })

  it('lists the catalogue with my progress; nothing is completed before it happens (9000)', async () => {
    const list = (await user.get('/api/achievement')).body.data
    expect(list.map((a: any) => a.id)).toEqual(ACHIEVEMENTS.map((a) => a.id))
    expect(list.every((a: any) => a.state === 'incomplete' && a.progress === 0)).toBe(true)
    expect((await user.put('/api/achievement', { id: 'first-subscription' })).body.code).toBe(9000)
    expect((await user.put('/api/achievement', { id: 'no-such-thing' })).body.code).toBe(4)
  })

  it('completes from real data and pays the reward through the ledger once (9001 after)', async () => {
    const feed = await insertFeed(server.database.db, { title: 'Achieved' })
    await user.post('/api/subscriptions', { feedId: feed, view: 0 })
    const checked = (await user.post('/api/achievement/check')).body.data
    expect(checked.completed).toEqual(['first-subscription'])
    expect(checked.achievements.find((a: any) => a.id === 'feeds-10')).toMatchObject({ state: 'incomplete', progress: 1, target: 10 })
    expect((await user.post('/api/achievement/check')).body.data.completed).toEqual([])

    const before = BigInt(await balance(user))
    const received = await user.put('/api/achievement', { id: 'first-subscription' })
    expect(received.status).toBe(200)
    expect(received.body.data).toMatchObject({ id: 'first-subscription', state: 'received', receivedAt: expect.any(String), transactionId: expect.any(String) })
    expect(BigInt(await balance(user)) - before).toBe(power(5))
    const again = await user.put('/api/achievement', { id: 'first-subscription' })
    expect(again.body.code).toBe(9001)
    expect(BigInt(await balance(user)) - before).toBe(power(5))
  })

  it('concurrent receives of one achievement pay once', async () => {
    await user.post('/api/lists', { title: 'My list', view: 0, fee: 0 })
    expect((await user.post('/api/achievement/check')).body.data.completed).toEqual(['first-list'])
    const before = BigInt(await balance(user))
    const answers = await Promise.all(Array.from({ length: 5 }, () => user.put('/api/achievement', { id: 'first-list' })))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body.code)).toEqual([9001, 9001, 9001, 9001])
    expect(BigInt(await balance(user)) - before).toBe(power(10))
  })

  it('audits: 9003 when not needed, 9002 while under audit, an admin approves (1004 to others)', async () => {
    expect((await user.post('/api/achievement/audit', { id: 'first-rule', payload: 'please' })).body.code).toBe(9003)
    const sent = await user.post('/api/achievement/audit', { id: 'feed-claimed', payload: 'https://me.example/feed.xml is mine' })
    expect(sent.body.data).toMatchObject({ id: 'feed-claimed', state: 'audit' })
    expect((await user.put('/api/achievement', { id: 'feed-claimed' })).body.code).toBe(9002)
    expect((await user.post('/api/admin/achievements/approve', { userId, id: 'feed-claimed' })).body.code).toBe(1004)
    const approved = await admin.post('/api/admin/achievements/approve', { userId, id: 'feed-claimed' })
    expect(approved.body.data).toMatchObject({ state: 'completed', progress: 1 })
    expect((await admin.post('/api/admin/achievements/approve', { userId, id: 'feed-claimed' })).body.code).toBe(9003)
    expect((await user.put('/api/achievement', { id: 'feed-claimed' })).body.data.state).toBe('received')
    expect((await user.post('/api/achievement/audit', { id: 'feed-claimed', payload: 'again' })).body.code).toBe(9001)
    expect((await server.deps.wallets.audit()).ok).toBe(true)
  })

  it('an admin mints POWER through the ledger (1004 to others, 6 for no such user, 4 for a bad amount)', async () => {
    const before = BigInt(await balance(user))
    expect((await user.post('/api/admin/mintdscsafr', { userId, amount: '1000' })).body.code).toBe(1004)
    expect((await admin.post('/api/admin/mintdscsafr', { userId: 'nobody', amount: '1000' })).body.code).toBe(6)
    for (const amount of ['0', '-5', '1.5', '']) expect((await admin.post('/api/admin/mintdscsafr', { userId, amount })).body.code).toBe(4)
    const minted = await admin.post('/api/admin/mintdscsafr', { userId, amount: power(3).toString() })
    expect(minted.body.data).toMatchObject({ userId, amount: power(3).toString(), transactionId: expect.any(String) })
    expect(BigInt(await balance(user)) - before).toBe(power(3))
    expect((await server.deps.wallets.audit()).ok).toBe(true)
  })
})
