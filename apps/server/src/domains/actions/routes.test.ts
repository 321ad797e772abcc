/**
 * /api/actions over HTTP on both databases, and rules applied as entries really arrive: a feed
 * refreshed from a loopback feed farm and an inbox webhook. Counters stay exact (also under
 * concurrent ingest), other readers of the same feed are untouched, webhooks reach a loopback
 * receiver.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { startFeedFarm, type FarmEntry, type FeedFarm } from '../../test/feedFarm.ts'
import { unreadRepo } from '../unread/repo.ts'

type Received = { path: string; body: any }

async function startReceiver(): Promise<{ url: string; received: Received[]; failFirst: Set<string>; close(): Promise<void> }> {
  const received: Received[] = []
  const failFirst = new Set<string>()
  const server = http.createServer((req, res) => {
    let data = ''
    req.on('data', (c) => (data += c))
    req.on('end', () => {
      if (failFirst.delete(req.url ?? '')) {
        res.writeHead(503).end()
        return
      }
      received.push({ path: req.url ?? '', body: JSON.parse(data) })
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, failFirst, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

describeEachDialect('action rules', (dialect) => {
  let server: TestServer
  let farm: FeedFarm
  let hooks: Awaited<ReturnType<typeof startReceiver>>
  let a: TestClient
  let b: TestClient
  let feedId: string
  const entries: FarmEntry[] = []

  beforeAll(async () => {
    server = await startTestServer(dialect)
    farm = await startFeedFarm()
    hooks = await startReceiver()
    a = await signedUpClient(server, 'rules-a@example.com')
    b = await signedUpClient(server, 'rules-b@example.com')
    entries.push({ id: 'old-1', title: 'An old promo', published: new Date(Date.now() - 86_400_000) })
    farm.setFeed('/shop.xml', { title: 'Shop News', entries })
    const sub = await a.post('/api/subscriptions', { url: farm.url('/shop.xml'), view: 0, category: 'Deals' })
    expect(sub.status).toBe(200)
    feedId = sub.body.data.feed.id
    expect((await b.post('/api/subscriptions', { feedId, view: 0 })).status).toBe(200)
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    await farm?.close()
    await hooks?.close()
  })

  const publish = async (...fresh: FarmEntry[]) => {
    entries.unshift(...fresh)
    farm.setFeed('/shop.xml', { title: 'Shop News', entries: [...entries] })
    return server.deps.feeds.refreshFeed(feedId)
  }
  const unreadOf = async (c: TestClient, source: string) => (await c.get('/api/reads')).body.data[source]

  it('GET is empty at first; PUT validates (1002 naming the rule, 12000 over the limit, 4 for unknown keys)', async () => {
    expect((await a.get('/api/actions')).body.data).toEqual({ rules: [] })
    const unknownField = await a.put('/api/actions', { rules: [{ name: 'Bad', condition: [[{ field: 'colour', operator: 'eq', value: 'red' }]], result: {} }] })
    expect(unknownField.status).toBe(400)
    expect(unknownField.body).toMatchObject({ code: 1002, reason: 'Rule "Bad": unknown field "colour"' })
    const badRegex = await a.put('/api/actions', { rules: [{ name: 'Re', condition: [[{ field: 'title', operator: 'regex', value: '(unclosed' }]], result: {} }] })
    expect(badRegex.body.code).toBe(1002)
    expect(badRegex.body.reason).toMatch(/^Rule "Re": invalid regex/)
    const badHook = await a.put('/api/actions', { rules: [{ name: 'Hook', condition: [], result: { webhooks: ['javascript:alert(1)'] } }] })
    expect(badHook.body).toMatchObject({ code: 1002, reason: 'Rule "Hook": webhook "javascript:alert(1)" is not an http(s) URL' })
    const tooMany = await a.put('/api/actions', { rules: Array.from({ length: 51 }, (_, i) => ({ name: `r${i}`, condition: [], result: {} })) })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.code).toBe(12000)
    expect((await a.put('/api/actions', { rules: [{ name: 'x', condition: [], result: { explode: true } }] })).body.code).toBe(4)
    expect((await a.get('/api/actions')).body.data).toEqual({ rules: [] })
  })

  it('stores the rules as sent (Folo shape) and previews one against the latest entries', async () => {
    const rules = [
      { name: 'Promos', disabled: false, condition: [[{ field: 'title', operator: 'contains', value: 'Promo' }]], result: { star: true, silence: true, webhooks: [`${hooks.url}/promo`] } },
      { name: 'No spam', disabled: false, condition: [[{ field: 'feed_title', operator: 'eq', value: 'shop news' }, { field: 'title', operator: 'regex', value: '^spam\\b' }]], result: { block: true } },
      { name: 'Shout', disabled: false, condition: [[{ field: 'category', operator: 'eq', value: 'Deals' }]], result: { rewriteRules: [{ from: 'news', to: 'NEWS' }], summary: true, translation: 'ja' } },
      { name: 'Off', disabled: true, condition: [], result: { block: true } },
    ]
    const put = await a.put('/api/actions', { rules })
    expect(put.status).toBe(200)
    expect(put.body.data).toEqual({ rules, applied: 0 })
    expect((await a.get('/api/actions')).body.data).toEqual({ rules })
    const preview = await a.post('/api/actions/preview', { rule: rules[0] })
    expect(preview.body.data).toMatchObject({ checked: 1, matched: 1 })
    expect((await a.post('/api/actions/preview', { rule: { ...rules[0], condition: [[{ field: 'title', operator: 'contains', value: 'zzz' }]] } })).body.data.matched).toBe(0)
    expect((await a.post('/api/actions/preview', { rule: { name: 'P', condition: [[{ field: 'view', operator: 'like', value: '1' }]], result: {} } })).body.code).toBe(1002)
  })

  it('a refresh applies them per reader: starred + read, blocked, rewritten; counters exact; webhook sent', async () => {
    const before = { a: await unreadOf(a, feedId), b: await unreadOf(b, feedId) }
    const outcome = await publish(
      { id: 'p-1', title: 'Big Promo today', published: new Date(Date.now() - 3_000) },
      { id: 's-1', title: 'Spam offer', published: new Date(Date.now() - 2_000) },
      { id: 'n-1', title: 'Normal news', content: '<p>some news</p>', published: new Date(Date.now() - 1_000) },
    )
    expect(outcome).toMatchObject({ status: 'updated', inserted: 3 })
    // A: the promo is silenced, the spam blocked; only the news counts. B has no rules: all three.
    expect(await unreadOf(a, feedId)).toBe(before.a + 1)
    expect(await unreadOf(b, feedId)).toBe(before.b + 3)
    const page = (await a.get(`/api/entries?feedId=${feedId}`)).body.data
    const byGuid = new Map(page.map((i: any) => [i.entries.guid, i]))
    expect(byGuid.has('s-1')).toBe(false)
    expect(byGuid.get('p-1')).toMatchObject({ read: true, collections: { createdAt: expect.any(String) } })
    const news: any = byGuid.get('n-1')
    expect(news).toMatchObject({ read: false, settings: { summary: true, translation: 'ja' } })
    expect(news.entries.title).toBe('Normal NEWS')
    const detail = await a.get(`/api/entries?id=${news.entries.id}`)
    expect(detail.body.data.entries.title).toBe('Normal NEWS')
    expect(detail.body.data.entries.content).toContain('some NEWS')
    // B sees the entries as the feed sent them.
    const bPage = (await b.get(`/api/entries?feedId=${feedId}`)).body.data
    expect(bPage.map((i: any) => i.entries.guid)).toEqual(expect.arrayContaining(['s-1', 'p-1', 'n-1']))
    expect(bPage.find((i: any) => i.entries.guid === 'n-1').entries.title).toBe('Normal news')
    expect(bPage.find((i: any) => i.entries.guid === 'p-1')).toMatchObject({ read: false, collections: null })
    expect((await b.get('/api/collections')).body.data ?? []).not.toContainEqual(expect.objectContaining({ entryId: byGuid.get('p-1') }))
    await server.deps.webhooks.drain()
    const promo = hooks.received.find((r) => r.path === '/promo')
    expect(promo?.body).toMatchObject({ entry: { title: 'Big Promo today', feedId }, feed: { title: 'Shop News' }, rules: ['Promos', 'Shout'] })
    expect((await unreadRepo(server.database.db, dialect).auditCounters()).wrong).toEqual([])
  })

  it('a webhook answering 503 is retried', async () => {
    server.deps.webhooks.close() // not closed for real: a fresh sender with short waits is used below
    const { createWebhookSender } = await import('./webhooks.ts')
    const sender = createWebhookSender({ allowPrivateNetworks: true, logger: server.deps.logger, retryDelaysMs: [10, 10] })
    hooks.failFirst.add('/retry')
    sender.send([{ url: `${hooks.url}/retry`, userId: 'u', rule: ['r'], payload: { entry: { id: '1' } } }])
    await sender.drain()
    expect(hooks.received.filter((r) => r.path === '/retry')).toHaveLength(1)
  })

  it('inbox webhook entries go through the same rules', async () => {
    const inbox = (await a.post('/api/inboxes', { handle: 'rules-box', title: 'Box' })).body.data
    await a.put('/api/actions', { rules: [{ name: 'Letters', condition: [[{ field: 'author', operator: 'contains', value: 'newsletter' }]], result: { star: true, silence: true } }] })
    const deliver = (body: unknown) =>
      fetch(`${server.url}/api/inboxes/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-inbox-handle': 'rules-box', 'x-inbox-secret': inbox.secret }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<any>)
    const letter = await deliver({ guid: 'l-1', title: 'Weekly', author: 'The Newsletter' })
    await deliver({ guid: 'l-2', title: 'Personal', author: 'A friend' })
    expect(await unreadOf(a, 'rules-box')).toBe(1)
    const page = (await a.get('/api/entries?inboxId=rules-box')).body.data
    expect(page.find((i: any) => i.entries.id === letter.data.id)).toMatchObject({ read: true, collections: { createdAt: expect.any(String) } })
    expect((await unreadRepo(server.database.db, dialect).auditCounters()).wrong).toEqual([])
  })

  it('applyToExisting runs new rules over stored entries, counting each entry out once', async () => {
    const before = await unreadOf(b, feedId)
    expect(before).toBeGreaterThan(0)
    const put = await b.put('/api/actions', { rules: [{ name: 'All read', condition: [[{ field: 'feed_url', operator: 'contains', value: '/shop.xml' }]], result: { silence: true } }], applyToExisting: true })
    expect(put.body.data.applied).toBe(4)
    expect(await unreadOf(b, feedId)).toBe(0)
    // Again: nothing is uncounted twice.
    await b.put('/api/actions', { rules: put.body.data.rules, applyToExisting: true })
    expect(await unreadOf(b, feedId)).toBe(0)
    expect((await unreadRepo(server.database.db, dialect).auditCounters()).wrong).toEqual([])
  })

  it('preview looks at each entry of feeds, lists and inboxes once (a direct subscription wins over a list)', async () => {
    const c = await signedUpClient(server, 'rules-c@example.com')
    expect((await c.post('/api/subscriptions', { feedId, view: 0, category: 'Direct' })).status).toBe(200)
    farm.setFeed('/list-only.xml', { title: 'List only', entries: [{ id: 'lo-1', title: 'From the list', published: new Date(Date.now() - 3_600_000) }, { id: 'lo-2', title: 'Also from the list', published: new Date(Date.now() - 7_200_000) }] })
    const other = await b.post('/api/subscriptions', { url: farm.url('/list-only.xml'), view: 0 })
    const listOnly = other.body.data.feed.id
    const list = (await c.post('/api/lists', { title: 'C list', view: 1, fee: 0 })).body.data.id
    expect((await c.post('/api/lists/feeds', { listId: list, feedId })).status).toBe(200)
    expect((await c.post('/api/lists/feeds', { listId: list, feedId: listOnly })).status).toBe(200)
    expect((await c.post('/api/subscriptions', { listId: list, view: 1, category: 'Listed' })).status).toBe(200)
    const inbox = (await c.post('/api/inboxes', { handle: 'rules-c-box', title: 'C letters' })).body.data
    await fetch(`${server.url}/api/inboxes/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-inbox-handle': 'rules-c-box', 'x-inbox-secret': inbox.secret }, body: JSON.stringify({ guid: 'c-1', title: 'A letter' }) })
    const shopEntries = Number((await server.database.db.selectFrom('entries').select((eb) => eb.fn.countAll().as('n')).where('feedId', '=', feedId).executeTakeFirstOrThrow()).n)
    const preview = async (condition: unknown) => (await c.post('/api/actions/preview', { rule: { name: 'P', condition, result: {} } })).body.data
    const all = await preview([])
    expect(all.checked).toBe(shopEntries + 2 + 1)
    expect(new Set(all.entryIds).size).toBe(all.entryIds.length)
    expect((await preview([[{ field: 'category', operator: 'eq', value: 'Direct' }, { field: 'view', operator: 'eq', value: '0' }]])).matched).toBe(shopEntries)
    expect((await preview([[{ field: 'category', operator: 'eq', value: 'Listed' }, { field: 'view', operator: 'eq', value: '1' }, { field: 'feed_title', operator: 'eq', value: 'List only' }]])).matched).toBe(2)
    expect((await preview([[{ field: 'feed_title', operator: 'eq', value: 'C letters' }, { field: 'feed_url', operator: 'eq', value: '' }]])).matched).toBe(1)
  })

  it('concurrent ingest of several feeds under rules keeps every counter exact', async () => {
    await a.put('/api/actions', { rules: [{ name: 'Odd', condition: [[{ field: 'title', operator: 'regex', value: '[13579]$' }]], result: { silence: true } }, { name: 'Sevens', condition: [[{ field: 'title', operator: 'contains', value: '7' }]], result: { block: true } }] })
    const ids: string[] = []
    for (let f = 0; f < 4; f++) {
      farm.setFeed(`/c${f}.xml`, { title: `C${f}`, entries: [] })
      const sub = await a.post('/api/subscriptions', { url: farm.url(`/c${f}.xml`), view: f % 2 })
      ids.push(sub.body.data.feed.id)
      await b.post('/api/subscriptions', { feedId: sub.body.data.feed.id, view: 0 })
    }
    for (let round = 0; round < 3; round++) {
      for (let f = 0; f < 4; f++) farm.setFeed(`/c${f}.xml`, { title: `C${f}`, entries: Array.from({ length: 10 * (round + 1) }, (_, i) => ({ id: `c${f}-${i}`, title: `item ${i}`, published: new Date(Date.UTC(2025, 0, 1, 0, i)) })) })
      await Promise.all(ids.map((id) => server.deps.feeds.refreshFeed(id)))
    }
    const counts = (await a.get('/api/reads')).body.data
    // Per feed: 30 entries; titles ending in an odd digit are silenced, and those containing 7 blocked (both read).
    const expected = Array.from({ length: 30 }, (_, i) => `item ${i}`).filter((t) => !/[13579]$/.test(t) && !t.includes('7')).length
    for (const id of ids) expect(counts[id]).toBe(expected)
    expect((await unreadRepo(server.database.db, dialect).auditCounters()).wrong).toEqual([])
  })
})
