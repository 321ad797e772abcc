import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createSessionCache, credentialOf } from './sessionCache.ts'
import { signedUpClient, startTestServer, TestClient, type TestServer } from '../test/testServer.ts'

const user = (id: string) => ({ id, name: id, email: `${id}@x`, emailVerified: false, image: null, role: 'free', roleEndAt: null, handle: null })

describe('sessionCache', () => {
  it('keys on the session cookie and the bearer token, not on other cookies', () => {
    expect(credentialOf(new Headers({ cookie: 'theme=dark' }))).toBeNull()
    expect(credentialOf(new Headers({ cookie: 'a=1; better-auth.session_token=abc.def; b=2' }))).toBe('abc.def|')
    expect(credentialOf(new Headers({ cookie: '__Secure-better-auth.session_token=xyz' }))).toBe('xyz|')
    expect(credentialOf(new Headers({ authorization: 'Bearer t' }))).toBe('|Bearer t')
  })

  it('expires entries after the TTL and at the session expiry', () => {
    vi.useFakeTimers()
    try {
      const cache = createSessionCache(1000)
      cache.set('k', { user: user('u'), sessionId: 's', expiresAt: Date.now() + 10_000 })
      cache.set('short', { user: user('u'), sessionId: 's2', expiresAt: Date.now() + 500 })
      cache.set('none', null)
      expect(cache.get('k')?.sessionId).toBe('s')
      expect(cache.get('none')).toBeNull()
      vi.advanceTimersByTime(600)
      expect(cache.get('short')).toBeUndefined()
      vi.advanceTimersByTime(500)
      expect(cache.get('k')).toBeUndefined()
      expect(cache.get('none')).toBeUndefined()
    } finally {
      vi.useRealTimers()
    }
  })

  it('forgetting a credential drops every cached session of its user', () => {
    const cache = createSessionCache()
    const far = Date.now() + 60_000
    cache.set('a1', { user: user('a'), sessionId: '1', expiresAt: far })
    cache.set('a2', { user: user('a'), sessionId: '2', expiresAt: far })
    cache.set('b1', { user: user('b'), sessionId: '3', expiresAt: far })
    cache.forget('a1')
    expect(cache.get('a2')).toBeUndefined()
    expect(cache.get('b1')?.sessionId).toBe('3')
  })
})

describe('sessions through HTTP with the cache', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('sqlite', { AUTH_RATE_LIMIT: 'false', SERVICES: 'web' })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('a signed-out session is refused at once, and other sessions of the user re-resolve', async () => {
    const a = await signedUpClient(server, 'cache@example.com')
    const other = new TestClient(server.url)
    await other.signIn('cache@example.com')
    expect((await a.get('/api/reads/total-count')).status).toBe(200)
    expect((await other.get('/api/reads/total-count')).status).toBe(200)
    expect((await a.post('/api/auth/sign-out')).status).toBe(200)
    expect((await a.get('/api/reads/total-count')).status).toBe(401)
    expect((await other.get('/api/reads/total-count')).status).toBe(200)
    // Revoking every session (from the remaining one) is seen by the next request too.
    expect((await other.post('/api/auth/revoke-sessions')).status).toBe(200)
    expect((await other.get('/api/reads/total-count')).status).toBe(401)
  })
})
