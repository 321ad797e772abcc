/**
 * Public profiles and the profile page's lists (/api/profiles, /api/profiles/subscriptions)
 * through HTTP on both databases: the owner's Settings → Privacy choices decide who sees what,
 * and nothing tells an outsider whether a hidden profile exists.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, TestClient, type TestServer } from '../../test/testServer.ts'
import { insertFeed } from '../../test/factories.ts'

describeEachDialect('public profiles and their subscriptions', (dialect) => {
  let server: TestServer
  let ada: TestClient
  let bob: TestClient
  let visitor: TestClient
  let adaId: string
  let publicFeed: string
  let privateFeed: string
  let listId: string

  beforeAll(async () => {
    server = await startTestServer(dialect, { AUTH_RATE_LIMIT: 'false', SERVICES: 'web' })
    ada = await signedUpClient(server, 'ada@example.com')
    bob = await signedUpClient(server, 'bob@example.com')
    visitor = new TestClient(server.url)
    adaId = (await ada.get('/api/auth/get-session')).body.user.id
    expect((await ada.post('/api/auth/update-user', { handle: 'Ada', bio: 'Counting engines', website: 'https://ada.example' })).status).toBe(200)
    publicFeed = await insertFeed(server.database.db, { title: 'Engines weekly' })
    privateFeed = await insertFeed(server.database.db, { title: 'Secret diary' })
    expect((await ada.post('/api/subscriptions', { feedId: publicFeed, view: 0, title: 'My engines', category: 'Work' })).body.code).toBe(0)
    expect((await ada.post('/api/subscriptions', { feedId: privateFeed, view: 0, isPrivate: true, category: 'Hidden-category' })).body.code).toBe(0)
    listId = (await ada.post('/api/lists', { title: 'Analytical reading', description: 'Lists are public', view: 0, fee: 0 })).body.data.id
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
  })

  it('by default: signed-in people see the profile and the public subscriptions; signed-out visitors are asked to sign in', async () => {
    const profile = await bob.get('/api/profiles?handle=ada')
    expect(profile.body.data).toMatchObject({ id: adaId, handle: 'ada', bio: 'Counting engines' })
    const page = await bob.get('/api/profiles/subscriptions?handle=@ADA')
    expect(page.status).toBe(200)
    expect(page.body.data.visible).toBe(true)
    expect(page.body.data.subscriptions).toHaveLength(1)
    expect(page.body.data.subscriptions[0]).toMatchObject({ type: 'feed', title: 'My engines', category: 'Work', feed: { id: publicFeed, title: 'Engines weekly' } })
    expect(JSON.stringify(page.body)).not.toContain(privateFeed)
    expect(JSON.stringify(page.body)).not.toContain('Hidden-category')
    expect(page.body.data.lists.map((l: { id: string }) => l.id)).toEqual([listId])

    for (const path of ['/api/profiles?handle=ada', '/api/profiles/subscriptions?handle=ada', '/api/profiles?handle=nobody-here']) {
      const answer = await visitor.get(path)
      expect(answer.status).toBe(401)
      expect(answer.body.code).toBe(1000)
    }
  })

  it('shown to everyone: signed-out visitors see the profile; the subscriptions follow their own setting', async () => {
    expect((await ada.patch('/api/settings/general', { profileVisibility: 'everyone' })).status).toBe(200)
    expect((await visitor.get('/api/profiles?handle=ada')).body.data).toMatchObject({ id: adaId, bio: 'Counting engines' })
    const hidden = await visitor.get('/api/profiles/subscriptions?handle=ada')
    expect(hidden.body.data).toEqual({ userId: adaId, visible: false, subscriptions: [], lists: [] })

    expect((await ada.patch('/api/settings/general', { subscriptionsVisibility: 'everyone' })).status).toBe(200)
    const shown = await visitor.get(`/api/profiles/subscriptions?id=${adaId}`)
    expect(shown.body.data.visible).toBe(true)
    expect(shown.body.data.subscriptions.map((s: { feed: { id: string } }) => s.feed.id)).toEqual([publicFeed])

    // A subscription made private later leaves the page.
    expect((await ada.patch('/api/subscriptions', { feedId: publicFeed, isPrivate: true })).body.code).toBe(0)
    expect((await visitor.get(`/api/profiles/subscriptions?id=${adaId}`)).body.data.subscriptions).toEqual([])
    expect((await ada.patch('/api/subscriptions', { feedId: publicFeed, isPrivate: false })).body.code).toBe(0)
  })

  it('only me: others get what an unknown profile gets; the owner still sees everything; batches drop bio, website and links', async () => {
    expect((await ada.patch('/api/settings/general', { profileVisibility: 'me', subscriptionsVisibility: 'users' })).status).toBe(200)
    const hidden = await bob.get('/api/profiles?handle=ada')
    const unknown = await bob.get('/api/profiles?handle=nobody-here')
    expect([hidden.status, hidden.body.code]).toEqual([unknown.status, unknown.body.code])
    expect(hidden.body.code).toBe(6000)
    expect((await bob.get(`/api/profiles/subscriptions?id=${adaId}`)).body.code).toBe(6000)
    expect((await visitor.get('/api/profiles?handle=ada')).body.code).toBe(1000)

    expect((await ada.get('/api/profiles?handle=ada')).body.data.bio).toBe('Counting engines')
    expect((await ada.get('/api/profiles/subscriptions?handle=ada')).body.data.visible).toBe(true)

    const batch = await bob.post('/api/profiles/batch', { ids: [adaId] })
    expect(batch.body.data[adaId]).toMatchObject({ id: adaId, handle: 'ada', bio: null, website: null, socialLinks: null })
    expect((await ada.post('/api/profiles/batch', { ids: [adaId] })).body.data[adaId].bio).toBe('Counting engines')
  })

  it('bad input: a clear code, never a 500', async () => {
    expect((await bob.get('/api/profiles/subscriptions')).body.code).toBe(1002)
    expect((await bob.get(`/api/profiles/subscriptions?id=${adaId}&handle=ada`)).body.code).toBe(1002)
    expect((await bob.get(`/api/profiles/subscriptions?id=${'9'.repeat(80)}`)).status).toBe(400)
    const wrong = await ada.patch('/api/settings/general', { profileVisibility: 'friends' })
    expect([wrong.status, wrong.body.code]).toEqual([400, 7002])
  })
})
