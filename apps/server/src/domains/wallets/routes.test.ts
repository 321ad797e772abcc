/**
 * /api/wallets over HTTP on both databases: the daily claim, tips to users, feeds and entries,
 * bad amounts, concurrent overdraw attempts, idempotency keys, and the ledger's own guards
 * (CHECK against negative balances, append-only transfers, the invariant).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { sql } from 'kysely'
import { newId, power } from '@brook/shared'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { insertEntries, insertFeed } from '../../test/factories.ts'

describeEachDialect('wallets API', (dialect) => {
  let server: TestServer
  let alice: TestClient
  let bob: TestClient
  let aliceId: string
  let bobId: string
  let feed: string
  let entry: string

  const balanceOf = async (client: TestClient) => (await client.get('/api/wallets')).body.data[0]
  const audit = () => server.deps.wallets.audit()

  beforeAll(async () => {
    server = await startTestServer(dialect, { POWER_DAILY_BASE: '10' })
    alice = await signedUpClient(server, 'alice-power@example.com')
    bob = await signedUpClient(server, 'bob-power@example.com')
    aliceId = (await alice.get('/api/auth/get-session')).body.user.id
    bobId = (await bob.get('/api/auth/get-session')).body.user.id
    feed = await insertFeed(server.database.db, { title: 'Tippable' })
    ;[entry] = await insertEntries(server.database.db, feed, 1)
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
  })

  it('creates a wallet idempotently and claims once per UTC day', async () => {
    expect((await bob.post('/api/wallets')).body.data).toMatchObject({ userId: bobId, powerToken: '0', cashablePowerToken: '0', level: 0 })
    expect((await bob.post('/api/wallets')).status).toBe(200)
    const check = (await bob.get('/api/wallets/transactions/claim-check')).body.data
    expect(check).toMatchObject({ claimable: true, claimedToday: false, multiplier: 1 })
    // The first user is admin (weight 2), bob is free: 10 POWER × 1 × 1.
    expect(check.amount).toBe(power(10).toString())
    const claimed = await bob.post('/api/wallets/transactions/claim-daily')
    expect(claimed.status).toBe(200)
    expect(claimed.body.data).toMatchObject({ type: 'daily', amount: power(10).toString(), toUserId: bobId, fromUserId: null })
    const again = await bob.post('/api/wallets/transactions/claim-daily')
    expect(again.status).toBe(400)
    expect(again.body).toMatchObject({ code: 4000, message: 'Already claimed' })
    expect((await bob.get('/api/wallets/transactions/claim-check')).body.data).toMatchObject({ claimable: false, amount: '0', claimedToday: true })
    const wallet = await balanceOf(bob)
    expect(wallet).toMatchObject({ powerToken: power(10).toString(), dailyPowerToken: '0', cashablePowerToken: '0', level: 2 })
    expect((await audit()).ok).toBe(true)
  })

  it('claims once even when ten claims race', async () => {
    const carol = await signedUpClient(server, 'carol-power@example.com')
    const answers = await Promise.all(Array.from({ length: 10 }, () => carol.post('/api/wallets/transactions/claim-daily')))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.body.code === 4000)).toHaveLength(9)
    expect((await balanceOf(carol)).powerToken).toBe(power(10).toString())
  })

  it('tips a user, and the tip is withdrawable for the receiver while rewards are not', async () => {
    const tip = await bob.post('/api/wallets/transactions/tip', { amount: power(3).toString(), userId: aliceId })
    expect(tip.status).toBe(200)
    expect(tip.body.data).toMatchObject({ type: 'tip', fromUserId: bobId, toUserId: aliceId, amount: power(3).toString() })
    expect(await balanceOf(bob)).toMatchObject({ powerToken: power(7).toString(), cashablePowerToken: '0' })
    expect(await balanceOf(alice)).toMatchObject({ powerToken: power(3).toString(), cashablePowerToken: power(3).toString() })
    const bobs = (await bob.get('/api/wallets/transactions')).body.data
    expect(bobs.map((t: any) => t.type)).toEqual(['tip', 'daily'])
    expect((await bob.get(`/api/wallets/transactions?type=tip&fromOrToUserId=${aliceId}`)).body.data).toHaveLength(1)
    expect((await bob.get('/api/wallets/transactions?type=daily&createdAfter=2999-01-01T00:00:00Z')).body.data).toEqual([])
  })

  it('keeps tips to an unclaimed feed in its account; an entry tips its feed', async () => {
    const viaEntry = await bob.post('/api/wallets/transactions/tip', { amount: '1000', entryId: entry })
    expect(viaEntry.body.data).toMatchObject({ toFeedId: feed, toUserId: null, reference: entry })
    const viaFeed = await bob.post('/api/wallets/transactions/tip', { amount: '24', feedId: feed })
    expect(viaFeed.body.data).toMatchObject({ toFeedId: feed })
    const account = await server.database.db.selectFrom('ledger_accounts').selectAll().where('id', '=', `feed:${feed}`).executeTakeFirstOrThrow()
    expect(String(account.balance)).toBe('1024')
    // Once the feed has an owner, tips go to the owner; the owner cannot tip their own feed.
    await server.database.db.updateTable('feeds').set({ ownerUserId: aliceId }).where('id', '=', feed).execute()
    expect((await bob.post('/api/wallets/transactions/tip', { amount: '1', feedId: feed })).body.data).toMatchObject({ toUserId: aliceId, toFeedId: null })
    expect((await alice.post('/api/wallets/transactions/tip', { amount: '1', feedId: feed })).body.code).toBe(4004)
    // The owner sees the feed's transactions too.
    expect((await alice.get('/api/wallets/transactions?type=tip')).body.data.some((t: any) => t.toFeedId === feed)).toBe(true)
    await server.database.db.updateTable('feeds').set({ ownerUserId: null }).where('id', '=', feed).execute()
  })

  it('refuses targets that cannot receive and amounts that are not positive whole units', async () => {
    expect((await bob.post('/api/wallets/transactions/tip', { amount: '1', userId: bobId })).body).toMatchObject({ code: 4004, message: 'Target user wallet error' })
    expect((await bob.post('/api/wallets/transactions/tip', { amount: '1', userId: 'nobody' })).body.code).toBe(4004)
    expect((await bob.post('/api/wallets/transactions/tip', { amount: '1', feedId: newId() })).body.code).toBe(2001)
    expect((await bob.post('/api/wallets/transactions/tip', { amount: '1', entryId: newId() })).body.code).toBe(3000)
    const big = (2n ** 255n + 1n).toString()
    for (const amount of ['0', '-1', '1.5', 'abc', '', big, 5, null]) {
      const answer = await bob.post('/api/wallets/transactions/tip', { amount, userId: aliceId })
      expect(answer.status, String(amount)).toBe(400)
      expect(answer.body.code).toBe(4)
      expect(answer.body.data[0].path).toEqual(['amount'])
    }
    expect((await bob.post('/api/wallets/transactions/tip', { amount: '1' })).body.code).toBe(4)
    expect((await bob.post('/api/wallets/transactions/tip', { amount: '1', userId: aliceId, feedId: feed })).body.code).toBe(4)
    const short = await bob.post('/api/wallets/transactions/tip', { amount: power(1000).toString(), userId: aliceId })
    expect(short.body).toMatchObject({ code: 4002, message: 'Insufficient balance' })
    expect((await audit()).ok).toBe(true)
  })

  it('never overdraws: 50 tips at once against a balance that covers 10', async () => {
    const dave = await signedUpClient(server, 'dave-power@example.com')
    const daveId = (await dave.get('/api/auth/get-session')).body.user.id
    await server.deps.wallets.rewardUser({ userId: daveId, amount: 100n, reference: 'test', idempotencyKey: `test-${daveId}` })
    const answers = await Promise.all(Array.from({ length: 50 }, () => dave.post('/api/wallets/transactions/tip', { amount: '10', userId: aliceId })))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10)
    expect(answers.filter((a) => a.body.code === 4002)).toHaveLength(40)
    expect((await balanceOf(dave)).powerToken).toBe('0')
    expect((await dave.get('/api/wallets/transactions?type=tip')).body.data).toHaveLength(10)
    expect((await audit()).ok).toBe(true)
  })

  it('moves money once per Idempotency-Key, even when the retry races the first request', async () => {
    const before = BigInt((await balanceOf(bob)).powerToken)
    const send = () => bob.request('POST', '/api/wallets/transactions/tip', { amount: '5', userId: aliceId }, { 'Idempotency-Key': 'tip-once-1' })
    const answers = await Promise.all([send(), send(), send()])
    expect(answers.some((a) => a.status === 200)).toBe(true)
    for (const a of answers) expect([200, 409]).toContain(a.status)
    const replay = await send()
    expect(replay.status).toBe(200)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(BigInt((await balanceOf(bob)).powerToken)).toBe(before - 5n)
    // The ledger's own key catches a retry whose stored answer was lost (a crash between the
    // commit and the answer): the middleware's record is gone, the transfer is not repeated.
    await server.database.db.deleteFrom('idempotency_keys').where('key', '=', 'tip-once-1').execute()
    expect((await send()).status).toBe(200)
    expect(BigInt((await balanceOf(bob)).powerToken)).toBe(before - 5n)
  })

  it('rewardUser pays once per key (the achievements hook)', async () => {
    const first = await server.deps.wallets.rewardUser({ userId: bobId, amount: power(2), reference: 'achievement-x', idempotencyKey: `achievement-x:${bobId}` })
    const second = await server.deps.wallets.rewardUser({ userId: bobId, amount: power(2), reference: 'achievement-x', idempotencyKey: `achievement-x:${bobId}` })
    expect(first.replayed).toBe(false)
    expect(second).toMatchObject({ replayed: true, transaction: { id: first.transaction.id, type: 'reward' } })
  })

  it('ranks holders without their e-mail, and answers price and refresh', async () => {
    const ranking = (await alice.get('/api/wallets/ranking')).body.data
    expect(ranking.top.length).toBeGreaterThan(0)
    expect(ranking.top[0].rank).toBe(1)
    const amounts = ranking.top.map((r: any) => BigInt(r.powerToken))
    expect([...amounts].sort((a: bigint, b: bigint) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(amounts)
    expect(JSON.stringify(ranking)).not.toContain('@example.com')
    expect(ranking.me.rank).toBe(ranking.top.find((r: any) => r.userId === aliceId)?.rank)
    expect((await alice.get('/api/wallets/power-price')).body.data).toEqual({ price: null })
    const refreshed = (await alice.post('/api/wallets/refresh')).body.data
    expect(refreshed).toMatchObject({ userId: aliceId, rank: ranking.me.rank })
    expect((await new (bob.constructor as typeof TestClient)(server.url).get('/api/wallets')).status).toBe(401)
  })

  it('the database itself refuses a negative balance and any change to a transfer', async () => {
    const db = server.database.db
    await expect(db.updateTable('ledger_accounts').set({ balance: '-1' }).where('id', '=', `user:${bobId}`).execute()).rejects.toThrow()
    await expect(db.updateTable('ledger_accounts').set({ cashable: power(10 ** 6).toString() }).where('id', '=', `user:${bobId}`).execute()).rejects.toThrow()
    await expect(db.updateTable('ledger_transfers').set({ amount: '1' }).execute()).rejects.toThrow(/append-only/)
    await expect(db.deleteFrom('ledger_transfers').execute()).rejects.toThrow(/append-only/)
    await expect(sql`insert into ledger_transfers (id, "debitAccountId", "creditAccountId", amount, kind, "idempotencyKey", "createdAt") values (${newId()}, 'treasury', ${`user:${bobId}`}, '0', 'x', ${newId()}, '2026-01-01')`.execute(db)).rejects.toThrow()
    const audit = await server.deps.wallets.audit()
    expect(audit).toMatchObject({ ok: true, negative: [], total: '0' })
    expect(BigInt(audit.held)).toBe(BigInt(audit.minted) - BigInt(audit.burned))
  })
})
