/**
 * The `rsshub`, `invitations` and `achievements` flags through HTTP on both databases: while a
 * flag is off for the caller its routes answer 403, 1004 with the flag's reason (signed out: 1000
 * as before); a per-user override gives the feature back to one account, and a rollout below
 * 100 % gives it to the accounts its stable hash admits. RSSHub off also refuses new rsshub://
 * feeds (subscribe, preview) against a fake RSSHub on loopback.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, TestClient, type TestServer } from '../../test/testServer.ts'
import { startFakeRsshub, type FakeRsshub } from '../../test/fakeRsshub.ts'
import { bucketOf } from './service.ts'

const RSSHUB_OFF = 'RSSHub is turned off on this instance'
const INVITATIONS_OFF = 'Invitations are turned off on this instance'
const ACHIEVEMENTS_OFF = 'Achievements are turned off on this instance'

describeEachDialect('rsshub, invitations and achievements behind their flags', (dialect) => {
  let server: TestServer
  let hub: FakeRsshub
  let admin: TestClient
  let bob: TestClient
  let bobId: string
  let hubId: string

  const refusal = (r: { status: number; body: any }) => [r.status, r.body.code, r.body.reason]
  const setFlag = async (name: string, enabled: boolean, percentage = 100) => expect((await admin.put(`/api/admin/feature-flags/${name}`, { enabled, percentage })).status).toBe(200)
  const override = async (name: string, userId: string, enabled: boolean) => expect((await admin.post(`/api/admin/feature-flags/${name}/overrides`, { userId, enabled })).status).toBe(200)
  const dropOverride = async (name: string, userId: string) => expect((await admin.delete(`/api/admin/feature-flags/${name}/overrides/${userId}`)).status).toBe(200)

  beforeAll(async () => {
    hub = await startFakeRsshub()
    server = await startTestServer(dialect, { AUTH_RATE_LIMIT: 'false', SERVICES: 'web' })
    admin = await signedUpClient(server, 'admin-fgates@example.com')
    hubId = (await admin.post('/api/rsshub', { baseUrl: `${hub.url}/base/main`, description: 'Everyone’s hub' })).body.data.id
    expect((await admin.post('/api/rsshub/default', { id: hubId })).status).toBe(200)
    bob = await signedUpClient(server, 'bob-fgates@example.com')
    bobId = (await bob.get('/api/auth/get-session')).body.user.id
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    await hub?.close()
  })

  it('RSSHub off: instances, Discover’s routes and new rsshub:// feeds answer 1004; an override gives them back', async () => {
    expect((await bob.get('/api/discover/rsshub')).status).toBe(200)
    await setFlag('rsshub', false)
    expect((await bob.get('/api/status/configs')).body.data.flags).toMatchObject({ rsshub: false, power: true, invitations: true, achievements: true })
    const calls: Array<() => Promise<{ status: number; body: any }>> = [
      () => bob.get('/api/rsshub/list'),
      () => bob.get(`/api/rsshub?id=${hubId}`),
      () => bob.post('/api/rsshub/use', { id: hubId }),
      () => bob.get('/api/rsshub/status'),
      () => bob.post('/api/rsshub', { baseUrl: `${hub.url}/base/bobs` }),
      () => bob.get('/api/discover/rsshub'),
      () => bob.get('/api/discover/rsshub-route?route=/test/items/:name/:count?'),
      () => bob.get('/api/discover/rsshub-analytics'),
      () => bob.post('/api/subscriptions', { url: 'rsshub://test/items/bob', view: 0 }),
      () => bob.post('/api/entries/preview', { url: 'rsshub://test/items/bob' }),
    ]
    for (const call of calls) expect(refusal(await call())).toEqual([403, 1004, RSSHUB_OFF])
    // Nothing was fetched from the hub for Bob, and he follows nothing.
    expect(hub.requests.some((r) => r.includes('/test/items/bob'))).toBe(false)
    expect((await bob.get('/api/subscriptions')).body.data).toEqual([])
    // Signed out, the routes ask for a session first; the rest of the app is untouched.
    expect((await new TestClient(server.url).get('/api/rsshub/list')).body.code).toBe(1000)
    expect((await bob.get('/api/subscriptions')).status).toBe(200)

    await override('rsshub', bobId, true)
    expect((await bob.get('/api/status/configs')).body.data.flags.rsshub).toBe(true)
    expect((await bob.get('/api/rsshub/list')).status).toBe(200)
    const followed = await bob.post('/api/subscriptions', { url: 'rsshub://test/items/bob', view: 0 })
    expect(followed.status).toBe(200)
    expect(followed.body.data.feed.title).toBe('Items of bob')
    // The admin has no override: still off for them, even for a feed Bob now follows.
    expect(refusal(await admin.post('/api/subscriptions', { url: 'rsshub://test/items/bob', view: 0 }))).toEqual([403, 1004, RSSHUB_OFF])
    expect(refusal(await admin.get('/api/rsshub/list'))).toEqual([403, 1004, RSSHUB_OFF])
    await dropOverride('rsshub', bobId)
    await setFlag('rsshub', true)
    expect((await admin.get('/api/rsshub/list')).status).toBe(200)
  })

  it('a rollout below 100 % gives RSSHub to the accounts its stable hash admits, the same on every request', async () => {
    await setFlag('rsshub', true, 50)
    const adminId = (await admin.get('/api/auth/get-session')).body.user.id
    for (const [client, id] of [[bob, bobId], [admin, adminId]] as const) {
      const expected = bucketOf('rsshub', id) < 50
      expect((await client.get('/api/status/configs')).body.data.flags.rsshub).toBe(expected)
      const answer = await client.get('/api/rsshub/list')
      expect(answer.status).toBe(expected ? 200 : 403)
      expect((await client.get('/api/rsshub/list')).status).toBe(answer.status)
    }
    // Nobody is in at 0 %, and an override still wins.
    await setFlag('rsshub', true, 0)
    expect((await bob.get('/api/rsshub/list')).body.code).toBe(1004)
    await override('rsshub', bobId, true)
    expect((await bob.get('/api/rsshub/list')).status).toBe(200)
    await dropOverride('rsshub', bobId)
    await setFlag('rsshub', true, 100)
  })

  it('invitations off: my codes cannot be listed, made or used (1004); a code given earlier still admits its visitor', async () => {
    const code = (await admin.post('/api/invitations/new')).body.data as string
    expect(code).toMatch(/^[A-Z2-9]{10}$/)
    await setFlag('invitations', false)
    for (const call of [() => bob.get('/api/invitations/limitation'), () => bob.get('/api/invitations'), () => bob.post('/api/invitations/new'), () => bob.post('/api/invitations/use', { code })]) {
      expect(refusal(await call())).toEqual([403, 1004, INVITATIONS_OFF])
    }
    expect((await bob.get('/api/plans/me')).body.data.role).not.toBe('pre_pro')
    expect((await bob.get('/api/status/configs')).body.data.flags.invitations).toBe(false)
    // Sign-up is the registration mode's business: the admin's code still lets a visitor in.
    expect((await admin.put('/api/admin/registration', { mode: 'invitation' })).status).toBe(200)
    const visitor = new TestClient(server.url)
    const joined = await visitor.request('POST', '/api/auth/sign-up/email', { email: 'carol-fgates@example.com', password: 'correct horse battery', name: 'Carol' }, { 'X-Invitation-Code': code })
    expect(joined.status).toBe(200)
    expect((await admin.put('/api/admin/registration', { mode: 'open' })).status).toBe(200)

    await override('invitations', bobId, true)
    expect((await bob.get('/api/invitations')).status).toBe(200)
    expect(refusal(await admin.get('/api/invitations'))).toEqual([403, 1004, INVITATIONS_OFF])
    await dropOverride('invitations', bobId)
    await setFlag('invitations', true)
    const mine = (await admin.get('/api/invitations')).body.data
    expect(mine.find((i: any) => i.code === code)?.user?.name).toBe('Carol')
  })

  it('achievements off: the list, the recompute, receiving and audits answer 1004; back on, progress is there', async () => {
    await setFlag('achievements', false)
    for (const call of [() => bob.get('/api/achievement'), () => bob.post('/api/achievement/check'), () => bob.put('/api/achievement', { id: 'first-subscription' }), () => bob.post('/api/achievement/audit', { id: 'feed-claimed', payload: 'mine' })]) {
      expect(refusal(await call())).toEqual([403, 1004, ACHIEVEMENTS_OFF])
    }
    expect((await bob.get('/api/status/configs')).body.data.flags.achievements).toBe(false)
    await override('achievements', bobId, true)
    const checked = (await bob.post('/api/achievement/check')).body.data
    expect(checked.achievements.find((a: any) => a.id === 'first-subscription')).toMatchObject({ state: 'completed' })
    expect(refusal(await admin.get('/api/achievement'))).toEqual([403, 1004, ACHIEVEMENTS_OFF])
    await dropOverride('achievements', bobId)
    await setFlag('achievements', true)
    expect((await admin.get('/api/achievement')).status).toBe(200)
  })
})
