import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from '../env.ts'
import { startFakeOAuthProvider, type FakeOAuthProvider } from '../test/fakeOAuthProvider.ts'
import { describeEachDialect } from '../test/testDatabase.ts'
import { startTestServer, TestClient, type TestServer } from '../test/testServer.ts'

describe('OAUTH_* configuration', () => {
  it('refuses a provider without its client or endpoints, naming what is missing', () => {
    expect(() => parseEnv({ OAUTH_PROVIDER_ID: 'corp' })).toThrow(EnvError)
    expect(() => parseEnv({ OAUTH_PROVIDER_ID: 'corp', OAUTH_CLIENT_ID: 'x', OAUTH_AUTHORIZATION_URL: 'https://id.example/auth' })).toThrow(/OAUTH_DISCOVERY_URL \(or OAUTH_AUTHORIZATION_URL, OAUTH_TOKEN_URL and OAUTH_USERINFO_URL\)/)
    expect(() => parseEnv({ OAUTH_PROVIDER_ID: 'Corp ID', OAUTH_CLIENT_ID: 'x', OAUTH_DISCOVERY_URL: 'https://id.example/.well-known/openid-configuration' })).toThrow(/OAUTH_PROVIDER_ID/)
    expect(parseEnv({ OAUTH_PROVIDER_ID: 'corp', OAUTH_CLIENT_ID: 'x', OAUTH_DISCOVERY_URL: 'https://id.example/.well-known/openid-configuration' }).OAUTH_PROVIDER_ID).toBe('corp')
  })
})

describeEachDialect('sign-in with the OAUTH_ provider, handed on with a one-time token', (dialect) => {
  let provider: FakeOAuthProvider
  let server: TestServer
  const user = { id: 'fake-user-1', email: `ada+${Date.now()}@example.com`, name: 'Ada Lovelace' }

  beforeAll(async () => {
    provider = await startFakeOAuthProvider({ user })
    server = await startTestServer(dialect, provider.env)
  })
  afterAll(async () => {
    await server?.stop()
    await provider?.close()
  })

  /** What a browser does: the provider's consent page, Allow, then back to Brook's callback. */
  async function signInThroughProvider(browser: TestClient): Promise<string> {
    const start = await browser.post('/api/auth/sign-in/social', { provider: 'fakeid', callbackURL: '/login?desktopCallback=x' })
    expect(start.status).toBe(200)
    const authorize = new URL(start.body.url)
    expect(authorize.origin + authorize.pathname).toBe(`${provider.url}/authorize`)
    expect((await fetch(authorize)).status).toBe(200)
    const form = new URLSearchParams(['redirect_uri', 'state', 'code_challenge', 'code_challenge_method'].map((k): [string, string] => [k, authorize.searchParams.get(k) ?? '']))
    const approved = await fetch(`${provider.url}/authorize`, { method: 'POST', body: form, redirect: 'manual' })
    const callback = new URL(approved.headers.get('location')!)
    expect(callback.origin).toBe(server.url)
    const back = await browser.get(callback.pathname + callback.search)
    expect(back.status).toBe(302)
    return back.headers.get('location')!
  }

  it('is offered with its name, signs up through the real OAuth exchange, and a one-time token signs another client in once', async () => {
    const anyone = new TestClient(server.url)
    expect((await anyone.get('/api/status/configs')).body.data.features.socialProviders).toEqual(['fakeid'])
    expect((await anyone.get('/api/auth/providers')).body.data).toContainEqual({ id: 'fakeid', name: 'Fake ID', type: 'social' })

    const browser = new TestClient(server.url)
    expect(await signInThroughProvider(browser)).toBe('/login?desktopCallback=x')
    expect(provider.seen.map((s) => s.step)).toEqual(['authorize', 'approve', 'token', 'userinfo'])
    const session = await browser.get('/api/auth/get-session')
    expect(session.body.user).toMatchObject({ email: user.email, name: user.name, emailVerified: true })

    // The hand-off: the browser asks for a token, the app window trades it for the session.
    const { body } = await browser.get('/api/auth/one-time-token/generate')
    expect(body.token).toMatch(/^\S{20,}$/)
    const window = new TestClient(server.url)
    expect((await window.get('/api/auth/get-session')).body).toBeNull()
    expect((await window.post('/api/auth/one-time-token/verify', { token: body.token })).status).toBe(200)
    expect((await window.get('/api/auth/get-session')).body.user.email).toBe(user.email)
    // Spent: a second use (a copied URL) signs nobody in.
    const again = new TestClient(server.url)
    expect((await again.post('/api/auth/one-time-token/verify', { token: body.token })).status).toBe(400)
    expect((await again.get('/api/auth/get-session')).body).toBeNull()

    // A second sign-in with the same provider account is the same Brook user, not a new one.
    const later = new TestClient(server.url)
    await signInThroughProvider(later)
    expect((await later.get('/api/auth/get-session')).body.user.id).toBe(session.body.user.id)
  })

  it('a signed-out client gets no one-time token', async () => {
    expect((await new TestClient(server.url).get('/api/auth/one-time-token/generate')).status).toBe(401)
  })
})
