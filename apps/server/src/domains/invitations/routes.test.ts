/**
 * Invitations, plans and the registration mode through HTTP on both databases: limits per plan
 * (5000/5001), use (5002/5003, one winner among concurrent uses), invitation-only sign-up (1003),
 * closed registration, plan caps the admin changes, admin-only routes (1004), disabled accounts,
 * and a Pro preview ending on the scheduler's tick.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, TestClient, type TestServer } from '../../test/testServer.ts'
import { insertFeed } from '../../test/factories.ts'

const signUp = (server: TestServer, email: string, code?: string) =>
  new TestClient(server.url).request('POST', '/api/auth/sign-up/email', { email, password: 'correct horse battery', name: email.split('@')[0] }, code === undefined ? {} : { 'x-invitation-code': code })

describeEachDialect('invitations, plans and registration', (dialect) => {
  let server: TestServer
  let admin: TestClient
  let alice: TestClient
  let aliceId: string

  beforeAll(async () => {
    server = await startTestServer(dialect, { AUTH_RATE_LIMIT: 'false', SERVICES: 'web' })
    admin = await signedUpClient(server, 'admin-inv@example.com')
    alice = await signedUpClient(server, 'alice-inv@example.com')
    aliceId = (await alice.get('/api/auth/get-session')).body.user.id
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
  })

  it('the first account is admin, the next ones get DEFAULT_ROLE; plans list every role', async () => {
    expect((await admin.get('/api/plans/me')).body.data).toMatchObject({ role: 'admin', label: 'Admin', roleEndAt: null })
    const mine = (await alice.get('/api/plans/me')).body.data
    expect(mine).toMatchObject({ role: 'free', label: 'Free', usage: { feeds: 0, lists: 0, inboxes: 0, subscriptions: 0 } })
    expect(mine.limits).toMatchObject({ invitations: 1, invitationPeriodDays: 30, invitationOneUnused: true })
    const table = (await new TestClient(server.url).get('/api/plans')).body.data
    expect(table.plans.map((p: any) => p.role)).toEqual(['admin', 'pre_pro_trial', 'pre_pro', 'free', 'trial', 'pro'])
    expect(table.plans.find((p: any) => p.role === 'trial').limits).toMatchObject({ feeds: 100, lists: 10, inboxes: 2 })
    expect(table.registrationMode).toBe('open')
  })

  it('creates codes up to the plan’s limit (5000), lists them, and uses one (role pre_pro)', async () => {
    expect((await alice.get('/api/invitations/limitation')).body.data).toBe(1)
    const created = await alice.post('/api/invitations/new')
    expect(created.status).toBe(200)
    const code: string = created.body.data
    expect(code).toMatch(/^[A-Z2-9]{10}$/)
    expect((await alice.get('/api/invitations/limitation')).body.data).toBe(0)
    const again = await alice.post('/api/invitations/new')
    expect(again.status).toBe(400)
    expect(again.body.code).toBe(5000)
    expect((await alice.get('/api/invitations')).body.data).toEqual([{ code, createdAt: expect.any(String), usedAt: null, user: null }])
    // Alice cannot spend her own code.
    expect((await alice.post('/api/invitations/use', { code })).body.code).toBe(1004)

    const bob = await signedUpClient(server, 'bob-inv@example.com')
    const used = await bob.post('/api/invitations/use', { code: ` ${code.toLowerCase()} ` })
    expect(used.status).toBe(200)
    expect(used.body.data).toEqual({ role: 'pre_pro' })
    expect((await bob.get('/api/auth/get-session')).body.role).toBe('pre_pro')
    expect((await bob.get('/api/plans/me')).body.data).toMatchObject({ role: 'pre_pro', label: 'Pro Preview' })
    const listed = (await alice.get('/api/invitations')).body.data
    expect(listed[0]).toMatchObject({ code, usedAt: expect.any(String), user: { name: 'bob-inv', handle: null } })
    // Spent: 5002 for anyone else; unknown or odd codes: 5003, never a 500.
    const carol = await signedUpClient(server, 'carol-inv@example.com')
    expect((await carol.post('/api/invitations/use', { code })).body.code).toBe(5002)
    for (const odd of ['NOPE-NOPE', 'ZZZZZZZZZZ', "'; drop table invitations; --", '💥'.repeat(10), '', '%_%']) {
      const r = await carol.post('/api/invitations/use', { code: odd })
      expect(r.status, odd).toBe(400)
      expect(r.body.code, odd).toBe(5003)
    }
    expect((await carol.post('/api/invitations/use', { code: 'x'.repeat(201) })).body.code).toBe(4)
    expect((await carol.get('/api/plans/me')).body.data.role).toBe('free')
  })

  it('one unused code at a time when the plan says so (5001); the admin changes plan limits', async () => {
    const dave = await signedUpClient(server, 'dave-inv@example.com')
    expect((await dave.put('/api/admin/plans/free', { invitations: 5 })).body.code).toBe(1004)
    const changed = await admin.put('/api/admin/plans/free', { invitations: 5 })
    expect(changed.body.data).toMatchObject({ role: 'free', label: 'Free', limits: { invitations: 5, invitationOneUnused: true } })
    expect((await admin.put('/api/admin/plans/free', { invitations: -1 })).body.code).toBe(4)
    expect((await admin.put('/api/admin/plans/free', { unknownLimit: 1 })).body.code).toBe(4)
    expect((await admin.put('/api/admin/plans/nobody', { invitations: 1 })).body.code).toBe(4)
    expect((await dave.post('/api/invitations/new')).status).toBe(200)
    expect((await dave.get('/api/invitations/limitation')).body.data).toBe(0)
    expect((await dave.post('/api/invitations/new')).body.code).toBe(5001)
    expect((await admin.delete('/api/admin/plans/free')).body.data.limits.invitations).toBe(1)
  })

  it('exactly one of many concurrent uses of one code wins', async () => {
    const code = (await admin.post('/api/invitations/new')).body.data
    const racers = await Promise.all(Array.from({ length: 8 }, (_, i) => signedUpClient(server, `racer${i}-inv@example.com`)))
    const answers = await Promise.all(racers.map((r) => r.post('/api/invitations/use', { code })))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 400).map((a) => a.body.code)).toEqual(Array(7).fill(5002))
    const roles = await Promise.all(racers.map(async (r) => (await r.get('/api/plans/me')).body.data.role))
    expect(roles.filter((r) => r === 'pre_pro')).toHaveLength(1)
  })

  it('plan caps come from the table the admin sets (1100 over the feeds cap)', async () => {
    const erin = await signedUpClient(server, 'erin-inv@example.com')
    const f1 = await insertFeed(server.database.db, { title: 'Cap one' })
    const f2 = await insertFeed(server.database.db, { title: 'Cap two' })
    await admin.put('/api/admin/plans/free', { feeds: 1 })
    try {
      expect((await erin.post('/api/subscriptions', { feedId: f1, view: 0 })).status).toBe(200)
      const over = await erin.post('/api/subscriptions', { feedId: f2, view: 0 })
      expect(over.body.code).toBe(1100)
      expect((await erin.get('/api/plans/me')).body.data).toMatchObject({ limits: { feeds: 1 }, usage: { feeds: 1 } })
    } finally {
      await admin.delete('/api/admin/plans/free')
    }
    expect((await erin.post('/api/subscriptions', { feedId: f2, view: 0 })).status).toBe(200)
  })

  describe('registration modes', () => {
    afterAll(async () => {
      await admin.put('/api/admin/registration', { mode: 'open' })
    })

    it('invitation-only: 400/1003 without a valid code, pre_pro with one; closed: 1004', async () => {
      expect((await alice.put('/api/admin/registration', { mode: 'invitation' })).body.code).toBe(1004)
      expect((await admin.put('/api/admin/registration', { mode: 'sometimes' })).body.code).toBe(4)
      expect((await admin.put('/api/admin/registration', { mode: 'invitation' })).body.data).toEqual({ mode: 'invitation' })
      expect((await admin.get('/api/admin/registration')).body.data).toEqual({ mode: 'invitation' })
      expect((await new TestClient(server.url).get('/api/plans')).body.data.registrationMode).toBe('invitation')

      const none = await signUp(server, 'nocode-inv@example.com')
      expect(none.status).toBe(400)
      expect(none.body).toMatchObject({ code: 1003, message: 'Invalid invitation' })
      const wrong = await signUp(server, 'wrong-inv@example.com', 'WRONGCODE1')
      expect(wrong.body.code).toBe(1003)
      const odd = await signUp(server, 'odd-inv@example.com', '<script>')
      expect(odd.body.code).toBe(1003)

      const code = (await admin.post('/api/invitations/new')).body.data
      const invited = await signUp(server, 'invited-inv@example.com', code)
      expect(invited.status).toBe(200)
      expect(invited.body.user.role).toBe('pre_pro')
      const usedBy = (await admin.get('/api/invitations')).body.data.find((i: any) => i.code === code)
      expect(usedBy.user).toMatchObject({ id: invited.body.user.id, name: 'invited-inv' })
      // The code is spent: the next sign-up with it is refused.
      expect((await signUp(server, 'second-inv@example.com', code)).body.code).toBe(1003)

      await admin.put('/api/admin/registration', { mode: 'closed' })
      const closed = await signUp(server, 'closed-inv@example.com')
      expect(closed.status).toBe(403)
      expect(closed.body.code).toBe(1004)
    })
  })

  it('admin: users (search), role and its end, disable; 1004 to everyone else', async () => {
    expect((await alice.get('/api/admin/users')).body.code).toBe(1004)
    expect((await alice.patch(`/api/admin/users/${aliceId}`, { role: 'admin' })).body.code).toBe(1004)
    const found = (await admin.get('/api/admin/users?q=ALICE-INV')).body.data
    expect(found.total).toBe(1)
    expect(found.users[0]).toMatchObject({ id: aliceId, email: 'alice-inv@example.com', role: 'free', disabled: false })
    expect((await admin.get('/api/admin/users?q=%25')).body.data.total).toBe(0)
    const end = new Date(Date.now() + 86_400_000).toISOString()
    const changed = await admin.patch(`/api/admin/users/${aliceId}`, { role: 'pro', roleEndAt: end })
    expect(changed.body.data).toMatchObject({ role: 'pro', roleEndAt: end })
    expect((await alice.get('/api/auth/get-session')).body).toMatchObject({ role: 'pro', roleEndAt: end })
    expect((await alice.get('/api/plans/me')).body.data.role).toBe('pro')
    expect((await admin.patch('/api/admin/users/nobody', { role: 'pro' })).body.code).toBe(6)
    const adminId = (await admin.get('/api/auth/get-session')).body.user.id
    expect((await admin.patch(`/api/admin/users/${adminId}`, { role: 'free' })).body.code).toBe(1004)

    expect((await admin.patch(`/api/admin/users/${aliceId}`, { disabled: true })).body.data.disabled).toBe(true)
    expect((await alice.get('/api/plans/me')).status).toBe(401)
    expect((await new TestClient(server.url).signIn('alice-inv@example.com')).status).not.toBe(200)
    await admin.patch(`/api/admin/users/${aliceId}`, { disabled: false, role: 'free', roleEndAt: null })
    expect((await alice.signIn('alice-inv@example.com')).status).toBe(200)
    expect((await alice.get('/api/plans/me')).body.data).toMatchObject({ role: 'free', roleEndAt: null })
  })
})

describeEachDialect('plan expiry by the scheduler', (dialect) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer(dialect, { AUTH_RATE_LIMIT: 'false', SERVICES: 'web,scheduler', SCHEDULER_INTERVAL_SECONDS: '0.2' })
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
  })

  it('a Pro preview whose end has passed falls back to DEFAULT_ROLE; one still running stays', async () => {
    const admin = await signedUpClient(server, 'admin-exp@example.com')
    const ending = await signedUpClient(server, 'ending-exp@example.com')
    const staying = await signedUpClient(server, 'staying-exp@example.com')
    const id = async (c: TestClient) => (await c.get('/api/auth/get-session')).body.user.id
    const soon = new Date(Date.now() + 1500).toISOString()
    const later = new Date(Date.now() + 3_600_000).toISOString()
    await admin.patch(`/api/admin/users/${await id(ending)}`, { role: 'pre_pro_trial', roleEndAt: soon })
    await admin.patch(`/api/admin/users/${await id(staying)}`, { role: 'pre_pro_trial', roleEndAt: later })
    expect((await ending.get('/api/plans/me')).body.data.role).toBe('pre_pro_trial')
    const deadline = Date.now() + 15_000
    let role = 'pre_pro_trial'
    while (Date.now() < deadline && role !== 'free') {
      await new Promise((r) => setTimeout(r, 200))
      role = (await ending.get('/api/auth/get-session')).body.role
    }
    expect(role).toBe('free')
    expect((await ending.get('/api/plans/me')).body.data).toMatchObject({ role: 'free', roleEndAt: null })
    expect((await staying.get('/api/plans/me')).body.data).toMatchObject({ role: 'pre_pro_trial', roleEndAt: later })
  }, 30_000)
})
