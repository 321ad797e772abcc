/** /api/entries through HTTP on both databases: timelines, cursors, filters, detail, stream, check-new, histories, preview, readability. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { startFeedFarm, type FeedFarm } from '../../test/feedFarm.ts'
import { insertEntries, insertFeed } from '../../test/factories.ts'
import { newId } from '@brook/shared'
import { entriesRepo, type TimelineQuery } from './repo.ts'
import { unreadRepo } from '../unread/repo.ts'

const missingId = newId()

const ENV = { AUTH_RATE_LIMIT: 'false', SERVICES: 'web' }

describeEachDialect('entries API', (dialect) => {
  let server: TestServer
  let farm: FeedFarm
  let a: TestClient
  let b: TestClient
  let articles: string // feed subscribed by URL, view 0
  let social: string // view 1
  let ties: string // factory feed with many equal publishedAt, view 0
  let hidden: string // hideFromTimeline
  let secret: string // private

  beforeAll(async () => {
    farm = await startFeedFarm()
    server = await startTestServer(dialect, ENV)
    a = await signedUpClient(server, 'a@example.com')
    b = await signedUpClient(server, 'b@example.com')
    articles = (await a.post('/api/subscriptions', { url: farm.url('/gen/rss/11?entries=12'), view: 0 })).body.data.feed.id
    social = (await a.post('/api/subscriptions', { url: farm.url('/gen/atom/12?entries=5'), view: 1 })).body.data.feed.id
    const db = server.database.db
    ties = await insertFeed(db, { title: 'Ties' })
    // 25 entries: five groups of five sharing one publishedAt.
    for (let g = 0; g < 5; g++) await insertEntries(db, ties, 5, { newest: new Date(Date.UTC(2024, 5, 1 + g)), stepMs: 0, guidPrefix: `tie${g}` })
    expect((await a.post('/api/subscriptions', { feedId: ties, view: 0 })).body.data.unread).toBe(25)
    hidden = await insertFeed(db, { title: 'Hidden' })
    await insertEntries(db, hidden, 3, { newest: new Date(Date.UTC(2030, 0, 1)) })
    await a.post('/api/subscriptions', { feedId: hidden, view: 0, hideFromTimeline: true })
    secret = await insertFeed(db, { title: 'Secret' })
    await insertEntries(db, secret, 2, { newest: new Date(Date.UTC(2029, 0, 1)) })
    await a.post('/api/subscriptions', { feedId: secret, view: 0, isPrivate: true })
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    await farm?.close()
  })

  async function walk(client: TestClient, query: string, limit: number): Promise<string[]> {
    const seen: string[] = []
    let cursor = ''
    for (let page = 0; page < 100; page++) {
      const r = await client.get(`/api/entries?${query}&limit=${limit}${cursor}`)
      expect(r.status).toBe(200)
      const items = r.body.data as { entries: { id: string; publishedAt: string } }[]
      if (items.length === 0) break
      seen.push(...items.map((i) => i.entries.id))
      const last = items[items.length - 1].entries
      cursor = `&publishedAfter=${encodeURIComponent(last.publishedAt)}&beforeId=${last.id}`
    }
    return seen
  }

  it('pages the all-feeds timeline of a view newest first, every entry once (ties included)', async () => {
    const ids = await walk(a, 'view=0', 7)
    expect(new Set(ids).size).toBe(ids.length)
    // 12 + 25 + 2 private; the hidden subscription stays out of the timeline.
    expect(ids.length).toBe(39)
    const first = await a.get('/api/entries?view=0')
    expect(first.body.data).toHaveLength(20)
    const dates = first.body.data.map((i: any) => i.entries.publishedAt)
    expect([...dates].sort().reverse()).toEqual(dates)
    expect(first.body.data[0].feeds.id).toBe(secret)
    expect(first.body.data[0]).toMatchObject({ read: false, view: 0, collections: null, tipUsers: [] })
    expect(first.body.data[0].entries.content).toBeUndefined()
  })

  it('the cursor alone returns strictly older entries', async () => {
    const r = await a.get(`/api/entries?feedId=${ties}&publishedAfter=${encodeURIComponent('2024-06-04T00:00:00.000Z')}`)
    expect(r.body.data).toHaveLength(15)
    expect(r.body.data.every((i: any) => i.entries.publishedAt < '2024-06-04T00:00:00.000Z')).toBe(true)
  })

  it('excludes private subscriptions when asked, shows hidden ones by feedId', async () => {
    const ids = await walk(a, 'view=0&excludePrivate=true', 50)
    expect(ids.length).toBe(37)
    const hiddenPage = await a.get(`/api/entries?feedId=${hidden}`)
    expect(hiddenPage.body.data).toHaveLength(3)
  })

  it('filters by read state and carries read flags', async () => {
    const page = await a.get(`/api/entries?feedId=${articles}&limit=3`)
    const ids = page.body.data.map((i: any) => i.entries.id)
    expect((await a.post('/api/reads', { entryIds: ids.slice(0, 2) })).body.data.count).toBe(2)
    const unread = await walk(a, `feedId=${articles}&read=false`, 5)
    expect(unread).toHaveLength(10)
    expect(unread).not.toContain(ids[0])
    const read = await a.get(`/api/entries?feedId=${articles}&read=true`)
    expect(read.body.data.map((i: any) => i.entries.id).sort()).toEqual(ids.slice(0, 2).sort())
    expect(read.body.data.every((i: any) => i.read === true)).toBe(true)
    // Another user's read state is theirs alone.
    const bView = await b.get(`/api/entries?feedId=${articles}&read=true`)
    expect(bView.body.data).toHaveLength(0)
  })

  it('views: the social timeline holds only view 1; feedIdList unions feeds', async () => {
    const s = await a.get('/api/entries?view=1')
    expect(s.body.data).toHaveLength(5)
    expect(s.body.data.every((i: any) => i.feeds.id === social && i.view === 1)).toBe(true)
    const both = await a.get(`/api/entries?feedIdList=${articles},${social}&limit=100`)
    expect(both.body.data).toHaveLength(17)
    const repeated = await a.get(`/api/entries?feedIdList=${articles}&feedIdList=${social}&limit=100`)
    expect(repeated.body.data).toHaveLength(17)
  })

  it('scan and join plans give the same pages, and so does the scan walked in small slices', async () => {
    const repo = entriesRepo(server.database.db, server.database.dialect)
    // Slices of 1 and 4 index entries: pages cross many slices, and slice ends fall inside the groups of ties.
    const sliced = [1, 4].map((sliceRows) => entriesRepo(server.database.db, server.database.dialect, { sliceRows }))
    const me = (await a.get('/api/auth/get-session')).body.user.id
    for (const read of [undefined, false, true]) {
      for (const view of [undefined, 0, 1]) {
        let before: TimelineQuery['before']
        for (let page = 0; page < 10; page++) {
          const q: TimelineQuery = { userId: me, scope: { kind: 'subscribed', view, excludePrivate: false }, read, before, limit: 6, withContent: false }
          const scan = await repo.timeline({ ...q, plan: 'scan' })
          const join = await repo.timeline({ ...q, plan: 'join' })
          expect(join.map((r) => r.id)).toEqual(scan.map((r) => r.id))
          for (const slices of sliced) expect((await slices.timeline({ ...q, plan: 'scan' })).map((r) => r.id)).toEqual(scan.map((r) => r.id))
          // The cursor without the id (publishedAt alone) as well.
          if (before) {
            const loose = { ...q, before: { publishedAt: before.publishedAt } }
            const expected = (await repo.timeline({ ...loose, plan: 'join' })).map((r) => r.id)
            for (const slices of sliced) expect((await slices.timeline({ ...loose, plan: 'scan' })).map((r) => r.id)).toEqual(expected)
          }
          if (scan.length === 0) break
          const last = scan[scan.length - 1]
          before = { publishedAt: last.publishedAt, id: last.id }
        }
      }
    }
  })

  it('the timeline query walks the publishedAt index', async () => {
    const repo = entriesRepo(server.database.db, server.database.dialect)
    const me = (await a.get('/api/auth/get-session')).body.user.id
    const plan = await repo.explainTimeline({ userId: me, scope: { kind: 'subscribed', view: 0, excludePrivate: false }, read: false, limit: 20, withContent: false })
    if (dialect === 'sqlite') expect(plan).toMatch(/entries_published_source_idx/)
    else expect(plan).toMatch(/Index (Only )?Scan Backward using entries_published_source_idx|Seq Scan on entries/)
    // A cursor with an id bounds the walk (it starts at the cursor, not at the newest entry).
    const behind = await repo.explainTimeline({ userId: me, scope: { kind: 'subscribed', view: 0, excludePrivate: false }, read: false, before: { publishedAt: '2024-06-03T00:00:00.000Z', id: missingId }, limit: 20, withContent: false })
    if (dialect === 'sqlite') expect(behind).toMatch(/SEARCH e USING INDEX entries_published_source_idx \(publishedAt>\? AND publishedAt<\?\)/)
    else expect(behind).toMatch(/(Index|Recheck) Cond: \(.*"publishedAt" <= /)
  })

  it('limit is 20 by default and at most 100; unknown parameters are refused', async () => {
    expect((await a.get('/api/entries?limit=101')).status).toBe(400)
    expect((await a.get('/api/entries?limit=0')).status).toBe(400)
    const r = await a.get('/api/entries?bogus=1')
    expect(r.status).toBe(400)
    expect(r.body.code).toBe(4)
    expect((await a.get(`/api/entries?feedId=${articles}&listId=${articles}`)).body.code).toBe(4)
  })

  it('lists: the timeline is the union of its feeds', async () => {
    const list = (await a.post('/api/lists', { title: 'Mixed', view: 0, fee: 0 })).body.data
    await a.post('/api/lists/feeds', { listId: list.id, feedIds: [articles, social] })
    const page = await b.get(`/api/entries?listId=${list.id}&limit=100`)
    expect(page.body.data).toHaveLength(17)
    expect((await b.get(`/api/entries?listId=${missingId}`)).status).toBe(404)
  })

  it('collections: starred entries form their own timeline', async () => {
    const page = await a.get(`/api/entries?feedId=${ties}&limit=2`)
    const [x, y] = page.body.data.map((i: any) => i.entries.id)
    await a.post('/api/collections', { entryId: x })
    await a.post('/api/collections', { entryId: y, view: 2 })
    const all = await a.get('/api/entries?isCollection=true')
    expect(all.body.data.map((i: any) => i.entries.id).sort()).toEqual([x, y].sort())
    expect(all.body.data.every((i: any) => i.collections?.createdAt)).toBe(true)
    const pictures = await a.get('/api/entries?isCollection=true&view=2')
    expect(pictures.body.data.map((i: any) => i.entries.id)).toEqual([y])
    expect((await b.get('/api/entries?isCollection=true')).body.data).toEqual([])
  })

  it('detail includes content; stream returns NDJSON of contents', async () => {
    const page = await a.get(`/api/entries?feedId=${articles}&limit=2`)
    const ids = page.body.data.map((i: any) => i.entries.id)
    const detail = await a.get(`/api/entries?id=${ids[0]}`)
    expect(detail.status).toBe(200)
    expect(detail.body.data.entries.content).toContain('entry')
    expect(detail.body.data.feeds.id).toBe(articles)
    expect((await a.get(`/api/entries?id=${missingId}`)).body.code).toBe(3000)
    const stream = await a.request('POST', '/api/entries/stream', { ids: [...ids, missingId] })
    expect(stream.headers.get('content-type')).toMatch(/application\/x-ndjson/)
    const lines = String(stream.body).trim().split('\n').map((l) => JSON.parse(l))
    expect(lines.map((l) => l.id)).toEqual(ids)
    expect(lines[0].content).toBeTypeOf('string')
    // POST /entries: the batch form of the detail, in the order asked, unknown ids left out.
    const batch = await a.post('/api/entries', { ids: [ids[1], missingId, ids[0]] })
    expect(batch.status).toBe(200)
    expect(batch.body.data.map((i: any) => i.entries.id)).toEqual([ids[1], ids[0]])
    expect(batch.body.data[1]).toEqual(detail.body.data)
    expect((await a.post('/api/entries', { ids: [] })).body.code).toBe(4)
  })

  it('check-new tells whether anything arrived after a time', async () => {
    const since = Date.now()
    expect((await a.get(`/api/entries/check-new?insertedAfter=${since}&view=0`)).body.data).toEqual({ hasNew: false, entryId: null, latestAt: null })
    const [id] = await insertEntries(server.database.db, ties, 1, { guidPrefix: `late${since}` })
    const yes = await a.get(`/api/entries/check-new?insertedAfter=${since - 1}&view=0`)
    expect(yes.body.data).toMatchObject({ hasNew: true, entryId: id })
    expect((await a.get(`/api/entries/check-new?insertedAfter=${since - 1}&view=1`)).body.data.hasNew).toBe(false)
    expect((await a.get(`/api/entries/check-new?insertedAfter=${new Date(since - 1).toISOString()}&feedId=${ties}`)).body.data.hasNew).toBe(true)
  })

  it('read histories list readers who follow the feed publicly, and yourself', async () => {
    const page = await a.get(`/api/entries?feedId=${social}&limit=1`)
    const id = page.body.data[0].entries.id
    await b.post('/api/subscriptions', { feedId: social, view: 1 })
    await a.post('/api/reads', { entryIds: [id] })
    await b.post('/api/reads', { entryIds: [id] })
    const seenByB = await b.get(`/api/entries/${id}/read-histories`)
    expect(seenByB.status).toBe(200)
    expect(seenByB.body.data.entryReadHistories.userIds.length).toBe(2)
    expect(Object.keys(seenByB.body.data.users)).toHaveLength(2)
    // A follows privately: B no longer sees A among the readers.
    await a.patch('/api/subscriptions', { feedId: social, isPrivate: true })
    const again = await b.get(`/api/entries/${id}/read-histories?size=5`)
    expect(again.body.data.entryReadHistories.userIds).toHaveLength(1)
    expect(again.body.data.entryReadHistories.readCount).toBe(1)
  })

  it('preview shows a feed URL that nobody follows, and a stored one from storage', async () => {
    const fresh = await b.post('/api/entries/preview', { url: farm.url('/gen/json/77?entries=4') })
    expect(fresh.status).toBe(200)
    expect(fresh.body.data.feed.id).toBeNull()
    expect(fresh.body.data.entries).toHaveLength(4)
    const known = await b.post('/api/entries/preview', { url: farm.url('/gen/rss/11?entries=12') })
    expect(known.body.data.feed.id).toBe(articles)
    expect((await b.post('/api/entries/preview', { url: farm.url('/status/404') })).body.code).toBe(2003)
  })

  it('an unread page of someone who has read everything is empty without walking the entries', async () => {
    const c = await signedUpClient(server, 'caught-up@example.com')
    const me = (await c.get('/api/auth/get-session')).body.user.id
    expect((await c.post('/api/subscriptions', { feedId: ties, view: 0 })).status).toBe(200)
    let statements = 0
    const counted = server.database.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        statements++
        return args.result
      },
    })
    // Slices of one entry: a walk of the ~50 entries would take a hundred statements.
    const repo = entriesRepo(counted, server.database.dialect, { sliceRows: 1 })
    const q: TimelineQuery = { userId: me, scope: { kind: 'subscribed', view: 0, excludePrivate: false }, read: false, limit: 20, withContent: false, plan: 'scan' }
    expect((await repo.timeline(q)).length).toBe(20)
    expect((await c.post('/api/reads/all', { feedId: ties })).body.data.count).toBeGreaterThanOrEqual(25)
    statements = 0
    expect(await repo.timeline(q)).toEqual([])
    // The first slice, then one statement: the counters say nothing is unread.
    expect(statements).toBe(2)
    expect((await c.get('/api/entries?view=0&read=false')).body.data).toEqual([])
    // One entry unread again, the oldest: the walk goes all the way down to it.
    const oldest = (await c.get(`/api/entries?feedId=${ties}&limit=100`)).body.data.at(-1).entries
    expect((await c.delete('/api/reads', { entryIds: [oldest.id] })).status).toBe(200)
    expect((await repo.timeline(q)).map((r) => r.id)).toEqual([oldest.id])
    expect((await c.get('/api/entries?view=0&read=false')).body.data.map((i: any) => i.entries.id)).toEqual([oldest.id])
    // A walk nobody waits for any more stops at the next slice.
    statements = 0
    expect(await repo.timeline(q, () => true)).toEqual([])
    // The first slice and the counters' check (left and floor in one statement), and then no more.
    expect(statements).toBe(2)
    // Only the two newest unread: the walk stops once it holds both, far above the end of the index.
    const newest = (await c.get(`/api/entries?feedId=${ties}&limit=2`)).body.data.map((i: any) => i.entries.id)
    await c.post('/api/reads', { entryIds: [oldest.id] })
    await c.delete('/api/reads', { entryIds: newest })
    statements = 0
    expect((await repo.timeline(q)).map((r) => r.id)).toEqual(newest)
    const early = statements
    statements = 0
    await repo.timeline({ ...q, read: undefined, limit: 100 })
    expect(early).toBeLessThan(statements / 2)
  })

  it('an unread walk stops at the unread floor: entries older than a mark-all-up-to are not walked', async () => {
    const c = await signedUpClient(server, 'floor@example.com')
    const me = (await c.get('/api/auth/get-session')).body.user.id
    const db = server.database.db
    const feed = await insertFeed(db, { title: 'Long archive' })
    // 60 entries a day apart, newest 2024-03-01.
    await insertEntries(db, feed, 60, { newest: new Date(Date.UTC(2024, 2, 1)), stepMs: 86_400_000, guidPrefix: 'floor' })
    expect((await c.post('/api/subscriptions', { feedId: feed, view: 0 })).body.data.unread).toBe(60)
    const all = (await c.get(`/api/entries?feedId=${feed}&limit=100`)).body.data.map((i: any) => i.entries)
    // Everything up to the 11th newest is read: ten unread entries remain, the newest ten.
    const upTo = all[10].publishedAt
    expect((await c.post('/api/reads/all', { feedId: feed, endTime: Date.parse(upTo) })).body.data.count).toBe(50)
    let statements = 0
    const counted = db.withPlugin({ transformQuery: (args) => args.node, transformResult: async (args) => (statements++, args.result) })
    const repo = entriesRepo(counted, server.database.dialect, { sliceRows: 1 })
    const q: TimelineQuery = { userId: me, scope: { kind: 'subscribed', view: 0, excludePrivate: false }, read: false, limit: 20, withContent: false, plan: 'scan' }
    // Behind the last unread entry nothing unread is left: without the floor a walk of slices of
    // one entry would take over a hundred statements to learn that (50 read entries and more of
    // other feeds below); with it, the walk ends at the floor.
    statements = 0
    const behind = { ...q, before: { publishedAt: all[9].publishedAt, id: all[9].id } }
    expect(await repo.timeline(behind)).toEqual([])
    expect(statements).toBeLessThan(10)
    // Between the cursor and the floor the walk still finds what is there.
    expect((await repo.timeline({ ...q, before: { publishedAt: all[4].publishedAt, id: all[4].id } })).map((r) => r.id)).toEqual(all.slice(5, 10).map((e: any) => e.id))
    // Marked unread again, an old entry lowers the floor and the walk reaches it.
    expect((await c.delete('/api/reads', { entryIds: [all[55].id] })).status).toBe(200)
    expect((await repo.timeline(behind)).map((r) => r.id)).toEqual([all[55].id])
    expect((await c.get(`/api/entries?view=0&read=false&publishedAfter=${encodeURIComponent(all[9].publishedAt)}&beforeId=${all[9].id}`)).body.data.map((i: any) => i.entries.id)).toEqual([all[55].id])
    expect((await unreadRepo(db, server.database.dialect).auditCounters({ userId: me })).wrong).toEqual([])
  })

  it('readability extracts the article once and reuses it for three days', async () => {
    const feed = await insertFeed(server.database.db)
    const [id] = await insertEntries(server.database.db, feed, 1)
    await server.database.db.updateTable('entries').set({ url: farm.url('/article') }).where('id', '=', id).execute()
    const first = await a.post('/api/entries/readability', { id })
    expect(first.status).toBe(200)
    expect(first.body.data.cached).toBe(false)
    expect(first.body.data.content).toContain('<p')
    expect(first.body.data.content).not.toMatch(/<script/i)
    const requests = farm.requests('/article')
    const second = await a.post('/api/entries/readability', { id })
    expect(second.body.data).toMatchObject({ cached: true, content: first.body.data.content })
    expect(farm.requests('/article')).toBe(requests)
    const detail = await a.get(`/api/entries?id=${id}`)
    expect(detail.body.data.entries.readabilityContent).toBe(first.body.data.content)
    // Past three days it is fetched again.
    await server.database.db.updateTable('entries').set({ readabilityUpdatedAt: new Date(Date.now() - 4 * 86_400_000).toISOString() }).where('id', '=', id).execute()
    expect((await a.post('/api/entries/readability', { id })).body.data.cached).toBe(false)
    expect(farm.requests('/article')).toBe(requests + 1)
  })
})

describe('entries API needs a session', () => {
  it('answers 401 without one', async () => {
    const server = await startTestServer('sqlite', ENV)
    try {
      const anon = await fetch(`${server.url}/api/entries?view=0`)
      expect(anon.status).toBe(401)
      expect(((await anon.json()) as { code: number }).code).toBe(1000)
    } finally {
      await server.stop()
    }
  })
})
