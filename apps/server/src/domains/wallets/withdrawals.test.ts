/** POST /api/wallets/transactions/withdraw and /api/boosts over HTTP on both databases. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { newId, power } from '@brook/shared'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { insertFeed } from '../../test/factories.ts'
import { totp } from '../../test/totp.ts'

describeEachDialect('withdrawals and boosts', (dialect) => {
  let server: TestServer
  let alice: TestClient
  let bob: TestClient
  let aliceId: string
  let bobId: string
  let secret: string
  let feed: string
  const wallet = async (c: TestClient) => (await c.get('/api/wallets')).body.data[0]
  /** A code that is not the current one (nor the neighbours the check accepts). */
  const wrongCode = () => {
    const near = new Set([-30_000, 0, 30_000].map((d) => totp(secret, Date.now() + d)))
    for (let n = 0; ; n++) if (!near.has(String(n).padStart(6, '0'))) return String(n).padStart(6, '0')
  }

  beforeAll(async () => {
    server = await startTestServer(dialect)
    alice = await signedUpClient(server, 'alice-withdraw@example.com')
    bob = await signedUpClient(server, 'bob-withdraw@example.com')
    aliceId = (await alice.get('/api/auth/get-session')).body.user.id
    bobId = (await bob.get('/api/auth/get-session')).body.user.id
    const enable = await alice.post('/api/auth/two-factor/enable', { password: 'correct horse battery' })
    secret = new URL(enable.body.totpURI).searchParams.get('secret')!
    expect((await alice.post('/api/auth/two-factor/verify-totp', { code: totp(secret) })).status).toBe(200)
    feed = await insertFeed(server.database.db, { title: 'Boostable' })
    await server.deps.wallets.rewardUser({ userId: bobId, amount: power(100), reference: 'test', idempotencyKey: `seed-${bobId}` })
    await server.deps.wallets.rewardUser({ userId: aliceId, amount: power(50), reference: 'test', idempotencyKey: `seed-${aliceId}` })
    await bob.post('/api/wallets/transactions/tip', { amount: power(20).toString(), userId: aliceId })
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
  })

  it('needs a two-factor code, refuses a wrong one, and withdraws only tips received', async () => {
    expect(await wallet(alice)).toMatchObject({ powerToken: power(70).toString(), cashablePowerToken: power(20).toString() })
    const none = await alice.post('/api/wallets/transactions/withdraw', { amount: power(5).toString() })
    expect(none.body).toMatchObject({ code: 4008, message: 'Two factor code required' })
    const wrong = await alice.post('/api/wallets/transactions/withdraw', { amount: power(5).toString(), TOTPCode: wrongCode() })
    expect(wrong.body).toMatchObject({ code: 4007, message: 'Invalid two factor code' })
    // Bob has no two-factor: a code cannot help him.
    expect((await bob.post('/api/wallets/transactions/withdraw', { amount: '1', TOTPCode: '123456' })).body.code).toBe(4008)
    // 50 of Alice's 70 are rewards: only the 20 of tips can leave.
    const tooMuch = await alice.post('/api/wallets/transactions/withdraw', { amount: power(21).toString(), TOTPCode: totp(secret) })
    expect(tooMuch.body.code).toBe(4002)
    const done = await alice.post('/api/wallets/transactions/withdraw', { amount: power(15).toString(), address: 'acct-1234', TOTPCode: totp(secret) })
    expect(done.status).toBe(200)
    expect(done.body.data).toMatchObject({ amount: power(15).toString(), status: 'pending', address: 'acct-1234', feedId: null, settledAt: null })
    expect(await wallet(alice)).toMatchObject({ powerToken: power(55).toString(), cashablePowerToken: power(5).toString() })
    expect((await alice.get('/api/wallets/transactions?type=withdraw')).body.data[0]).toMatchObject({ fromUserId: aliceId, toUserId: null, amount: power(15).toString() })
    const audit = await server.deps.wallets.audit()
    expect(audit).toMatchObject({ ok: true, burned: power(15).toString() })
    // Bad amounts never reach the ledger.
    expect((await alice.post('/api/wallets/transactions/withdraw', { amount: '-1', TOTPCode: totp(secret) })).body.code).toBe(4)
  })

  it("withdraws from a claimed feed's account only for its owner (4003 beyond it)", async () => {
    const owned = await insertFeed(server.database.db, { title: 'Owned later' })
    await bob.post('/api/wallets/transactions/tip', { amount: power(3).toString(), feedId: owned })
    expect((await alice.post('/api/wallets/transactions/withdraw', { amount: '1', feedId: owned, TOTPCode: totp(secret) })).body.code).toBe(1004)
    expect((await alice.post('/api/wallets/transactions/withdraw', { amount: '1', feedId: newId(), TOTPCode: totp(secret) })).body.code).toBe(2001)
    await server.database.db.updateTable('feeds').set({ ownerUserId: aliceId }).where('id', '=', owned).execute()
    expect((await alice.post('/api/wallets/transactions/withdraw', { amount: power(4).toString(), feedId: owned, TOTPCode: totp(secret) })).body.code).toBe(4003)
    const ok = await alice.post('/api/wallets/transactions/withdraw', { amount: power(3).toString(), feedId: owned, TOTPCode: totp(secret) })
    expect(ok.body.data).toMatchObject({ feedId: owned, status: 'pending' })
    expect((await server.deps.wallets.audit()).ok).toBe(true)
  })

  it('admins settle withdrawals: paid stays burned, rejected is refunded (withdrawable again), once', async () => {
    expect((await bob.get('/api/wallets/withdrawals')).body.code).toBe(1004)
    expect((await bob.post('/api/wallets/withdrawals/settle', { id: newId(), status: 'paid' })).body.code).toBe(1004)
    const queue = (await alice.get('/api/wallets/withdrawals')).body.data
    expect(queue.length).toBeGreaterThanOrEqual(2)
    for (const w of queue) expect(w.status).toBe('pending')
    const mine = queue.find((w: any) => w.feedId === null)
    const feeds = queue.find((w: any) => w.feedId !== null)
    const before = await wallet(alice)
    const paid = await alice.post('/api/wallets/withdrawals/settle', { id: mine.id, status: 'paid' })
    expect(paid.body.data).toMatchObject({ id: mine.id, status: 'paid' })
    expect(paid.body.data.settledAt).toBeTruthy()
    expect(await wallet(alice)).toMatchObject({ powerToken: before.powerToken })
    // Again the same: unchanged; the other way: 4; unknown: 6.
    expect((await alice.post('/api/wallets/withdrawals/settle', { id: mine.id, status: 'paid' })).body.data.settledAt).toBe(paid.body.data.settledAt)
    expect((await alice.post('/api/wallets/withdrawals/settle', { id: mine.id, status: 'rejected' })).body.code).toBe(4)
    expect((await alice.post('/api/wallets/withdrawals/settle', { id: newId(), status: 'paid' })).body.code).toBe(6)
    // Rejecting the feed's withdrawal refunds the feed's account from burn, once, even when sent twice at once.
    const audit0 = await server.deps.wallets.audit()
    const both = await Promise.all([0, 1].map(() => alice.post('/api/wallets/withdrawals/settle', { id: feeds.id, status: 'rejected' })))
    for (const b of both) expect(b.body.data).toMatchObject({ status: 'rejected' })
    const audit1 = await server.deps.wallets.audit()
    expect(audit1.ok).toBe(true)
    expect(BigInt(audit0.burned) - BigInt(audit1.burned)).toBe(BigInt(feeds.amount))
    const refunds = (await alice.get('/api/wallets/transactions?type=refund')).body.data
    expect(refunds).toHaveLength(1)
    expect(refunds[0]).toMatchObject({ type: 'refund', amount: feeds.amount, toFeedId: feeds.feedId, reference: feeds.id })
    expect((await alice.get('/api/wallets/withdrawals?status=paid')).body.data.map((w: any) => w.id)).toContain(mine.id)
    expect((await alice.get('/api/wallets/withdrawals')).body.data.map((w: any) => w.id)).not.toContain(feeds.id)
  })

  it('boosts a feed in steps of 10 POWER, levels it, lists boosters', async () => {
    expect((await bob.get(`/api/boosts?feedId=${feed}`)).body.data).toMatchObject({ level: 0, boostCount: 0, totalAmount: '0', remainingToNextLevel: power(10).toString(), expiresAt: null })
    for (const amount of ['0', '-10', power(5).toString(), '1']) {
      const answer = await bob.post('/api/boosts', { feedId: feed, amount })
      expect(answer.body.code, amount).toBe(4006)
    }
    expect((await bob.post('/api/boosts', { feedId: feed, amount: 'ten' })).body.code).toBe(4)
    expect((await bob.post('/api/boosts', { feedId: newId(), amount: power(10).toString() })).body.code).toBe(2001)
    expect((await bob.post('/api/boosts', { feedId: feed, amount: power(1000).toString() })).body.code).toBe(4002)
    const boosted = await bob.post('/api/boosts', { feedId: feed, amount: power(50).toString() })
    expect(boosted.status).toBe(200)
    expect(boosted.body.data.transaction).toMatchObject({ type: 'boost', fromUserId: bobId, reference: feed })
    expect(boosted.body.data.status).toMatchObject({ level: 2, boostCount: 1, totalAmount: power(50).toString(), remainingToNextLevel: power(150).toString() })
    const days = (Date.parse(boosted.body.data.status.expiresAt) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(29.9)
    expect(days).toBeLessThanOrEqual(30)
    await alice.post('/api/boosts', { feedId: feed, amount: power(10).toString() })
    const boosters = (await alice.get(`/api/boosts/boosters?feedId=${feed}`)).body.data
    expect(boosters.map((b: any) => [b.userId, b.amount])).toEqual([
      [bobId, power(50).toString()],
      [aliceId, power(10).toString()],
    ])
    expect(JSON.stringify(boosters)).not.toContain('@example.com')
    expect((await server.deps.wallets.audit()).ok).toBe(true)
  })
})
