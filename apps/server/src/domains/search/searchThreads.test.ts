/** Entry search in worker threads (SQLite): the same answers as the main thread, fresh writes seen, a fall-back when a thread cannot open the database. */
import path from 'node:path'
import { afterAll, beforeAll, expect, it, describe } from 'vitest'
import { queryTerms } from '@brook/shared'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { insertEntries, insertFeed } from '../../test/factories.ts'
import { createLogger } from '../../lib/logger.ts'
import { searchRepo, type EntrySearchQuery } from './repo.ts'
import { hitsOf, type EntrySearchHit } from './hits.ts'
import { startSearchThreads, type SearchThreads } from './searchThreads.ts'
import { createSearchService } from './service.ts'

const WORDS = ['amber', 'basil', 'cedar', 'delta', 'ember', 'fjord', 'garnet', 'harbor', 'indigo', 'juniper']
/** Entry i's words: a deterministic mix, so every pair of words matches some entries and not others. */
const textOf = (i: number) => ({ title: `${WORDS[i % 10]} ${WORDS[(i * 7 + 3) % 10]} report ${i}`, content: `<p>${WORDS[(i * 3 + 1) % 10]} and ${WORDS[(i * 5 + 2) % 10]} notes ${i}</p>` })

/** What a user sees of a hit; the score's recency boost moves with the clock between two runs. */
const shown = (hits: EntrySearchHit[]) => hits.map(({ score: _score, ...rest }) => rest)

describe('search threads [sqlite]', () => {
  let server: TestServer
  let a: TestClient
  let userId: string
  let feedId: string
  let threads: SearchThreads
  const logger = createLogger('silent')
  const query = (q: string, extra: Partial<EntrySearchQuery> = {}): EntrySearchQuery => ({ userId, terms: queryTerms(q), limit: 21, offset: 0, ...extra })

  beforeAll(async () => {
    server = await startTestServer('sqlite', { SEARCH_THREADS: '2' })
    a = await signedUpClient(server, 'threads-a@example.com')
    userId = (await a.get('/api/auth/get-session')).body.user.id
    feedId = await insertFeed(server.database.db, { title: 'Thread News' })
    await insertEntries(server.database.db, feedId, 450, { content: textOf })
    expect((await a.post('/api/subscriptions', { feedId, view: 0 })).status).toBe(200)
    threads = startSearchThreads({ file: server.database.file!, threads: 2, logger })
  }, 60_000)

  afterAll(async () => {
    await threads?.close()
    await server?.stop()
  })

  it('answers twenty concurrent searches exactly as the main thread does, across blocks and pages', async () => {
    const repo = searchRepo(server.database.db, 'sqlite')
    // Two words entry i's title holds (so each pair matches), and pages of a word every entry holds
    // (offsets 0–405: one page straddles the first two blocks of 200, others lie in the second and third).
    const queries = WORDS.flatMap((w, i) => [query(`${w} ${WORDS[(i * 7 + 3) % 10]} `), query('report ', { offset: i * 45 })])
    const fromThreads = await Promise.all(queries.map((q) => threads.search(q)))
    for (const [i, q] of queries.entries()) {
      const expected = hitsOf(await repo.searchEntries(q), q.terms)
      expect(fromThreads[i], q.terms.map((t) => t.token).join(' ')).not.toBeNull()
      expect(shown(fromThreads[i]!)).toEqual(shown(expected))
    }
    // Every query matches, and every page of the common word is full.
    expect(fromThreads.every((hits) => hits!.length > 0)).toBe(true)
    expect(fromThreads.filter((_, i) => i % 2 === 1).map((hits) => hits!.length)).toEqual(Array(10).fill(21))
  })

  it('sees an entry committed after its first search, and never one of a feed the user does not follow', async () => {
    expect(await threads.search(query('zeppelin '))).toEqual([])
    const other = await insertFeed(server.database.db, { title: 'Not followed' })
    await insertEntries(server.database.db, other, 1, { content: () => ({ title: 'zeppelin elsewhere', content: '<p>zeppelin</p>' }) })
    await insertEntries(server.database.db, feedId, 1, { content: () => ({ title: 'Zeppelin over the harbor', content: '<p>a zeppelin was seen</p>' }) })
    const hits = await threads.search(query('zeppelin '))
    expect(hits!.map((h) => h.title)).toEqual(['Zeppelin over the harbor'])
    expect(hits![0].titleHighlights).toEqual([{ start: 0, end: 8 }])
  })

  it('serves the API from the threads: a search over HTTP finds and highlights the words', async () => {
    const r = await a.get(`/api/search/entries?q=${encodeURIComponent('amber report')}&limit=5`)
    expect(r.status).toBe(200)
    expect(r.body.data.entries).toHaveLength(5)
    for (const hit of r.body.data.entries as EntrySearchHit[]) {
      expect(hit.title!.toLowerCase()).toContain('amber')
      expect(hit.titleHighlights.length).toBeGreaterThanOrEqual(2)
    }
    expect(r.body.data.nextCursor).toBe('5')
  })

  it('ends threads that have had no search for a while, and starts one again for the next search', async () => {
    const brief = startSearchThreads({ file: server.database.file!, threads: 2, logger, idleMs: 100 })
    try {
      expect(brief.size()).toBe(0)
      const first = await brief.search(query('amber '))
      expect(first!.length).toBeGreaterThan(0)
      expect(brief.size()).toBe(1)
      await expect.poll(() => brief.size(), { timeout: 10_000 }).toBe(0)
      expect(shown((await brief.search(query('amber ')))!)).toEqual(shown(first!))
      expect(brief.size()).toBe(1)
    } finally {
      await brief.close()
    }
  })

  it('falls back to the main thread when the threads cannot open the database', async () => {
    const broken = startSearchThreads({ file: path.join(server.database.location.DATA_DIR, 'missing', 'brook.db'), threads: 2, logger })
    try {
      expect(await broken.search(query('amber '))).toBeNull()
      const service = createSearchService({ repo: searchRepo(server.database.db, 'sqlite'), logger, threads: broken })
      const found = await service.searchEntries({ userId, query: 'amber cedar', limit: 3 })
      expect(found.entries).toHaveLength(3)
      expect(found.entries.every((e) => /amber/i.test(`${e.title} ${e.snippet.text}`))).toBe(true)
    } finally {
      await broken.close()
    }
  })
})
