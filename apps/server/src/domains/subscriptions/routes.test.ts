/** /api/subscriptions and /api/categories through HTTP on both databases, against the feed farm. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, TestClient, type TestServer } from '../../test/testServer.ts'
import { startFeedFarm, type FeedFarm } from '../../test/feedFarm.ts'
import { insertFeed } from '../../test/factories.ts'

describeEachDialect('subscriptions API', (dialect) => {
  let server: TestServer
  let farm: FeedFarm
  let a: TestClient

  beforeAll(async () => {
    farm = await startFeedFarm()
    server = await startTestServer(dialect, { AUTH_RATE_LIMIT: 'false', SERVICES: 'web', SUBSCRIPTION_LIMIT: '8', TRIAL_FEED_LIMIT: '2', TRIAL_LIST_LIMIT: '1', TRIAL_INBOX_LIMIT: '1', OPML_IMPORT_QUOTA: '3' })
    a = await signedUpClient(server, 'a@example.com')
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    await farm?.close()
  })

  const feedCount = async (id: string) => Number((await server.database.db.selectFrom('feeds').select('subscriptionCount').where('id', '=', id).executeTakeFirstOrThrow()).subscriptionCount)

  it('subscribes by URL through discovery, fetch and storage, with the unread count', async () => {
    const r = await a.post('/api/subscriptions', { url: farm.url('/site/'), view: 0, title: 'My blog', category: 'Blogs' })
    expect(r.status).toBe(200)
    expect(r.body.data.feed.url).toMatch(/\/site\/feed\.xml$/)
    expect(r.body.data.unread).toBeGreaterThan(0)
    expect(r.body.data.created).toBe(true)
    expect(await feedCount(r.body.data.feed.id)).toBe(1)
    // Again: an edit, not a second subscription.
    const again = await a.post('/api/subscriptions', { url: farm.url('/site/feed.xml'), view: 1 })
    expect(again.body.data.created).toBe(false)
    expect(await feedCount(r.body.data.feed.id)).toBe(1)
    const list = await a.get('/api/subscriptions')
    const sub = list.body.data.find((s: any) => s.feedId === r.body.data.feed.id)
    expect(sub).toMatchObject({ id: `feed/${r.body.data.feed.id}`, type: 'feed', view: 1, title: null, category: null, isPrivate: false, hideFromTimeline: false })
    expect(sub.feeds.url).toBe(r.body.data.feed.url)
    expect((await a.get('/api/subscriptions?view=0')).body.data.find((s: any) => s.feedId === r.body.data.feed.id)).toBeUndefined()
  })

  it('refuses bad targets with catalogue codes', async () => {
    expect((await a.post('/api/subscriptions', { view: 0 })).body.code).toBe(2002)
    expect((await a.post('/api/subscriptions', { url: farm.url('/status/500') })).body.code).toBe(2003)
    expect((await a.post('/api/subscriptions', { url: farm.url('/garbage') })).body.code).toBe(2004)
    expect((await a.post('/api/subscriptions', { feedId: '382406116060954624' })).body.code).toBe(2001)
    const unknownField = await a.post('/api/subscriptions', { url: farm.url('/gen/rss/1'), color: 'red' })
    expect(unknownField.status).toBe(400)
    expect(unknownField.body.code).toBe(4)
  })

  it('edits one subscription by feedId or subscription id; batch edits several; unsubscribes', async () => {
    const f1 = (await a.post('/api/subscriptions', { url: farm.url('/gen/rss/21') })).body.data.feed.id
    const f2 = (await a.post('/api/subscriptions', { url: farm.url('/gen/rss/22') })).body.data.feed.id
    const edited = await a.patch('/api/subscriptions', { id: `feed/${f1}`, title: 'Renamed', isPrivate: true, hideFromTimeline: true, category: 'News' })
    expect(edited.body.data).toMatchObject({ title: 'Renamed', isPrivate: true, hideFromTimeline: true, category: 'News' })
    expect((await a.patch('/api/subscriptions', { feedId: f2, view: 3 })).body.data.view).toBe(3)
    expect((await a.patch('/api/subscriptions', { feedId: '382406116060954624', view: 3 })).status).toBe(404)
    expect((await a.patch('/api/subscriptions', { view: 3 })).body.code).toBe(4)
    const batch = await a.patch('/api/subscriptions/batch', { feedIds: [f1, f2], view: 2, category: 'Mixed' })
    expect(batch.body.data.count).toBe(2)
    const rows = (await a.get('/api/subscriptions?view=2')).body.data
    expect(rows.map((s: any) => s.category)).toEqual(['Mixed', 'Mixed'])
    expect((await a.delete('/api/subscriptions', { feedIdList: [f1, f2] })).body.data.count).toBe(2)
    expect(await feedCount(f1)).toBe(0)
    expect((await a.delete('/api/subscriptions', { feedIdList: [f1] })).status).toBe(404)
    expect((await a.get('/api/reads')).body.data[f1]).toBeUndefined()
  })

  it('unsubscribes by url', async () => {
    const url = farm.url('/gen/rss/23')
    const id = (await a.post('/api/subscriptions', { url })).body.data.feed.id
    expect((await a.delete('/api/subscriptions', { url })).body.data.count).toBe(1)
    expect(await feedCount(id)).toBe(0)
  })

  it('categories: list, rename (moving every subscription), move, clear or delete', async () => {
    const f1 = (await a.post('/api/subscriptions', { url: farm.url('/gen/rss/31'), category: 'Old' })).body.data.feed.id
    const f2 = (await a.post('/api/subscriptions', { url: farm.url('/gen/rss/32'), category: 'Old', view: 1 })).body.data.feed.id
    expect((await a.get('/api/categories')).body.data).toContain('Old')
    expect((await a.get('/api/categories?view=1')).body.data).toEqual(['Old'])
    expect((await a.patch('/api/categories', { from: 'Old', category: 'New' })).body.data.count).toBe(2)
    expect((await a.get('/api/categories')).body.data).not.toContain('Old')
    expect((await a.patch('/api/categories', { from: 'Nope', category: 'X' })).status).toBe(404)
    expect((await a.patch('/api/categories', { feedIdList: [f1], category: 'Solo' })).body.data.count).toBe(1)
    expect((await a.delete('/api/categories', { category: 'New', deleteSubscriptions: false })).body.data.count).toBe(1)
    const after = (await a.get('/api/subscriptions')).body.data.find((s: any) => s.feedId === f2)
    expect(after.category).toBeNull()
    expect((await a.delete('/api/categories', { category: 'Solo', deleteSubscriptions: true })).body.data.count).toBe(1)
    expect((await a.get('/api/subscriptions')).body.data.find((s: any) => s.feedId === f1)).toBeUndefined()
    await a.delete('/api/subscriptions', { feedId: f2 })
  })

  it('a paid list the balance does not cover is refused (4002; more in wallets/paidLists.test.ts); free lists subscribe with their view', async () => {
    const owner = await signedUpClient(server, 'owner@example.com')
    const paid = (await owner.post('/api/lists', { title: 'Paid', view: 1, fee: 10 })).body.data
    const refused = await a.post('/api/subscriptions', { listId: paid.id })
    expect(refused.body.code).toBe(4002)
    expect((await a.get('/api/subscriptions')).body.data.find((s: any) => s.listId === paid.id)).toBeUndefined()
    const free = (await owner.post('/api/lists', { title: 'Free', view: 2, fee: 0 })).body.data
    const ok = await a.post('/api/subscriptions', { listId: free.id })
    expect(ok.body.data.list.id).toBe(free.id)
    expect(ok.body.data.list.subscriptionCount).toBe(1)
    const sub = (await a.get('/api/subscriptions')).body.data.find((s: any) => s.listId === free.id)
    expect(sub).toMatchObject({ id: `list/${free.id}`, type: 'list', view: 2 })
    expect(sub.lists.title).toBe('Free')
    expect((await a.post('/api/subscriptions', { listId: '382406116060954624' })).body.code).toBe(8000)
    expect((await a.delete('/api/subscriptions', { listId: free.id })).body.data.count).toBe(1)
  })

  it('caps: trial users hit 1100/1101/1102; everyone hits SUBSCRIPTION_LIMIT (2011)', async () => {
    const trialUser = await signedUpClient(server, 'trial@example.com')
    const me = (await trialUser.get('/api/auth/get-session')).body.user.id
    await server.database.db.updateTable('user').set({ role: 'trial' }).where('id', '=', me).execute()
    const trial = new TestClient(server.url)
    await trial.signIn('trial@example.com')
    await trial.post('/api/subscriptions', { url: farm.url('/gen/rss/41') })
    await trial.post('/api/subscriptions', { url: farm.url('/gen/rss/42') })
    const third = await trial.post('/api/subscriptions', { url: farm.url('/gen/rss/43') })
    expect(third.body.code).toBe(1100)
    // Editing an existing one at the cap is fine.
    expect((await trial.post('/api/subscriptions', { url: farm.url('/gen/rss/42'), view: 1 })).status).toBe(200)
    const l1 = (await trial.post('/api/lists', { title: 'L1', view: 0, fee: 0 })).body.data
    const l2 = (await trial.post('/api/lists', { title: 'L2', view: 0, fee: 0 })).body.data
    expect((await trial.post('/api/subscriptions', { listId: l1.id })).status).toBe(200)
    expect((await trial.post('/api/subscriptions', { listId: l2.id })).body.code).toBe(1101)
    expect((await trial.post('/api/inboxes', { handle: 'trialbox' })).status).toBe(200)
    expect((await trial.post('/api/inboxes', { handle: 'trialbox2' })).body.code).toBe(1102)

    const busy = await signedUpClient(server, 'busy@example.com')
    for (let i = 0; i < 8; i++) expect((await busy.post('/api/subscriptions', { feedId: await insertFeed(server.database.db) })).status).toBe(200)
    const over = await busy.post('/api/subscriptions', { feedId: await insertFeed(server.database.db) })
    expect(over.body.code).toBe(2011)

    // Ten subscribes at the same moment with three places left: three get in, seven get 2011.
    const racer = await signedUpClient(server, 'racer@example.com')
    for (let i = 0; i < 5; i++) expect((await racer.post('/api/subscriptions', { feedId: await insertFeed(server.database.db) })).status).toBe(200)
    const feedIds = await Promise.all(Array.from({ length: 10 }, () => insertFeed(server.database.db)))
    const answers = await Promise.all(feedIds.map((feedId) => racer.post('/api/subscriptions', { feedId })))
    expect(answers.filter((r) => r.status === 200)).toHaveLength(3)
    expect(answers.filter((r) => r.body.code === 2011)).toHaveLength(7)
    expect((await racer.get('/api/subscriptions')).body.data).toHaveLength(8)
  })

  it('OPML: parse shows the feeds and the quota; import takes a selection within the quota; export round-trips categories', async () => {
    const opml = `<?xml version="1.0"?><opml version="2.0"><head><title>Mine</title></head><body>
      <outline text="Tech"><outline type="rss" text="One" xmlUrl="${farm.url('/gen/rss/51')}"/><outline type="rss" text="Two" xmlUrl="${farm.url('/gen/atom/52')}"/></outline>
      <outline type="rss" text="Three" xmlUrl="${farm.url('/gen/json/53')}"/>
      <outline type="rss" text="Broken" xmlUrl="${farm.url('/status/500')}"/>
    </body></opml>`
    const user = await signedUpClient(server, 'opml@example.com')
    const form = new FormData()
    form.set('file', new Blob([opml], { type: 'text/x-opml' }), 'subs.opml')
    const parsed = await fetch(`${server.url}/api/subscriptions/parse-opml`, { method: 'POST', body: form, headers: { cookie: [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; '), origin: server.url } })
    const body = (await parsed.json()) as any
    expect(parsed.status).toBe(200)
    expect(body.data.title).toBe('Mine')
    expect(body.data.items.map((i: any) => i.title)).toEqual(['One', 'Two', 'Three', 'Broken'])
    expect(body.data.items[0]).toMatchObject({ category: 'Tech', subscribed: false })
    expect(body.data.quota).toEqual({ limit: 3, used: 0, remaining: 3 })
    // JSON form of parse too.
    expect((await user.post('/api/subscriptions/parse-opml', { opml })).body.data.items).toHaveLength(4)
    expect((await user.post('/api/subscriptions/parse-opml', { opml: 'not xml at all' })).body.code).toBe(14000)

    const tooMany = await user.post('/api/subscriptions/import', { items: body.data.items.map((i: any) => ({ url: i.url, title: i.title, category: i.category })) })
    expect(tooMany.body.code).toBe(2011)
    expect(tooMany.body.reason).toMatch(/quota/)
    const chosen = body.data.items.filter((i: any) => i.title !== 'Three')
    const imported = await user.post('/api/subscriptions/import', { items: chosen.map((i: any) => ({ url: i.url, title: i.title, category: i.category })) })
    expect(imported.status).toBe(200)
    expect(imported.body.data.results.map((r: any) => r.status)).toEqual(['subscribed', 'subscribed', 'failed'])
    expect(imported.body.data.results[2].error.code).toBe(2003)
    // The failed item gave its quota back.
    expect(imported.body.data.quota).toEqual({ limit: 3, used: 2, remaining: 1 })

    // The upload form of import, narrowed to a selection with `urls`.
    const other = await signedUpClient(server, 'opml2@example.com')
    const upload = new FormData()
    upload.set('file', new Blob([opml], { type: 'text/x-opml' }), 'subs.opml')
    upload.set('urls', JSON.stringify([farm.url('/gen/json/53')]))
    const viaForm = await fetch(`${server.url}/api/subscriptions/import`, { method: 'POST', body: upload, headers: { cookie: [...other.cookies].map(([k, v]) => `${k}=${v}`).join('; '), origin: server.url } })
    const formBody = (await viaForm.json()) as any
    expect(formBody.data.results).toEqual([expect.objectContaining({ url: farm.url('/gen/json/53'), status: 'subscribed' })])
    expect((await other.get('/api/subscriptions')).body.data.map((s: any) => s.title)).toEqual(['Three'])

    const exported = await user.get('/api/subscriptions/export')
    expect(exported.headers.get('content-type')).toMatch(/opml/)
    const text = String(exported.body)
    expect(text).toContain('text="Tech"')
    expect(text).toContain(farm.url('/gen/rss/51').replace(/&/g, '&amp;'))
    const reparsed = await user.post('/api/subscriptions/parse-opml', { opml: text })
    expect(reparsed.body.data.items.every((i: any) => i.subscribed && i.category === 'Tech')).toBe(true)
  })
})
