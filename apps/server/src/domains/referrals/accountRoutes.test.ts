/**
 * The account calls beside better-auth (SPEC §7) through HTTP on both databases: `providers`
 * answers the configured sign-in providers (as /api/status/configs knows them), and
 * `POST /api/auth/subscription/restore` restores a purchase through the receipt verifier (the
 * instance owner's service on loopback; without one, routes.test.ts checks that every receipt is refused).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, TestClient, type TestServer } from '../../test/testServer.ts'
import { startVerifier } from '../../test/fakeReceiptVerifier.ts'

describeEachDialect('account calls: providers and subscription restore', (dialect) => {
  let server: TestServer
  let verifier: Awaited<ReturnType<typeof startVerifier>>
  let admin: TestClient

  beforeAll(async () => {
    verifier = await startVerifier()
    server = await startTestServer(dialect, { AUTH_RATE_LIMIT: 'false', SERVICES: 'web', RECEIPT_VERIFIER_URL: verifier.url, GITHUB_CLIENT_ID: 'gh-id', GITHUB_CLIENT_SECRET: 'gh-secret' })
    admin = await signedUpClient(server, 'admin-acct@example.com')
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    await verifier?.close()
  })

  it('providers: e-mail and the configured social providers, the same as /api/status/configs, signed out too', async () => {
    const anonymous = new TestClient(server.url)
    const r = await anonymous.get('/api/auth/providers')
    expect(r.status).toBe(200)
    expect(r.body.data).toEqual([
      { id: 'email', name: 'E-mail', type: 'credential' },
      { id: 'github', name: 'GitHub', type: 'social' },
    ])
    const configs = (await anonymous.get('/api/status/configs')).body.data
    expect(r.body.data.filter((p: any) => p.type === 'social').map((p: any) => p.id)).toEqual(configs.features.socialProviders)
  })

  it('restore: a verified purchase makes me Pro until it ends; refused, expired and others’ receipts are 1002', async () => {
    const erin = await signedUpClient(server, 'erin-acct@example.com')
    expect((await new TestClient(server.url).post('/api/auth/subscription/restore', { receipt: 'valid:tx-anon' })).body.code).toBe(1000)
    expect((await erin.post('/api/auth/subscription/restore', { receipt: 'forged' })).body).toMatchObject({ code: 1002, reason: 'Receipt refused: signature does not match' })
    expect((await erin.post('/api/auth/subscription/restore', { receipt: 'valid-expired:tx-old' })).body).toMatchObject({ code: 1002, reason: 'This purchase has expired' })
    expect((await erin.get('/api/plans/me')).body.data.role).toBe('free')

    const restored = await erin.post('/api/auth/subscription/restore', { receipt: 'valid:tx-erin', platform: 'android' })
    expect(restored.status).toBe(200)
    expect(restored.body.data).toEqual({ role: 'pro', roleEndAt: '2099-01-01T00:00:00.000Z', productId: 'brook.pro.yearly', transactionId: 'tx-erin' })
    expect(verifier.seen.at(-1)).toMatchObject({ receipt: 'valid:tx-erin', platform: 'android', purpose: 'restore' })
    // The session shows the new plan at once.
    expect((await erin.get('/api/auth/get-session')).body).toMatchObject({ role: 'pro', roleEndAt: '2099-01-01T00:00:00.000Z' })
    expect((await erin.get('/api/plans/me')).body.data).toMatchObject({ role: 'pro', label: 'Pro' })
    // Restoring again on the same account is fine; another account cannot use the receipt.
    expect((await erin.post('/api/auth/subscription/restore', { receipt: 'valid:tx-erin' })).status).toBe(200)
    const frank = await signedUpClient(server, 'frank-acct@example.com')
    expect((await frank.post('/api/auth/subscription/restore', { receipt: 'valid:tx-erin' })).body).toMatchObject({ code: 1002, reason: 'This receipt was already used by another account' })
    // A purchase without an end: Pro without an end. An admin stays admin.
    expect((await frank.post('/api/auth/subscription/restore', { receipt: 'valid-lifetime:tx-frank' })).body.data).toMatchObject({ role: 'pro', roleEndAt: null })
    expect((await admin.post('/api/auth/subscription/restore', { receipt: 'valid:tx-admin' })).body.data).toMatchObject({ role: 'admin', roleEndAt: null })
    expect((await admin.get('/api/plans/me')).body.data.role).toBe('admin')
    // Verifier trouble and bad input: catalogue codes, no crash.
    expect((await frank.post('/api/auth/subscription/restore', { receipt: 'down' })).body.code).toBe(1005)
    for (const body of [{}, { receipt: '' }, { receipt: 'valid:x', platform: 'palm' }, 'not json']) {
      expect((await frank.post('/api/auth/subscription/restore', body)).body.code, JSON.stringify(body)).toBe(4)
    }
  })
})
