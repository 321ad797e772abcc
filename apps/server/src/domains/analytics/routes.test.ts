/**
 * First-party analytics over HTTP on both databases: a batch of SPEC §3 events is counted per
 * UTC day and event while the sender's sendAnonymousData is on, dropped when it is off; unknown
 * names are dropped; only totals are kept; admins alone read them (1004).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'

const batch = (...names: string[]) => ({
  client_id: 'c'.repeat(21),
  user_id: null,
  events: names.map((name) => ({ name, params: { session_id: 's'.repeat(21), engagement_time_msec: 1000 } })),
  user_properties: { language: { value: 'en' } },
})

describeEachDialect('analytics', (dialect) => {
  let server: TestServer
  let admin: TestClient
  let on: TestClient
  let off: TestClient
  const today = () => new Date().toISOString().slice(0, 10)
  const counts = async () => Object.fromEntries(((await admin.get('/api/analytics?days=7')).body.data as { day: string; event: string; count: number }[]).filter((r) => r.day === today()).map((r) => [r.event, r.count]))

  beforeAll(async () => {
    server = await startTestServer(dialect)
    admin = await signedUpClient(server, 'analytics-admin@example.com')
    on = await signedUpClient(server, 'analytics-on@example.com')
    off = await signedUpClient(server, 'analytics-off@example.com')
    // Off is the default (opt-in): only `on` and the admin switch it on.
    for (const client of [on, admin]) expect((await client.patch('/api/settings/general', { sendAnonymousData: true })).status).toBe(200)
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
  })

  it('counts events per day and code while sendAnonymousData is on; unknown names are dropped', async () => {
    expect((await on.post('/api/analytics', batch('2007', '2007', '3002', 'not-an-event', '9999'))).body.data).toEqual({ accepted: 3, dropped: 2 })
    expect((await admin.post('/api/analytics', batch('2007'))).body.data).toEqual({ accepted: 1, dropped: 0 })
    expect(await counts()).toEqual({ '2007': 3, '3002': 1 })
    // Totals only: no user, client or parameter is stored.
    const stored = await server.database.db.selectFrom('analytics_daily').selectAll().execute()
    expect(JSON.stringify(stored)).not.toMatch(/ccccc|sssss|language/)
  })

  it('counts nothing from someone whose sendAnonymousData is off', async () => {
    expect((await off.post('/api/analytics', batch('2007', '2008'))).body.data).toEqual({ accepted: 0, dropped: 2 })
    expect(await counts()).toEqual({ '2007': 3, '3002': 1 })
  })

  it('only admins read the counts; bad batches are 400', async () => {
    const refused = await on.get('/api/analytics')
    expect([refused.status, refused.body.code]).toEqual([403, 1004])
    expect((await on.post('/api/analytics', { ...batch(), events: [] })).status).toBe(400)
    expect((await on.post('/api/analytics', batch(...Array.from({ length: 26 }, () => '2007')))).status).toBe(400)
    expect((await on.post('/api/analytics', { events: [{ name: '2007' }] })).status).toBe(400)
    expect((await on.get('/api/analytics?days=0')).status).toBe(400)
    const anonymous = await fetch(`${server.url}/api/analytics`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify(batch('2007')) })
    expect(anonymous.status).toBe(401)
    expect(await counts()).toEqual({ '2007': 3, '3002': 1 })
  })
})
