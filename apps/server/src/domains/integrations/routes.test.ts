/** /api/integrations over HTTP on both databases: settings with write-only secrets, and saving an entry through the server to loopback services. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { startFakeService } from '../../test/fakeService.ts'

describeEachDialect('integrations API', (dialect) => {
  let server: TestServer
  let a: TestClient
  let b: TestClient
  let fake: Awaited<ReturnType<typeof startFakeService>>
  let entryId: string

  beforeAll(async () => {
    server = await startTestServer(dialect, { INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: 'true' })
    a = await signedUpClient(server, 'int-a@example.com')
    b = await signedUpClient(server, 'int-b@example.com')
    fake = await startFakeService((r) => (r.path.startsWith('/readeck') ? { status: 401, body: '{"status":401,"message":"Invalid token"}' } : { status: 200, body: 'ok' }))
    const inbox = (await a.post('/api/inboxes', { handle: 'int-box' })).body.data
    const delivered = await fetch(`${server.url}/api/inboxes/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-inbox-handle': 'int-box', 'x-inbox-secret': inbox.secret },
      body: JSON.stringify({ guid: 'g1', title: 'Saved "thing"', url: 'https://example.org/thing', content: '<p>Body</p>', author: 'Someone' }),
    }).then((r) => r.json() as Promise<any>)
    entryId = delivered.data.id
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    await fake?.close()
  })

  it('answers every service with defaults, and never a secret in full', async () => {
    const initial = (await a.get('/api/integrations')).body.data
    expect(initial.readwise).toEqual({ enabled: false, token: { set: false, hint: null } })
    expect(initial.customIntegration).toEqual([])
    const patched = await a.patch('/api/integrations', { service: 'readwise', enabled: true, token: 'rw-secret-token-1234' })
    expect(patched.body.data.readwise).toEqual({ enabled: true, token: { set: true, hint: '1234' } })
    expect(JSON.stringify(patched.body)).not.toContain('rw-secret-token')
    // Without the secret, the stored one stays.
    expect((await a.patch('/api/integrations', { service: 'readwise', enabled: false })).body.data.readwise).toEqual({ enabled: false, token: { set: true, hint: '1234' } })
    expect((await a.patch('/api/integrations', { service: 'readeck', baseUrl: 'ftp://nas.local' })).body.code).toBe(1002)
    expect((await a.patch('/api/integrations', { service: 'teleporter', enabled: true })).body.code).toBe(4)
    expect((await a.patch('/api/integrations', { service: 'eagle', enabled: true, token: 'x' })).body.code).toBe(4)
    expect((await b.get('/api/integrations')).body.data.readwise.token.set).toBe(false)
  })

  it('keeps the settings sealed with the instance secret at rest, and seals documents stored in plain JSON before', async () => {
    await a.patch('/api/integrations', { service: 'instapaper', enabled: true, username: 'me@example.org', password: 'insta-pass-5678' })
    const db = server.database.db
    const userA = (await db.selectFrom('user').select('id').where('email', '=', 'int-a@example.com').executeTakeFirstOrThrow()).id
    const sealed = (await db.selectFrom('settings').select('payload').where('userId', '=', userA).where('tab', '=', 'integration').executeTakeFirstOrThrow()).payload
    expect(sealed).toMatch(/^v1\./)
    for (const plain of ['rw-secret-token', 'insta-pass', 'me@example.org', 'readwise']) expect(sealed).not.toContain(plain)

    // A document written before sealing (plain JSON) is still read, and sealed at start.
    const userB = (await db.selectFrom('user').select('id').where('email', '=', 'int-b@example.com').executeTakeFirstOrThrow()).id
    const legacy = JSON.stringify({ readwise: { enabled: true, token: 'legacy-token-abcd' } })
    await db.insertInto('settings').values({ userId: userB, tab: 'integration', payload: legacy, updatedAt: new Date().toISOString() }).execute()
    expect((await b.get('/api/integrations')).body.data.readwise).toEqual({ enabled: true, token: { set: true, hint: 'abcd' } })
    expect(await server.deps.integrations.sealPlainDocuments()).toBe(1)
    const resealed = (await db.selectFrom('settings').select('payload').where('userId', '=', userB).where('tab', '=', 'integration').executeTakeFirstOrThrow()).payload
    expect(resealed).toMatch(/^v1\./)
    expect(resealed).not.toContain('legacy-token')
    expect((await b.get('/api/integrations')).body.data.readwise).toEqual({ enabled: true, token: { set: true, hint: 'abcd' } })
    expect(await server.deps.integrations.sealPlainDocuments()).toBe(0)
    await b.patch('/api/integrations', { service: 'readwise', enabled: false, token: '' })
  })

  it('saves an entry through a custom HTTP integration; header secrets stay write-only', async () => {
    const items = [{ id: 'c1', name: 'My hook', enabled: true, type: 'http', method: 'POST', url: `${fake.url}/hook?t={{title}}`, headers: [{ name: 'Authorization', value: 'Bearer hook-secret-999' }], body: '{"title":"{{title}}","url":"{{url}}"}' }]
    const saved = await a.patch('/api/integrations', { service: 'customIntegration', items })
    expect(saved.body.data.customIntegration[0].headers).toEqual([{ name: 'Authorization', value: { set: true, hint: '-999' } }])
    // Sending the list back without the header value keeps it.
    await a.patch('/api/integrations', { service: 'customIntegration', items: [{ ...items[0], headers: [{ name: 'Authorization' }] }] })
    const result = await a.post('/api/integrations/save', { service: 'custom', customId: 'c1', entryId })
    expect(result.body.data).toEqual({ service: 'custom', name: 'My hook', saved: true, url: null, error: null })
    const req = fake.requests.find((r) => r.path.startsWith('/hook'))!
    expect(req.path).toBe(`/hook?t=${encodeURIComponent('Saved "thing"')}`)
    expect(req.headers.authorization).toBe('Bearer hook-secret-999')
    expect(JSON.parse(req.body)).toEqual({ title: 'Saved "thing"', url: 'https://example.org/thing' })
  })

  it("a failing service is reported with its own text; disabled services and others' entries are refused", async () => {
    await a.patch('/api/integrations', { service: 'readeck', enabled: true, baseUrl: `${fake.url}/readeck`, token: 'wrong' })
    const failed = await a.post('/api/integrations/save', { service: 'readeck', entryId })
    expect(failed.status).toBe(200)
    expect(failed.body.data).toEqual({ service: 'readeck', name: 'Readeck', saved: false, url: null, error: '401 Invalid token' })
    expect((await a.post('/api/integrations/save', { service: 'readwise', entryId })).body).toMatchObject({ code: 1002, reason: 'Readwise Reader is not enabled' })
    expect((await b.post('/api/integrations/save', { service: 'readeck', entryId })).body.code).toBe(3000)
  })
})
