import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDialect } from '../test/testDatabase.ts'
import { startTestServer, TestClient, type TestServer } from '../test/testServer.ts'
import { mailRepo } from '../domains/mail/repo.ts'
import { totp } from '../test/totp.ts'

describeEachDialect('accounts', (dialect) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(dialect)
  })
  afterAll(async () => server?.stop())

  const outbox = (to: string) => mailRepo(server.database.db).listFor(to)
  const linkIn = (text: string) => text.match(/https?:\/\/\S+/)![0]

  it('makes the first user admin and later users free, with role in get-session', async () => {
    const first = new TestClient(server.url)
    expect((await first.signUp('first@example.com')).role).toBe('admin')
    const session = await first.get('/api/auth/get-session')
    expect(session.status).toBe(200)
    expect(session.body.role).toBe('admin')
    expect(session.body).toHaveProperty('roleEndAt', null)
    expect(session.body.user.email).toBe('first@example.com')

    const second = new TestClient(server.url)
    await second.signUp('second@example.com')
    expect((await second.get('/api/auth/get-session')).body.role).toBe('free')
  })

  it('signs out, refuses a wrong password, signs in again', async () => {
    const c = new TestClient(server.url)
    await c.signUp('cycle@example.com')
    expect((await c.post('/api/auth/sign-out')).status).toBe(200)
    expect((await c.get('/api/auth/get-session')).body).toBeNull()
    const wrong = await c.signIn('cycle@example.com', 'not the password')
    expect(wrong.status).toBe(401)
    expect((await c.get('/api/auth/get-session')).body).toBeNull()
    const right = await c.signIn('cycle@example.com')
    expect(right.status).toBe(200)
    expect((await c.get('/api/auth/get-session')).body.user.email).toBe('cycle@example.com')
  })

  it('accepts a bearer token instead of the cookie, and 401s without either', async () => {
    const c = new TestClient(server.url)
    const r = await c.post('/api/auth/sign-up/email', { email: 'bearer@example.com', password: 'correct horse battery', name: 'B' })
    const token = r.headers.get('set-auth-token') ?? r.body.token
    expect(token).toBeTruthy()
    const b = new TestClient(server.url)
    b.bearer = token
    const session = await b.get('/api/auth/get-session')
    expect(session.body.user.email).toBe('bearer@example.com')
    const anonymous = new TestClient(server.url)
    expect((await anonymous.get('/api/auth/get-session')).body).toBeNull()
  })

  it('lists and revokes sessions', async () => {
    const laptop = new TestClient(server.url)
    await laptop.signUp('sessions@example.com')
    const phone = new TestClient(server.url)
    expect((await phone.signIn('sessions@example.com')).status).toBe(200)
    const list = await laptop.get('/api/auth/list-sessions')
    expect(list.body).toHaveLength(2)
    expect((await laptop.post('/api/auth/revoke-other-sessions')).status).toBe(200)
    expect((await phone.get('/api/auth/get-session')).body).toBeNull()
    expect((await laptop.get('/api/auth/get-session')).body.user.email).toBe('sessions@example.com')
  })

  it('updates the profile and changes the password', async () => {
    const c = new TestClient(server.url)
    await c.signUp('profile@example.com')
    const upd = await c.post('/api/auth/update-user', { name: 'New Name', handle: 'newname', bio: 'hello' })
    expect(upd.status).toBe(200)
    const s = await c.get('/api/auth/get-session')
    expect(s.body.user.name).toBe('New Name')
    expect(s.body.user.handle).toBe('newname')
    // role is not user-settable
    const sneaky = await c.post('/api/auth/update-user', { role: 'admin' })
    expect(sneaky.status).toBe(400)
    expect((await c.get('/api/auth/get-session')).body.role).toBe('free')

    const change = await c.post('/api/auth/change-password', { currentPassword: 'correct horse battery', newPassword: 'a brand new secret' })
    expect(change.status).toBe(200)
    const again = new TestClient(server.url)
    expect((await again.signIn('profile@example.com')).status).toBe(401)
    expect((await again.signIn('profile@example.com', 'a brand new secret')).status).toBe(200)
  })

  it('sends verification and reset mail to the outbox, and both links work', async () => {
    const c = new TestClient(server.url)
    await c.signUp('verify@example.com')
    const [verification] = await outbox('verify@example.com')
    expect(verification.kind).toBe('verify-email')
    const verify = await c.get(new URL(linkIn(verification.text)).pathname + new URL(linkIn(verification.text)).search)
    expect([200, 302]).toContain(verify.status)
    expect((await c.get('/api/auth/get-session')).body.user.emailVerified).toBe(true)

    const anon = new TestClient(server.url)
    const ask = await anon.post('/api/auth/request-password-reset', { email: 'verify@example.com', redirectTo: '/reset' })
    expect(ask.status).toBe(200)
    const reset = (await outbox('verify@example.com')).find((m) => m.kind === 'reset-password')!
    const link = new URL(linkIn(reset.text))
    const follow = await anon.get(link.pathname + link.search)
    const location = follow.headers.get('location') ?? ''
    const token = new URL(location, server.url).searchParams.get('token') ?? link.pathname.split('/').pop()
    const done = await anon.post('/api/auth/reset-password', { newPassword: 'reset to this one', token })
    expect(done.status).toBe(200)
    expect((await anon.signIn('verify@example.com', 'reset to this one')).status).toBe(200)
  })

  it('changes the e-mail address after the link in the mail is followed', async () => {
    const c = new TestClient(server.url)
    await c.signUp('old-address@example.com')
    const ask = await c.post('/api/auth/change-email', { newEmail: 'new-address@example.com', callbackURL: '/' })
    expect(ask.status).toBe(200)
    // Unverified accounts verify the new address directly.
    const [mail] = await outbox('new-address@example.com')
    expect(mail).toBeDefined()
    const link = new URL(linkIn(mail.text))
    await c.get(link.pathname + link.search)
    expect((await c.get('/api/auth/get-session')).body.user.email).toBe('new-address@example.com')
  })

  it('enables two-factor, requires the code at sign-in, accepts TOTP and backup codes, disables', async () => {
    const c = new TestClient(server.url)
    await c.signUp('2fa@example.com')
    const enable = await c.post('/api/auth/two-factor/enable', { password: 'correct horse battery' })
    expect(enable.status).toBe(200)
    const secret = new URL(enable.body.totpURI).searchParams.get('secret')!
    const backupCodes: string[] = enable.body.backupCodes
    expect(backupCodes.length).toBeGreaterThan(5)
    expect((await c.post('/api/auth/two-factor/verify-totp', { code: totp(secret) })).status).toBe(200)
    expect((await c.get('/api/auth/get-session')).body.user.twoFactorEnabled).toBe(true)

    const other = new TestClient(server.url)
    const first = await other.signIn('2fa@example.com')
    expect(first.body.twoFactorRedirect).toBe(true)
    expect((await other.get('/api/auth/get-session')).body).toBeNull()
    expect((await other.post('/api/auth/two-factor/verify-totp', { code: '000000' === totp(secret) ? '111111' : '000000' })).status).toBe(401)
    expect((await other.post('/api/auth/two-factor/verify-totp', { code: totp(secret) })).status).toBe(200)
    expect((await other.get('/api/auth/get-session')).body.user.email).toBe('2fa@example.com')

    const third = new TestClient(server.url)
    await third.signIn('2fa@example.com')
    expect((await third.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] })).status).toBe(200)
    expect((await third.get('/api/auth/get-session')).body.user.email).toBe('2fa@example.com')

    expect((await c.post('/api/auth/two-factor/disable', { password: 'correct horse battery' })).status).toBe(200)
    const fourth = new TestClient(server.url)
    const plain = await fourth.signIn('2fa@example.com')
    expect(plain.body.twoFactorRedirect).toBeUndefined()
  })

  it('two-factor by e-mail: send-otp mails a code through the mailer, verify-otp signs in with it once', async () => {
    const c = new TestClient(server.url)
    await c.signUp('otp@example.com')
    const secret = new URL((await c.post('/api/auth/two-factor/enable', { password: 'correct horse battery' })).body.totpURI).searchParams.get('secret')!
    expect((await c.post('/api/auth/two-factor/verify-totp', { code: totp(secret) })).status).toBe(200)

    // Without a pending two-factor sign-in there is nobody to send a code to.
    expect((await new TestClient(server.url).post('/api/auth/two-factor/send-otp', {})).status).toBe(401)

    const other = new TestClient(server.url)
    expect((await other.signIn('otp@example.com')).body.twoFactorRedirect).toBe(true)
    const sent = await other.post('/api/auth/two-factor/send-otp', {})
    expect(sent.status).toBe(200)
    expect(sent.body).toEqual({ status: true })
    const mails = (await outbox('otp@example.com')).filter((m) => m.kind === 'two-factor-code')
    expect(mails).toHaveLength(1)
    const code = /\b(\d{6})\b/.exec(mails[0].text)![1]
    expect(mails[0].subject).toContain(code)
    const wrong = code === '000000' ? '111111' : '000000'
    expect((await other.post('/api/auth/two-factor/verify-otp', { code: wrong })).status).toBe(401)
    expect((await other.get('/api/auth/get-session')).body).toBeNull()
    expect((await other.post('/api/auth/two-factor/verify-otp', { code })).status).toBe(200)
    expect((await other.get('/api/auth/get-session')).body.user.email).toBe('otp@example.com')

    // A code is good for one sign-in.
    const third = new TestClient(server.url)
    await third.signIn('otp@example.com')
    expect((await third.post('/api/auth/two-factor/verify-otp', { code })).status).not.toBe(200)
  })

  it('hands a session over with a one-time token, usable once', async () => {
    const c = new TestClient(server.url)
    await c.signUp('ott@example.com')
    const gen = await c.get('/api/auth/one-time-token/generate')
    expect(gen.status).toBe(200)
    const desktop = new TestClient(server.url)
    const verified = await desktop.post('/api/auth/one-time-token/verify', { token: gen.body.token })
    expect(verified.status).toBe(200)
    expect(verified.body.user.email).toBe('ott@example.com')
    expect((await new TestClient(server.url).post('/api/auth/one-time-token/verify', { token: gen.body.token })).status).toBe(400)
  })

  it('deletes the user and their sessions', async () => {
    const c = new TestClient(server.url)
    await c.signUp('leaving@example.com')
    expect((await c.post('/api/auth/delete-user', { password: 'correct horse battery' })).status).toBe(200)
    expect((await c.get('/api/auth/get-session')).body).toBeNull()
    expect((await new TestClient(server.url).signIn('leaving@example.com')).status).toBe(401)
  })

  it('rate-limits sign-in attempts', async () => {
    const limited = await startTestServer(dialect, { AUTH_RATE_LIMIT: 'true', AUTH_SIGNIN_MAX_PER_MINUTE: '5' })
    try {
      const c = new TestClient(limited.url)
      await c.signUp('ratelimit@example.com')
      const statuses: number[] = []
      for (let i = 0; i < 8; i++) statuses.push((await c.signIn('ratelimit@example.com', 'wrong password!')).status)
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
      expect(statuses.slice(5)).toEqual([429, 429, 429])
      // The right password is refused too while the window lasts.
      expect((await c.signIn('ratelimit@example.com')).status).toBe(429)
    } finally {
      await limited.stop()
    }
  })
})


describeEachDialect('social sign-in', (dialect) => {
  it('is offered only for providers whose credentials are configured', async () => {
    const server = await startTestServer(dialect, { GITHUB_CLIENT_ID: 'gh-id', GITHUB_CLIENT_SECRET: 'gh-secret' })
    try {
      const c = new TestClient(server.url)
      expect((await c.get('/api/status/configs')).body.data.features.socialProviders).toEqual(['github'])
      const github = await c.post('/api/auth/sign-in/social', { provider: 'github', callbackURL: '/' })
      expect(github.status).toBe(200)
      const redirect = new URL(github.body.url)
      expect(redirect.hostname).toBe('github.com')
      expect(redirect.searchParams.get('client_id')).toBe('gh-id')
      const google = await c.post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/' })
      expect(google.status).toBeGreaterThanOrEqual(400)
    } finally {
      await server.stop()
    }
  })
})
