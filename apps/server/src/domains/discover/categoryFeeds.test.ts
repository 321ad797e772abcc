/**
 * Known feeds on the category pages, over HTTP on both databases: an rsshub:// feed takes its
 * discovery category from its route in the instance's catalogue (a fake RSSHub on loopback); a
 * feed's claimed owner or an admin files any feed under a category (1004 for anyone else); the
 * list shows feeds with public subscribers only, filtered by the Discover language, and never
 * uses what subscribers file a feed under.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { newId } from '@brook/shared'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { insertFeed } from '../../test/factories.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { startFakeRsshub, type FakeRsshub } from '../../test/fakeRsshub.ts'

type CategoryFeed = { feed: { id: string; url: string; title: string | null }; category: string | null; subscriptionCount: number; isSubscribed: boolean }

describeEachDialect('discover: known feeds by category', (dialect) => {
  let server: TestServer
  let hub: FakeRsshub
  let admin: TestClient // the instance's first account
  let owner: TestClient
  let reader: TestClient
  let programmingFeedId: string
  let zhihuFeedId: string
  let plainFeedId: string

  const urls = async (client: TestClient, query: string) => ((await client.get(`/api/discover/feeds?${query}`)).body.data as CategoryFeed[]).map((r) => r.feed.url)

  beforeAll(async () => {
    hub = await startFakeRsshub()
    server = await startTestServer(dialect, { SERVICES: 'web' })
    admin = await signedUpClient(server, 'cat-admin@example.com')
    owner = await signedUpClient(server, 'cat-owner@example.com')
    reader = await signedUpClient(server, 'cat-reader@example.com')
    const instance = (await admin.post('/api/rsshub', { baseUrl: hub.url, description: 'Shared' })).body.data.id
    for (const client of [admin, owner, reader]) expect((await client.post('/api/rsshub/use', { id: instance })).status).toBe(200)
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    await hub?.close()
  })

  it('files an rsshub:// feed under its route’s category when it is followed', async () => {
    // The subscriber's own folder ("Work") is private to them and plays no part.
    const followed = await admin.post('/api/subscriptions', { url: 'rsshub://test/items/brook/2', view: 0, category: 'Work' })
    expect(followed.status).toBe(200)
    programmingFeedId = followed.body.data.feed.id
    zhihuFeedId = (await owner.post('/api/subscriptions', { url: 'rsshub://zhihu/hot', view: 1 })).body.data.feed.id

    const programming = (await reader.get('/api/discover/feeds?category=programming')).body.data as CategoryFeed[]
    expect(programming).toEqual([expect.objectContaining({ feed: expect.objectContaining({ id: programmingFeedId, title: 'Items of brook' }), category: 'programming', subscriptionCount: 1, isSubscribed: false })])
    expect(await urls(reader, 'category=social-media')).toEqual(['rsshub://zhihu/hot'])
    expect(await urls(reader, 'category=anime')).toEqual([])
    // The follower sees it as followed.
    expect(((await admin.get('/api/discover/feeds?category=programming')).body.data as CategoryFeed[])[0]?.isSubscribed).toBe(true)
  })

  it('filters by the Discover language (eng, cmn, all); popular spans every category, most followed first', async () => {
    expect(await urls(reader, 'category=social-media&language=eng')).toEqual([])
    expect(await urls(reader, 'category=social-media&language=cmn')).toEqual(['rsshub://zhihu/hot'])
    expect(await urls(reader, 'category=programming&language=cmn')).toEqual([])
    expect(await urls(reader, 'category=programming&language=all')).toEqual(['rsshub://test/items/brook/2'])
    expect((await reader.post('/api/subscriptions', { feedId: zhihuFeedId, view: 1 })).status).toBe(200)
    expect(await urls(reader, 'category=popular')).toEqual(['rsshub://zhihu/hot', 'rsshub://test/items/brook/2'])
  })

  it('lets the feed’s owner or an admin file a feed; anyone else gets 1004', async () => {
    plainFeedId = await insertFeed(server.database.db, { url: 'https://plain.example/feed.xml', title: 'Plain blog' })
    // The owner claimed it (the claim flow itself is tested in feeds/claim.test.ts).
    const ownerId = (await owner.get('/api/auth/get-session')).body.user.id
    await server.database.db.updateTable('feeds').set({ ownerUserId: ownerId }).where('id', '=', plainFeedId).execute()
    expect((await reader.post('/api/subscriptions', { feedId: plainFeedId, view: 0, category: 'design' })).status).toBe(200)
    // A subscriber's folder name is not a discovery category.
    expect(await urls(reader, 'category=design')).toEqual([])

    const stranger = await reader.put('/api/feeds/discovery-category', { feedId: plainFeedId, category: 'blog' })
    expect([stranger.status, stranger.body.code]).toEqual([403, 1004])
    expect(await urls(reader, 'category=blog')).toEqual([])

    expect((await owner.put('/api/feeds/discovery-category', { feedId: plainFeedId, category: 'blog' })).body.data).toEqual({ feedId: plainFeedId, category: 'blog' })
    expect(await urls(reader, 'category=blog')).toEqual(['https://plain.example/feed.xml'])
    // The feed's lookup answers it (the edit dialog shows it to the owner and admins).
    expect((await reader.get(`/api/feeds?id=${plainFeedId}`)).body.data.discoveryCategory).toBe('blog')
    // An admin may refile any feed, including an rsshub:// one.
    expect((await admin.put('/api/feeds/discovery-category', { feedId: programmingFeedId, category: 'blog' })).status).toBe(200)
    expect(await urls(reader, 'category=blog')).toEqual(expect.arrayContaining(['https://plain.example/feed.xml', 'rsshub://test/items/brook/2']))
    expect(await urls(reader, 'category=programming')).toEqual([])
    // A refresh keeps a category someone chose.
    expect((await server.deps.feeds.refreshFeed(programmingFeedId)).status).toBe('updated')
    expect(await urls(reader, 'category=programming')).toEqual([])
  })

  it('refuses bad input with clear codes', async () => {
    const unknownFeed = await admin.put('/api/feeds/discovery-category', { feedId: newId(), category: 'blog' })
    expect(unknownFeed.body.code).toBe(2001)
    expect((await admin.put('/api/feeds/discovery-category', { feedId: plainFeedId, category: 'popular' })).status).toBe(400)
    expect((await admin.put('/api/feeds/discovery-category', { feedId: plainFeedId, category: 'not-a-category' })).status).toBe(400)
    expect((await reader.get('/api/discover/feeds?category=nope')).status).toBe(400)
    expect((await reader.get('/api/discover/feeds')).status).toBe(400)
  })

  it('never lists a feed whose only followers are private', async () => {
    const hidden = await owner.post('/api/subscriptions', { url: 'rsshub://test/items/secret/1', view: 0, isPrivate: true })
    expect(hidden.status).toBe(200)
    const stored = await server.database.db.selectFrom('feeds').select('discoveryCategory').where('id', '=', hidden.body.data.feed.id).executeTakeFirstOrThrow()
    expect(stored.discoveryCategory).toBe('programming')
    expect(await urls(reader, 'category=programming')).not.toContain('rsshub://test/items/secret/1')
    expect(await urls(reader, 'category=popular')).not.toContain('rsshub://test/items/secret/1')
  })
})
