/**
 * Features that check their flag, through HTTP on both databases: POST /api/ai/chat answers 1004
 * while the admin's `ai_chat` flag is off for the caller, and works again through a per-user
 * override or when the flag is back on (the model is a fake OpenAI-compatible provider on
 * loopback); the POWER wallet and boosts answer 1004 while `power` is off; sign-ups are refused
 * while `registration` is off. The web app reads each from GET /api/status/configs.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { newId } from '@brook/shared'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, TestClient, type TestServer } from '../../test/testServer.ts'
import { startFakeAiProvider, type FakeAiProvider } from '../../test/fakeAiProvider.ts'

const chat = (client: TestClient) => client.post('/api/ai/chat', { id: newId(), messages: [{ id: newId(), role: 'user', parts: [{ type: 'text', text: 'Hello' }] }] })

describeEachDialect('features behind flags', (dialect) => {
  let server: TestServer
  let fake: FakeAiProvider
  let admin: TestClient
  let bob: TestClient
  let bobId: string

  beforeAll(async () => {
    fake = await startFakeAiProvider(() => ({ text: 'Hi there.' }))
    server = await startTestServer(dialect, { AUTH_RATE_LIMIT: 'false', SERVICES: 'web', AI_BASE_URL: fake.baseUrl, AI_MODEL: 'fake-model', AI_CHAT_ROLES: 'free,admin' })
    admin = await signedUpClient(server, 'admin-gates@example.com')
    bob = await signedUpClient(server, 'bob-gates@example.com')
    bobId = (await bob.get('/api/auth/get-session')).body.user.id
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    await fake?.close()
  })

  it('AI chat answers 1004 while ai_chat is off for me; an override or the flag back on lets me chat', async () => {
    expect((await chat(bob)).status).toBe(200)
    expect((await admin.put('/api/admin/feature-flags/ai_chat', { enabled: false })).status).toBe(200)
    const off = await chat(bob)
    expect(off.status).toBe(403)
    expect(off.body).toMatchObject({ code: 1004, reason: 'AI chat is turned off on this instance' })
    expect((await bob.get('/api/status/configs')).body.data.flags.ai_chat).toBe(false)
    const requests = fake.requests.length
    expect((await chat(admin)).body.code).toBe(1004)
    expect(fake.requests.length).toBe(requests)

    expect((await admin.post('/api/admin/feature-flags/ai_chat/overrides', { userId: bobId, enabled: true })).status).toBe(200)
    expect((await chat(bob)).status).toBe(200)
    expect((await chat(admin)).body.code).toBe(1004)

    expect((await admin.put('/api/admin/feature-flags/ai_chat', { enabled: true })).status).toBe(200)
    expect((await chat(admin)).status).toBe(200)
  })
  it('POWER (wallet, tips, boosts) answers 1004 while power is off for me, and its flag reaches the web app', async () => {
    expect((await bob.get('/api/wallets')).status).toBe(200)
    expect((await admin.put('/api/admin/feature-flags/power', { enabled: false })).status).toBe(200)
    for (const [method, path] of [['get', '/api/wallets'], ['post', '/api/wallets/transactions/claim-daily'], ['get', '/api/wallets/ranking'], ['get', '/api/boosts/boosters?feedId=x']] as const) {
      const r = method === 'get' ? await bob.get(path) : await bob.post(path, {})
      expect([r.status, r.body.code, r.body.reason], path).toEqual([403, 1004, 'POWER is turned off on this instance'])
    }
    expect((await bob.get('/api/status/configs')).body.data.flags).toMatchObject({ power: false, ai_chat: true })
    // An override gives it back to one account; the rest of the app is untouched.
    expect((await admin.post('/api/admin/feature-flags/power/overrides', { userId: bobId, enabled: true })).status).toBe(200)
    expect((await bob.get('/api/wallets')).status).toBe(200)
    expect((await bob.get('/api/status/configs')).body.data.flags.power).toBe(true)
    expect((await admin.get('/api/wallets')).body.code).toBe(1004)
    expect((await admin.get('/api/subscriptions')).status).toBe(200)
    expect((await admin.put('/api/admin/feature-flags/power', { enabled: true })).status).toBe(200)
    expect((await admin.get('/api/wallets')).status).toBe(200)
  })

  it('sign-ups are refused (1004) while registration is off; visitors see the flag off; back on, sign-up works', async () => {
    expect((await admin.put('/api/admin/feature-flags/registration', { enabled: false })).status).toBe(200)
    const visitor = new TestClient(server.url)
    expect((await visitor.get('/api/status/configs')).body.data.flags.registration).toBe(false)
    const refused = await visitor.post('/api/auth/sign-up/email', { email: 'carol-gates@example.com', password: 'correct horse battery', name: 'Carol' })
    expect([refused.status, refused.body.code, refused.body.reason]).toEqual([403, 1004, 'Registration is turned off on this instance'])
    // Registration is a visitor's: a rollout below 100 % keeps it off for them.
    expect((await admin.put('/api/admin/feature-flags/registration', { enabled: true, percentage: 50 })).status).toBe(200)
    expect((await visitor.post('/api/auth/sign-up/email', { email: 'carol-gates@example.com', password: 'correct horse battery', name: 'Carol' })).body.code).toBe(1004)
    expect((await admin.put('/api/admin/feature-flags/registration', { enabled: true, percentage: 100 })).status).toBe(200)
    expect((await visitor.get('/api/status/configs')).body.data.flags.registration).toBe(true)
    expect((await visitor.post('/api/auth/sign-up/email', { email: 'carol-gates@example.com', password: 'correct horse battery', name: 'Carol' })).status).toBe(200)
  })
})
