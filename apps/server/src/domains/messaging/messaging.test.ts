/**
 * Web Push end to end against a loopback push service that checks the VAPID JWT and decrypts the
 * aes128gcm payload with the "browser's" own keys (test/fakePushService.ts): registration and its
 * bad input, the instance's kept VAPID key, a test notification, notifications for new entries of
 * a feed turned on, of a feed in the Notifications view and of an action rule's
 * `newEntryNotification` (and none for silenced entries or other feeds), gone endpoints removed.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { startFeedFarm, type FeedFarm } from '../../test/feedFarm.ts'
import { startFakePushService } from '../../test/fakePushService.ts'
import { instanceRepo } from '../instance/repo.ts'

describeEachDialect('Web Push notifications', (dialect) => {
  let server: TestServer
  let farm: FeedFarm
  let push: Awaited<ReturnType<typeof startFakePushService>>
  let a: TestClient
  let b: TestClient

  beforeAll(async () => {
    farm = await startFeedFarm()
    push = await startFakePushService()
    server = await startTestServer(dialect, { PUBLIC_URL: 'https://brook.example.org' })
    a = await signedUpClient(server, `push-a-${dialect}@example.com`)
    b = await signedUpClient(server, `push-b-${dialect}@example.com`)
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    await farm?.close()
    await push?.close()
  })

  const subscribe = async (client: TestClient, path: string, view = 0) => {
    const answer = await client.post('/api/subscriptions', { url: farm.url(path), view })
    expect(answer.status).toBe(200)
    return answer.body.data.feed.id as string
  }
  const publish = async (path: string, entries: { id: string; title: string }[]) => {
    farm.setFeed(path, { title: `Feed ${path}`, entries: entries.map((e, i) => ({ ...e, url: `https://example.org/${e.id}`, published: new Date(Date.UTC(2025, 0, 1, i)) })) })
  }
  const refresh = async (feedId: string) => {
    await server.deps.feeds.refreshFeed(feedId)
    await server.deps.messaging.idle()
  }

  it('keeps one VAPID key, registers browsers and refuses bad subscriptions', async () => {
    const first = await a.get('/api/messaging')
    expect(first.status).toBe(200)
    const key = first.body.data.publicKey as string
    expect(Buffer.from(key, 'base64url')).toHaveLength(65)
    expect((await b.get('/api/messaging')).body.data.publicKey).toBe(key)
    expect(await instanceRepo(server.database.db).get('vapid_keys')).toContain(key)

    const browser = push.browser(`a1-${dialect}`)
    const registered = await a.post('/api/messaging', { endpoint: browser.endpoint, expirationTime: null, keys: { p256dh: browser.p256dh, auth: browser.auth } })
    expect(registered.body).toMatchObject({ code: 0 })
    // The same endpoint again is the same subscription.
    expect((await a.post('/api/messaging', { endpoint: browser.endpoint, keys: { p256dh: browser.p256dh, auth: browser.auth } })).body.data.id).toBe(registered.body.data.id)
    const listed = (await a.get('/api/messaging')).body.data.subscriptions
    expect(listed).toEqual([expect.objectContaining({ id: registered.body.data.id, endpointOrigin: push.origin })])
    expect(JSON.stringify(listed)).not.toContain(browser.auth)

    const bad = [
      { endpoint: 'ftp://push.example/x', keys: { p256dh: browser.p256dh, auth: browser.auth } },
      { endpoint: 'not a url', keys: { p256dh: browser.p256dh, auth: browser.auth } },
      { endpoint: browser.endpoint, keys: { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: browser.auth } },
      { endpoint: browser.endpoint, keys: { p256dh: 'not-base64!', auth: browser.auth } },
      { endpoint: browser.endpoint, keys: { p256dh: browser.p256dh, auth: Buffer.alloc(8).toString('base64url') } },
      { endpoint: browser.endpoint },
    ]
    for (const body of bad) {
      const answer = await a.post('/api/messaging', body)
      expect(answer.status).toBe(400)
      expect(answer.body.code).toBe(4)
    }
    // B cannot remove A's browser, by id or by endpoint.
    expect((await b.delete('/api/messaging', { id: registered.body.data.id })).body.code).toBe(6)
    expect((await b.delete('/api/messaging', { endpoint: browser.endpoint })).body.code).toBe(6)
  })

  it('sends a test notification through the real protocol', async () => {
    const answer = await a.post('/api/messaging/test', { title: 'Hello <b>there</b>', body: 'It works' })
    expect(answer.body.data).toEqual({ sent: 1, failed: 0, removed: 0 })
    expect(push.refused).toEqual([])
    const [received] = push.received.slice(-1)
    expect(received?.claims.aud).toBe(push.origin)
    expect(received?.claims.sub).toBe('https://brook.example.org')
    expect(received?.vapidKey).toBe((await a.get('/api/messaging')).body.data.publicKey)
    expect(JSON.parse(received?.payload ?? '{}')).toMatchObject({ title: 'Hello there', body: 'It works', tag: 'test', url: '/settings/notifications' })
  })

  it('notifies new entries of chosen feeds, Notifications-view feeds and rule matches only', async () => {
    const browser = push.browser(`a2-${dialect}`)
    expect((await a.post('/api/messaging', { endpoint: browser.endpoint, keys: { p256dh: browser.p256dh, auth: browser.auth } })).status).toBe(200)
    const bBrowser = push.browser(`b1-${dialect}`)
    await b.post('/api/messaging', { endpoint: bBrowser.endpoint, keys: { p256dh: bBrowser.p256dh, auth: bBrowser.auth } })

    await publish('/chosen.xml', [{ id: 'c0', title: 'Old one' }])
    await publish('/quiet.xml', [{ id: 'q0', title: 'Quiet old' }])
    await publish('/alerts.xml', [{ id: 'n0', title: 'Alert old' }])
    const chosen = await subscribe(a, '/chosen.xml')
    const quiet = await subscribe(a, '/quiet.xml')
    const alerts = await subscribe(a, '/alerts.xml', 5)
    await subscribe(b, '/chosen.xml')
    // Only followed feeds can be turned on.
    expect((await b.put('/api/messaging/feeds', { feedId: quiet, enabled: true })).body.code).toBe(6)
    expect((await a.put('/api/messaging/feeds', { feedId: chosen, enabled: true })).body.data).toEqual({ feedId: chosen, enabled: true })
    expect((await a.get('/api/messaging/feeds')).body.data.feedIds).toEqual([chosen])
    // A rule: notify entries titled "urgent" wherever they come from; silence "muted" ones.
    expect((await a.put('/api/actions', { rules: [
      { name: 'urgent', condition: [[{ field: 'title', operator: 'contains', value: 'urgent' }]], result: { newEntryNotification: true } },
      { name: 'mute', condition: [[{ field: 'title', operator: 'contains', value: 'muted' }]], result: { silence: true } },
    ] })).status).toBe(200)

    await publish('/chosen.xml', [{ id: 'c0', title: 'Old one' }, { id: 'c1', title: 'Fresh & new' }, { id: 'c2', title: 'muted thing' }])
    await publish('/quiet.xml', [{ id: 'q0', title: 'Quiet old' }, { id: 'q1', title: 'Quiet new' }, { id: 'q2', title: 'An urgent one' }])
    await publish('/alerts.xml', [{ id: 'n0', title: 'Alert old' }, { id: 'n1', title: 'Alert new' }])
    for (const feedId of [chosen, quiet, alerts]) await refresh(feedId)

    expect(push.refused).toEqual([])
    const got = push.payloadsOf(browser)
    expect(got.map((p) => p.title).sort()).toEqual(['Alert new', 'An urgent one', 'Fresh & new'])
    const fresh = got.find((p) => p.title === 'Fresh & new')
    expect(fresh).toMatchObject({ body: `Feed /chosen.xml`, feedId: chosen })
    expect(fresh?.url).toBe(`/timeline/view-0/${chosen}/${fresh?.entryId}`)
    expect(got.find((p) => p.title === 'Alert new')?.url).toMatch(new RegExp(`^/timeline/view-5/${alerts}/\\d+$`))
    // B follows the chosen feed without turning it on: nothing.
    expect(push.payloadsOf(bBrowser)).toEqual([])

    // Many new entries at once: one summary.
    await publish('/chosen.xml', Array.from({ length: 6 }, (_, i) => ({ id: `m${i}`, title: `Many ${i}` })))
    await refresh(chosen)
    expect(push.payloadsOf(browser).slice(-1)[0]).toMatchObject({ title: 'Feed /chosen.xml', body: '6 new entries', url: `/timeline/view-0/${chosen}/pending` })

    // Turned off: nothing more.
    await a.put('/api/messaging/feeds', { feedId: chosen, enabled: false })
    const before = push.received.length
    await publish('/chosen.xml', [{ id: 'off1', title: 'After off' }])
    await refresh(chosen)
    expect(push.received.length).toBe(before)
  })

  it('removes subscriptions the push service says are gone', async () => {
    const gone = push.browser(`gone-${dialect}`, { gone: true })
    await a.post('/api/messaging', { endpoint: gone.endpoint, keys: { p256dh: gone.p256dh, auth: gone.auth } })
    const count = (await a.get('/api/messaging')).body.data.subscriptions.length
    const answer = await a.post('/api/messaging/test', { title: 'Ping', body: '' })
    expect(answer.body.data).toMatchObject({ removed: 1 })
    expect((await a.get('/api/messaging')).body.data.subscriptions.length).toBe(count - 1)
    // Removing by endpoint.
    const [first] = (await a.get('/api/messaging')).body.data.subscriptions
    expect((await a.delete('/api/messaging', { id: first.id })).status).toBe(200)
    expect((await a.delete('/api/messaging', { id: first.id })).body.code).toBe(6)
  })
})
