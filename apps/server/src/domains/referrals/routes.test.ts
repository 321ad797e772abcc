/**
 * Referrals through HTTP on both databases: a code per user, a sign-up by a code (the
 * X-Referral-Code header) starting the 45-day Pro preview trial and earning the referrer days,
 * 'Invalid referral code' for unknown codes, and purchase receipts through the receipt verifier —
 * the instance's own verification service on loopback, and the default that accepts none.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, TestClient, type TestServer } from '../../test/testServer.ts'
import { startVerifier } from '../../test/fakeReceiptVerifier.ts'

const DAY = 24 * 60 * 60 * 1000

const signUp = async (server: TestServer, email: string, ref?: string) => {
  const client = new TestClient(server.url)
  const r = await client.request('POST', '/api/auth/sign-up/email', { email, password: 'correct horse battery', name: email.split('@')[0] }, ref === undefined ? {} : { 'x-referral-code': ref })
  return { client, r }
}

const near = (iso: string | null, target: number) => {
  expect(iso).not.toBeNull()
  expect(Math.abs(new Date(iso!).getTime() - target)).toBeLessThan(60_000)
}

describeEachDialect('referrals', (dialect) => {
  let server: TestServer
  let verifier: Awaited<ReturnType<typeof startVerifier>>
  let admin: TestClient
  let alice: TestClient
  let aliceCode: string

  beforeAll(async () => {
    verifier = await startVerifier()
    server = await startTestServer(dialect, { AUTH_RATE_LIMIT: 'false', SERVICES: 'web', RECEIPT_VERIFIER_URL: verifier.url })
    admin = await signedUpClient(server, 'admin-ref@example.com')
    alice = await signedUpClient(server, 'alice-ref@example.com')
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    await verifier?.close()
  })

  it('every user has one code, kept across calls, with the path to share', async () => {
    const first = await alice.get('/api/referrals')
    expect(first.status).toBe(200)
    aliceCode = first.body.data.code
    expect(aliceCode).toMatch(/^[A-Z2-9]{8}$/)
    expect(first.body.data).toEqual({
      code: aliceCode,
      path: `/register?ref=${aliceCode}`,
      trialDays: 45,
      signupDays: 7,
      purchaseDays: 30,
      receiptsAccepted: true,
      days: 0,
      fromSignUps: 0,
      fromPurchases: 0,
      referred: [],
    })
    expect((await alice.get('/api/referrals')).body.data.code).toBe(aliceCode)
    expect((await admin.get('/api/referrals')).body.data.code).not.toBe(aliceCode)
    expect((await alice.get('/api/referrals/days')).body.data).toEqual({ days: 0, fromSignUps: 0, fromPurchases: 0 })
    expect((await new TestClient(server.url).get('/api/referrals')).body.code).toBe(1000)
  })

  it('a sign-up by a code starts the 45-day Pro preview trial; the referrer earns 7 days of Pro preview', async () => {
    const before = Date.now()
    const { client: bob, r } = await signUp(server, 'bob-ref@example.com', ` ${aliceCode.toLowerCase()} `)
    expect(r.status).toBe(200)
    const session = (await bob.get('/api/auth/get-session')).body
    expect(session.role).toBe('pre_pro_trial')
    near(session.roleEndAt, before + 45 * DAY)
    expect((await bob.get('/api/plans/me')).body.data).toMatchObject({ role: 'pre_pro_trial', label: 'Pro Preview Trial' })

    const mine = (await alice.get('/api/plans/me')).body.data
    expect(mine.role).toBe('pre_pro')
    near(mine.roleEndAt, before + 7 * DAY)
    expect((await alice.get('/api/referrals/days')).body.data).toEqual({ days: 7, fromSignUps: 7, fromPurchases: 0 })
    const listed = (await alice.get('/api/referrals')).body.data
    expect(listed.referred).toEqual([{ user: { id: session.user.id, name: 'bob-ref', handle: null, image: null }, createdAt: expect.any(String), days: 7, purchased: false }])

    // A second referral adds its days after the end of the preview Alice already has.
    const { r: second } = await signUp(server, 'carol-ref@example.com', aliceCode)
    expect(second.status).toBe(200)
    near((await alice.get('/api/plans/me')).body.data.roleEndAt, before + 14 * DAY)
    expect((await alice.get('/api/referrals/days')).body.data.days).toBe(14)
    expect((await alice.get('/api/referrals')).body.data.referred.map((x: any) => x.user.name)).toEqual(['carol-ref', 'bob-ref'])
    // Nobody else sees Alice's referrals.
    expect((await bob.get('/api/referrals')).body.data.referred).toEqual([])
  })

  it('an unknown or odd code is refused with "Invalid referral code" and no account is made', async () => {
    for (const odd of ['ZZZZZZZZ', 'NOPE-NOPE', "'; drop table referrals; --", 'é'.repeat(6), 'x'.repeat(300)]) {
      const { r } = await signUp(server, 'mallory-ref@example.com', odd)
      expect(r.status, odd).toBe(400)
      expect(r.body, odd).toMatchObject({ code: 1002, reason: 'Invalid referral code' })
    }
    expect((await new TestClient(server.url).signIn('mallory-ref@example.com')).status).not.toBe(200)
    // Without the header, sign-up is as usual.
    const { client, r } = await signUp(server, 'mallory-ref@example.com')
    expect(r.status).toBe(200)
    expect((await client.get('/api/plans/me')).body.data).toMatchObject({ role: 'free', roleEndAt: null })
  })

  it('a referrer whose plan is already higher keeps it and still counts the days', async () => {
    const adminCode = (await admin.get('/api/referrals')).body.data.code
    const { client: dave, r } = await signUp(server, 'dave-ref@example.com', adminCode)
    expect(r.status).toBe(200)
    expect((await dave.get('/api/plans/me')).body.data.role).toBe('pre_pro_trial')
    expect((await admin.get('/api/plans/me')).body.data).toMatchObject({ role: 'admin', roleEndAt: null })
    expect((await admin.get('/api/referrals/days')).body.data.days).toBe(7)
  })

  it('a referred account’s verified purchase earns its referrer 30 days once; refused and reused receipts are 1002', async () => {
    const bob = new TestClient(server.url)
    await bob.signIn('bob-ref@example.com')
    const endBefore = new Date((await alice.get('/api/plans/me')).body.data.roleEndAt).getTime()
    const verified = await bob.post('/api/referrals/verify-receipt', { receipt: 'valid:tx-bob-1', platform: 'ios' })
    expect(verified.status).toBe(200)
    expect(verified.body.data).toEqual({ transactionId: 'tx-bob-1', productId: 'brook.pro.yearly', referred: true, referrerDays: 30 })
    expect(verifier.seen.at(-1)).toMatchObject({ receipt: 'valid:tx-bob-1', platform: 'ios', purpose: 'referral' })
    expect((await alice.get('/api/referrals/days')).body.data).toEqual({ days: 44, fromSignUps: 14, fromPurchases: 30 })
    near((await alice.get('/api/plans/me')).body.data.roleEndAt, endBefore + 30 * DAY)
    expect((await alice.get('/api/referrals')).body.data.referred.find((x: any) => x.user.name === 'bob-ref')).toMatchObject({ days: 37, purchased: true })

    // Once per referred account: another purchase of Bob's earns nothing more.
    expect((await bob.post('/api/referrals/verify-receipt', { receipt: 'valid:tx-bob-2' })).body.data).toMatchObject({ referred: true, referrerDays: 0 })
    expect((await alice.get('/api/referrals/days')).body.data.days).toBe(44)
    // Someone else's receipt is refused.
    const carol = new TestClient(server.url)
    await carol.signIn('carol-ref@example.com')
    const reused = await carol.post('/api/referrals/verify-receipt', { receipt: 'valid:tx-bob-1' })
    expect(reused.status).toBe(400)
    expect(reused.body).toMatchObject({ code: 1002, reason: 'This receipt was already used by another account' })
    // The verifier's refusal, an answer it cannot read, and a verifier that is down.
    expect((await carol.post('/api/referrals/verify-receipt', { receipt: 'forged' })).body).toMatchObject({ code: 1002, reason: 'Receipt refused: signature does not match' })
    const garbage = await carol.post('/api/referrals/verify-receipt', { receipt: 'garbage' })
    expect(garbage.body.code).toBe(1005)
    expect(garbage.body.reason).toMatch(/does not understand/)
    expect((await carol.post('/api/referrals/verify-receipt', { receipt: 'down' })).body.reason).toMatch(/did not answer: HTTP 503/)
    // Not referred: verified, nobody earns days.
    const mallory = new TestClient(server.url)
    await mallory.signIn('mallory-ref@example.com')
    expect((await mallory.post('/api/referrals/verify-receipt', { receipt: 'valid:tx-mallory' })).body.data).toMatchObject({ referred: false, referrerDays: 0 })
    // Bad input.
    for (const body of [{}, { receipt: '' }, { receipt: 'valid:x', platform: 'symbian' }, { receipt: 'valid:x', extra: 1 }]) {
      expect((await carol.post('/api/referrals/verify-receipt', body)).body.code, JSON.stringify(body)).toBe(4)
    }
  })
})

describeEachDialect('referrals and subscription restore without a receipt verifier', (dialect) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer(dialect, { AUTH_RATE_LIMIT: 'false', SERVICES: 'web' })
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
  })

  it('the default verifier accepts no receipt and says so', async () => {
    await signedUpClient(server, 'admin-norec@example.com')
    const erin = await signedUpClient(server, 'erin-norec@example.com')
    expect((await erin.get('/api/referrals')).body.data.receiptsAccepted).toBe(false)
    const r = await erin.post('/api/referrals/verify-receipt', { receipt: 'valid:anything' })
    expect(r.status).toBe(400)
    expect(r.body).toMatchObject({ code: 1002, message: 'Invalid parameter', reason: 'This instance verifies no purchase receipts (no receipt verifier is configured)' })
  })

  it('subscription restore refuses every receipt and says so; providers is e-mail alone', async () => {
    await signedUpClient(server, 'admin-norestore@example.com')
    const gina = await signedUpClient(server, 'gina-norestore@example.com')
    expect((await gina.post('/api/auth/subscription/restore', { receipt: 'valid:anything' })).body).toMatchObject({ code: 1002, reason: 'This instance verifies no purchase receipts (no receipt verifier is configured)' })
    expect((await gina.get('/api/plans/me')).body.data.role).toBe('free')
    expect((await gina.get('/api/auth/providers')).body.data).toEqual([{ id: 'email', name: 'E-mail', type: 'credential' }])
  })
})
