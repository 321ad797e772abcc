import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest'
import { AppError } from '../../lib/appError.ts'
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../../test/testDatabase.ts'
import { startFeedFarm, type FeedFarm } from '../../test/feedFarm.ts'
import {
  insertListWithCounter,
  insertUser,
  subscribeUser,
  testFeedService,
  unreadCount,
  wordpressFeed,
  wordpressItems,
  type WordpressItem,
} from '../../test/feedEngineFixtures.ts'
import { MINUTE_MS } from './nextCheck.ts'
import type { FeedService } from './service.ts'
import { sanitizeEntryHtml } from '../../reader/parser/parseFeed.ts'

let farm: FeedFarm
beforeAll(async () => {
  farm = await startFeedFarm()
})
afterAll(async () => {
  await farm.close()
})

/** A farm path whose body the test rewrites; ETag derived from the body, so an unchanged body answers 304. */
function programmableFeed(path: string, first: WordpressItem[]) {
  let items = first
  let status = 200
  let raw: string | null = null
  let retryAfter: string | null = null
  farm.setFeed(path, (req, res) => {
    if (status !== 200) {
      res.writeHead(status, { 'content-type': 'text/plain', ...(retryAfter ? { 'retry-after': retryAfter } : {}) }).end('nope')
      return
    }
    const body = raw ?? wordpressFeed(farm.origin, items)
    const etag = `"${Buffer.from(body).length}-${items.length}-${items.map((i) => i.title).join('').length}-${raw ? 'raw' : 'wp'}"`
    if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { etag }).end()
    res.writeHead(200, { 'content-type': 'application/rss+xml; charset=UTF-8', etag }).end(body)
  })
  return {
    url: farm.url(path),
    set(next: WordpressItem[]) {
      items = next
      raw = null
      status = 200
    },
    fail(code: number, after: string | null = null) {
      status = code
      retryAfter = after
    },
    serveRaw(body: string) {
      raw = body
      status = 200
    },
  }
}

describeEachDialect('feed service', (dialect) => {
  let database: TestDatabase
  let feeds: FeedService
  const newest = new Date(Date.now() - 3 * 60 * MINUTE_MS)

  beforeEach(async () => {
    database = await createTestDatabase(dialect)
    feeds = testFeedService(database)
  })
  afterEach(async () => {
    feeds.close()
    await database.dispose()
  })

  const entriesOf = (feedId: string) => database.db.selectFrom('entries').selectAll().where('feedId', '=', feedId).orderBy('publishedAt', 'desc').execute()

  it('ensureFeed stores a WordPress-shaped feed: feed fields, sanitized entries, validators, a next check', async () => {
    const items = wordpressItems(12, newest)
    items[0].categories = ['Garden', 'Tomatoes']
    items[1].enclosure = { url: `${farm.origin}/episode.mp3`, type: 'audio/mpeg', length: 123456 }
    const feedUrl = programmableFeed('/blog/feed/', items).url
    const before = Date.now()

    const feed = await feeds.ensureFeed(feedUrl)

    expect(feed).toMatchObject({ url: feedUrl, title: 'Field Notes & Seeds', siteUrl: `${farm.origin}/blog`, description: 'Notes from a small farm', language: 'en-US', errorAt: null, errorMessage: null, errorCount: 0 })
    expect(feed.image).toBe(`${farm.origin}/wp-content/uploads/icon-32x32.png`)
    expect(feed.etag).toMatch(/^"/)
    expect(Date.parse(feed.checkedAt!)).toBeGreaterThanOrEqual(before - 1000)
    expect(Date.parse(feed.nextCheckAt!)).toBeGreaterThanOrEqual(Date.now() + 10 * MINUTE_MS - 5000)
    expect(feed.updatesPerWeek).toBe(12)
    expect(feed.latestEntryPublishedAt).toBe(new Date(Math.floor(newest.getTime() / 1000) * 1000).toISOString())

    const entries = await entriesOf(feed.id)
    expect(entries).toHaveLength(12)
    const top = entries[0]
    expect(top).toMatchObject({ guid: `${farm.origin}/?p=post-12`, title: 'Post number 12', url: `${farm.origin}/blog/post-12/`, author: 'Ada Gardener' })
    expect(JSON.parse(top.categories!)).toEqual(['Garden', 'Tomatoes'])
    expect(top.content).toContain(`src="${farm.origin}/wp-content/uploads/post-12.jpg"`)
    expect(top.content).not.toMatch(/<script|onerror|track\(\)/)
    expect(top.description).toMatch(/^Post number 12/)
    expect(top.contentHash).toBeTruthy()
    const withEnclosure = entries.find((e) => e.guid.endsWith('post-11'))!
    expect(JSON.parse(withEnclosure.attachments!)).toEqual([expect.objectContaining({ url: `${farm.origin}/episode.mp3`, mime_type: 'audio/mpeg' })])
    expect(new Set(entries.map((e) => e.id)).size).toBe(12)
  })

  it('ensureFeed returns the stored feed for the same URL in any spelling, without fetching again', async () => {
    const { url } = programmableFeed('/blog/same/', wordpressItems(3, newest))
    const first = await feeds.ensureFeed(url)
    const hits = farm.requests('/blog/same/')
    const again = await feeds.ensureFeed(`  ${url.replace('http://', 'HTTP://')}#comments `)
    expect(again.id).toBe(first.id)
    expect(farm.requests('/blog/same/')).toBe(hits)
  })

  it('a URL redirecting to a stored feed is that feed', async () => {
    const { url } = programmableFeed('/blog/moved-here/', wordpressItems(2, newest))
    const stored = await feeds.ensureFeed(url)
    farm.setRedirect('/old-blog/rss', '/blog/moved-here/', 301)
    expect((await feeds.ensureFeed(farm.url('/old-blog/rss'))).id).toBe(stored.id)
  })

  it('a feed that moved permanently (301/308) is stored under its new address; a temporary redirect changes nothing', async () => {
    // Moved while followed: the next check follows the 301, and later checks go straight there.
    const feed = await feeds.ensureFeed(programmableFeed('/blog/moving/', wordpressItems(3, newest)).url)
    programmableFeed('/blog/new-home/', wordpressItems(4, newest))
    farm.setRedirect('/blog/moving/', '/blog/new-home/', 301)
    expect(await feeds.refreshFeed(feed.id)).toMatchObject({ status: 'updated', inserted: 1 })
    expect((await feeds.getFeed({ id: feed.id })).url).toBe(farm.url('/blog/new-home/'))
    const oldHits = farm.requests('/blog/moving/')
    await feeds.refreshFeed(feed.id)
    expect(farm.requests('/blog/moving/')).toBe(oldHits)
    expect(await entriesOf(feed.id)).toHaveLength(4)

    // A 302 (or a 301 behind one) is not a move.
    const temp = await feeds.ensureFeed(programmableFeed('/blog/temp/', wordpressItems(2, newest)).url)
    programmableFeed('/blog/elsewhere/', wordpressItems(2, newest))
    farm.setRedirect('/blog/temp/', '/blog/temp-hop/', 302)
    farm.setRedirect('/blog/temp-hop/', '/blog/elsewhere/', 301)
    await feeds.refreshFeed(temp.id)
    expect((await feeds.getFeed({ id: temp.id })).url).toBe(farm.url('/blog/temp/'))

    // Only the permanent part of a chain counts: 308 then 302 moves to the 308's target.
    const chain = await feeds.ensureFeed(programmableFeed('/blog/chain/', wordpressItems(2, newest)).url)
    farm.setRedirect('/blog/chain/', '/blog/chain-hop/', 308)
    farm.setRedirect('/blog/chain-hop/', '/blog/elsewhere/', 302)
    await feeds.refreshFeed(chain.id)
    expect((await feeds.getFeed({ id: chain.id })).url).toBe(farm.url('/blog/chain-hop/'))

    // A new address where another feed is stored already: the two stay apart.
    const taken = await feeds.ensureFeed(programmableFeed('/blog/taken-src/', wordpressItems(2, newest)).url)
    const occupant = await feeds.ensureFeed(farm.url('/blog/elsewhere/'))
    farm.setRedirect('/blog/taken-src/', '/blog/elsewhere/', 301)
    await feeds.refreshFeed(taken.id)
    expect((await feeds.getFeed({ id: taken.id })).url).toBe(farm.url('/blog/taken-src/'))
    expect((await feeds.getFeed({ id: occupant.id })).url).toBe(farm.url('/blog/elsewhere/'))

    // A URL with credentials keeps them: it is not moved.
    programmableFeed('/blog/private/', wordpressItems(2, newest))
    const withAuth = await feeds.ensureFeed(farm.url('/blog/private/').replace('http://', 'http://reader:secret@'))
    farm.setRedirect('/blog/private/', '/blog/fresh-home/', 301)
    await feeds.refreshFeed(withAuth.id)
    expect((await feeds.getFeed({ id: withAuth.id })).url).toBe(withAuth.url)
    expect(withAuth.url).toContain('reader:secret@')

    // Added by its old address: stored under the new one.
    programmableFeed('/blog/fresh-home/', wordpressItems(2, newest))
    farm.setRedirect('/blog/fresh-old/', '/blog/fresh-home/', 301)
    expect((await feeds.ensureFeed(farm.url('/blog/fresh-old/'))).url).toBe(farm.url('/blog/fresh-home/'))
  })

  it('concurrent ensureFeed calls for one URL make one feed', async () => {
    const { url } = programmableFeed('/blog/race/', wordpressItems(5, newest))
    const other = testFeedService(database)
    const rows = await Promise.all([feeds.ensureFeed(url), feeds.ensureFeed(url), other.ensureFeed(url)])
    expect(new Set(rows.map((r) => r.id)).size).toBe(1)
    expect(await entriesOf(rows[0].id)).toHaveLength(5)
    other.close()
  })

  it('ensureFeed on a site URL discovers its feed', async () => {
    const feed = await feeds.ensureFeed(farm.url('/site/'))
    expect(feed.url).toBe(farm.url('/site/feed.xml'))
    expect(feed.title).toBe('Farm Blog')
    expect(await entriesOf(feed.id)).toHaveLength(3)
    expect((await feeds.ensureFeed(farm.url('/site/feed.xml'))).id).toBe(feed.id)
  })

  it('ensureFeed fails with 2003 for fetch errors and 2004 for non-feeds, storing nothing', async () => {
    const fetchFailure = await feeds.ensureFeed(farm.url('/status/500')).catch((e: unknown) => e)
    expect(fetchFailure).toBeInstanceOf(AppError)
    expect(fetchFailure).toMatchObject({ code: 2003, reason: expect.stringContaining('HTTP 500') })
    const parseFailure = await feeds.ensureFeed(farm.url('/garbage')).catch((e: unknown) => e)
    expect(parseFailure).toMatchObject({ code: 2004 })
    const notAUrl = await feeds.ensureFeed('javascript:alert(1)').catch((e: unknown) => e)
    expect(notAUrl).toMatchObject({ code: 2003 })
    const count = await database.db.selectFrom('feeds').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(0)
  })

  it('preview parses without storing', async () => {
    const { url } = programmableFeed('/blog/preview/', wordpressItems(4, newest))
    const preview = await feeds.preview(url)
    expect(preview.title).toBe('Field Notes & Seeds')
    expect(preview.entries).toHaveLength(4)
    expect(preview.feedUrl).toBe(url)
    expect(await database.db.selectFrom('feeds').selectAll().execute()).toHaveLength(0)
    await expect(feeds.preview(farm.url('/status/404'))).rejects.toMatchObject({ code: 2003 })
  })

  it('refresh picks up new and changed entries in place, keeps read rows, skips unchanged ones and counts unread', async () => {
    const items = wordpressItems(5, newest)
    const farmFeed = programmableFeed('/blog/refresh/', items)
    const feed = await feeds.ensureFeed(farmFeed.url)
    const reader = await insertUser(database, 'reader@example.com')
    const listOwner = await insertUser(database, 'owner@example.com')
    await subscribeUser(database, reader, feed.id, 0)
    const listId = await insertListWithCounter(database, listOwner, [feed.id], reader)
    const bystander = await insertUser(database, 'other@example.com')
    await database.db.insertInto('unread_counts').values({ userId: bystander, sourceId: 'unrelated-source', count: 7 }).execute()

    const before = await entriesOf(feed.id)
    const changedGuid = before.find((e) => e.title === 'Post number 3')!
    const untouched = before.find((e) => e.title === 'Post number 1')!
    await database.db.insertInto('entry_reads').values({ userId: reader, entryId: changedGuid.id, readAt: new Date().toISOString() }).execute()
    // Marks an unchanged entry behind the engine's back: a rewrite would undo it.
    await database.db.updateTable('entries').set({ readabilityContent: 'kept', author: 'tampered' }).where('id', '=', untouched.id).execute()

    const next = [
      { guid: 'post-7', title: 'Post number 7', published: new Date(newest.getTime() + 2 * 3_600_000) },
      { guid: 'post-6', title: 'Post number 6', published: new Date(newest.getTime() + 3_600_000) },
      ...items.map((i) => (i.guid === 'post-3' ? { ...i, title: 'Post number 3 (updated)', body: '<p>Now with a correction.</p>' } : i)),
    ]
    farmFeed.set(next)
    const outcome = await feeds.refreshFeed(feed.id)
    expect(outcome).toMatchObject({ status: 'updated', inserted: 2, updated: 1 })

    const after = await entriesOf(feed.id)
    expect(after).toHaveLength(7)
    const changed = after.find((e) => e.guid === changedGuid.guid)!
    expect(changed.id).toBe(changedGuid.id)
    expect(changed.title).toBe('Post number 3 (updated)')
    expect(changed.content).toContain('correction')
    expect(changed.contentHash).not.toBe(changedGuid.contentHash)
    expect(after.find((e) => e.id === untouched.id)).toMatchObject({ author: 'tampered', readabilityContent: 'kept' })
    const reads = await database.db.selectFrom('entry_reads').selectAll().where('userId', '=', reader).execute()
    expect(reads.map((r) => r.entryId)).toEqual([changedGuid.id])
    expect(await unreadCount(database, reader, feed.id)).toBe(2)
    expect(await unreadCount(database, reader, listId)).toBe(2)
    expect(await unreadCount(database, bystander, 'unrelated-source')).toBe(7)

    const row = (await feeds.getFeed({ id: feed.id }))
    expect(row.latestEntryPublishedAt).toBe(new Date(Math.floor(newest.getTime() / 1000) * 1000 + 2 * 3_600_000).toISOString())
    expect(row.updatesPerWeek).toBe(7)

    // The same document again: nothing new, nothing rewritten, no counter moves.
    farmFeed.serveRaw(wordpressFeed(farm.origin, next))
    expect(await feeds.refreshFeed(feed.id)).toMatchObject({ status: 'updated', inserted: 0, updated: 0 })
    expect(await entriesOf(feed.id)).toHaveLength(7)
    expect(await unreadCount(database, reader, feed.id)).toBe(2)
  })

  it('answers 304 with the stored validators and records a healthy check', async () => {
    const feed = await feeds.ensureFeed(farm.url('/gen/rss/304?entries=4'))
    const etag = feed.etag
    expect(etag).toBeTruthy()
    // A stale rate (as a week ago) is recomputed on a 304 as well.
    await database.db.updateTable('feeds').set({ updatesPerWeek: 99 }).where('id', '=', feed.id).execute()
    const outcome = await feeds.refreshFeed(feed.id)
    expect(outcome.status).toBe('not_modified')
    expect((await feeds.getFeed({ id: feed.id })).updatesPerWeek).toBe(feed.updatesPerWeek)
    expect(farm.lastHeaders('/gen/rss/304')?.['if-none-match']).toBe(etag)
    const row = await feeds.getFeed({ id: feed.id })
    expect(row.etag).toBe(etag)
    expect(Date.parse(row.checkedAt!)).toBeGreaterThanOrEqual(Date.parse(feed.checkedAt!))
    expect(await entriesOf(feed.id)).toHaveLength(4)
    farm.touch('/gen/rss/304')
    expect(await feeds.refreshFeed(feed.id)).toMatchObject({ status: 'updated', inserted: 1 })
  })

  it('a broken feed shows errorAt/errorMessage, backs off, honours Retry-After and recovers', async () => {
    const farmFeed = programmableFeed('/blog/flaky/', wordpressItems(3, newest))
    const feed = await feeds.ensureFeed(farmFeed.url)

    farmFeed.fail(500)
    const first = await feeds.refreshFeed(feed.id)
    expect(first.status).toBe('error')
    let row = await feeds.getFeed({ id: feed.id })
    expect(row.errorMessage).toMatch(/^2003 Feed fetch error: HTTP 500 from http:\/\/127\.0\.0\.1/)
    expect(row.errorAt).toBe(row.checkedAt)
    expect(row.errorCount).toBe(1)
    expect(Date.parse(row.nextCheckAt!) - Date.parse(row.checkedAt!)).toBeGreaterThanOrEqual(10 * MINUTE_MS)
    expect(Date.parse(row.nextCheckAt!) - Date.parse(row.checkedAt!)).toBeLessThanOrEqual(10.5 * MINUTE_MS)

    await feeds.refreshFeed(feed.id)
    row = await feeds.getFeed({ id: feed.id })
    expect(row.errorCount).toBe(2)
    expect(Date.parse(row.nextCheckAt!) - Date.parse(row.checkedAt!)).toBeGreaterThanOrEqual(20 * MINUTE_MS)

    farmFeed.fail(503, '7200')
    await feeds.refreshFeed(feed.id)
    row = await feeds.getFeed({ id: feed.id })
    expect(row.errorCount).toBe(3)
    expect(Date.parse(row.nextCheckAt!) - Date.parse(row.checkedAt!)).toBeGreaterThanOrEqual(120 * MINUTE_MS)

    farmFeed.serveRaw('<html><body>We moved!</body></html>')
    await feeds.refreshFeed(feed.id)
    row = await feeds.getFeed({ id: feed.id })
    expect(row.errorMessage).toMatch(/^2004 Feed failed to parse: /)
    expect(row.errorCount).toBe(4)
    expect(await entriesOf(feed.id)).toHaveLength(3)

    farmFeed.set(wordpressItems(4, newest))
    expect(await feeds.refreshFeed(feed.id)).toMatchObject({ status: 'updated', inserted: 1 })
    row = await feeds.getFeed({ id: feed.id })
    expect(row).toMatchObject({ errorAt: null, errorMessage: null, errorCount: 0, leaseOwner: null, leaseUntil: null })
  })

  it('never refreshes one feed twice at once, in one process or across two', async () => {
    const items = wordpressItems(3, newest)
    let hits = 0
    farm.setFeed('/blog/slow/', async (_req, res) => {
      hits++
      await new Promise((r) => setTimeout(r, 300))
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(wordpressFeed(farm.origin, items))
    })
    const feed = await feeds.ensureFeed(farm.url('/blog/slow/'))
    hits = 0
    const otherProcess = testFeedService(database)
    const outcomes = await Promise.all([feeds.refreshFeed(feed.id), feeds.refreshFeed(feed.id), otherProcess.refreshFeed(feed.id)])
    expect(outcomes.map((o) => o.status).sort()).toEqual(['busy', 'busy', 'updated'])
    expect(hits).toBe(1)
    // The lease is given back: the next refresh runs.
    expect((await otherProcess.refreshFeed(feed.id)).status).toBe('updated')
    otherProcess.close()
  })

  it('stores at most the newest 500 items of a long feed', async () => {
    const items = wordpressItems(620, newest)
    const shuffled = [...items.slice(300), ...items.slice(0, 300)]
    const feed = await feeds.ensureFeed(programmableFeed('/blog/archive/', shuffled).url)
    const entries = await entriesOf(feed.id)
    expect(entries).toHaveLength(500)
    expect(entries[0].title).toBe('Post number 620')
    expect(entries.at(-1)!.title).toBe('Post number 121')
  })

  it('getFeed and analytics', async () => {
    const feed = await feeds.ensureFeed(farm.url('/gen/atom/analytics?entries=3'))
    await expect(feeds.getFeed({})).rejects.toMatchObject({ code: 2002 })
    await expect(feeds.getFeed({ id: '1234567890123' })).rejects.toMatchObject({ code: 2001 })
    expect((await feeds.getFeed({ url: farm.url('/gen/atom/analytics?entries=3') })).id).toBe(feed.id)
    const analytics = await feeds.analytics([feed.id, 'missing'])
    expect(analytics).toEqual({ [feed.id]: { updatesPerWeek: feed.updatesPerWeek, subscriptionCount: 0, latestEntryPublishedAt: feed.latestEntryPublishedAt } })
  })

  it('resetFeed clears the error state and validators and makes the feed due', async () => {
    const farmFeed = programmableFeed('/blog/reset/', wordpressItems(2, newest))
    const feed = await feeds.ensureFeed(farmFeed.url)
    farmFeed.fail(500)
    await feeds.refreshFeed(feed.id)
    const reset = await feeds.resetFeed(feed.id)
    expect(reset).toMatchObject({ errorAt: null, errorMessage: null, errorCount: 0, etag: null, lastModified: null })
    expect(Date.parse(reset.nextCheckAt!)).toBeLessThanOrEqual(Date.now())
  })
})

describeEachDialect('feed service: sanitizing only what changed', (dialect) => {
  let database: TestDatabase
  let feeds: FeedService
  const sanitized: string[] = []
  const newest = new Date(Date.now() - 3 * 60 * MINUTE_MS)

  beforeEach(async () => {
    database = await createTestDatabase(dialect)
    sanitized.length = 0
    // The real sanitizer, counted.
    feeds = testFeedService(database, {
      sanitize: (html, baseUrl) => {
        sanitized.push(html)
        return sanitizeEntryHtml(html, baseUrl)
      },
    })
  })
  afterEach(async () => {
    feeds.close()
    await database.dispose()
  })

  it('sanitizes an entry when it is new or changed, never when it is unchanged, and stores only sanitized HTML', async () => {
    const hostile = (n: number) => `<p onclick="alert(${n})">Body ${n} <a href="/rel/${n}" target="_self">link</a></p><script>alert(${n})</script>`
    const items = wordpressItems(5, newest).map((item, i) => ({ ...item, body: hostile(i) }))
    const farmFeed = programmableFeed('/sanitize-once/feed/', items)
    const feed = await feeds.ensureFeed(farmFeed.url)
    expect(sanitized).toHaveLength(5)

    const stored = await database.db.selectFrom('entries').select(['guid', 'content', 'contentHash']).where('feedId', '=', feed.id).execute()
    expect(stored).toHaveLength(5)
    for (const row of stored) {
      expect(row.content).not.toMatch(/<script|onclick|_self/)
      expect(row.content).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/rel\/\d" rel="noopener noreferrer" target="_blank">link<\/a>/)
    }

    // The same entries in a new document (a new one on top, one body changed): two sanitized.
    sanitized.length = 0
    const next = [
      { guid: 'post-new', title: 'New post', body: hostile(99), published: new Date(newest.getTime() + 3_600_000) },
      ...items.map((item, i) => (i === 2 ? { ...item, body: `${hostile(2)}<p>corrected</p>` } : item)),
    ]
    farmFeed.set(next)
    expect(await feeds.refreshFeed(feed.id)).toMatchObject({ status: 'updated', inserted: 1, updated: 1 })
    expect(sanitized).toEqual([hostile(99), `${hostile(2)}<p>corrected</p>`])
    const rows = await database.db.selectFrom('entries').select(['content']).where('feedId', '=', feed.id).execute()
    expect(rows).toHaveLength(6)
    expect(rows.filter((r) => r.content?.includes('corrected'))).toHaveLength(1)
    for (const row of rows) expect(row.content).not.toMatch(/<script|onclick|_self/)

    // The same document again (a 200, not a 304): nothing sanitized, nothing written.
    sanitized.length = 0
    farmFeed.serveRaw(wordpressFeed(farm.origin, next))
    expect(await feeds.refreshFeed(feed.id)).toMatchObject({ status: 'updated', inserted: 0, updated: 0 })
    expect(sanitized).toEqual([])
  })

  it('preview still answers sanitized HTML', async () => {
    const farmFeed = programmableFeed('/sanitize-preview/feed/', wordpressItems(2, newest).map((item) => ({ ...item, body: '<p>x</p><script>alert(1)</script>' })))
    const preview = await feeds.preview(farmFeed.url)
    expect(preview.entries.map((e) => e.content)).toEqual(['<p>x</p>', '<p>x</p>'])
    expect(preview.entries.every((e) => e.contentBase === undefined)).toBe(true)
  })
})
