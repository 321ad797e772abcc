/** /api/search on both databases: English, Chinese and Japanese text, highlights, ranking, permissions, bad input, incremental and background indexing. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { newId } from '@brook/shared'
import { sql } from 'kysely'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { insertFeed } from '../../test/factories.ts'
import { feedsRepo } from '../feeds/repo.ts'
import { feedEntriesRepo } from '../entries/repo.ts'
import type { EntrySearchHit } from './service.ts'

type Doc = { title: string; content?: string; description?: string; daysAgo?: number }

describeEachDialect('search API', (dialect) => {
  let server: TestServer
  let a: TestClient
  let b: TestClient
  let news: string // A follows, view 0
  let photos: string // A follows, view 2
  let unfollowed: string // nobody follows
  const ids: Record<string, string> = {}

  /** Stores entries through the ingest's storage path, each id remembered by its title. */
  async function store(feedId: string, docs: Doc[]): Promise<void> {
    const now = Date.now()
    const rows = docs.map((d) => {
      const id = newId()
      ids[d.title] = id
      return {
        id, feedId, inboxId: null, guid: id, title: d.title, url: `https://search.example/${id}`, description: d.description ?? null, content: d.content ?? null,
        author: null, authorUrl: null, authorAvatar: null, publishedAt: new Date(now - (d.daysAgo ?? 0) * 86_400_000).toISOString(), updatedAt: null,
        insertedAt: new Date(now).toISOString(), categories: null, media: null, attachments: null, language: null, contentHash: null,
      }
    })
    await feedsRepo(server.database.db).transaction(async (_tx, trx) => {
      await feedEntriesRepo(trx).insertEntries(rows)
    })
  }

  const search = async (client: TestClient, query: string) => {
    const r = await client.get(`/api/search/entries?${query}`)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data as { entries: EntrySearchHit[]; nextCursor: string | null }
  }
  const titles = async (client: TestClient, q: string, extra = '') => (await search(client, `q=${encodeURIComponent(q)}${extra}`)).entries.map((e) => e.title)

  beforeAll(async () => {
    server = await startTestServer(dialect, { SERVICES: 'web' })
    a = await signedUpClient(server, 'searcher-a@example.com')
    b = await signedUpClient(server, 'searcher-b@example.com')
    const db = server.database.db
    news = await insertFeed(db, { title: 'Morning News' })
    photos = await insertFeed(db, { title: 'Photo Stream' })
    unfollowed = await insertFeed(db, { title: 'Elsewhere' })
    await store(news, [
      { title: 'Quantum computing breakthrough', content: '<p>Researchers built a <b>quantum</b> processor.</p>', daysAgo: 1 },
      { title: 'Gardening tips', content: '<p>Spring is the time to plant. A quantum of patience helps.</p>', daysAgo: 1 },
      { title: 'Old quantum history', content: '<p>Planck and the quantum, a century ago.</p>', daysAgo: 400 },
      { title: '全文搜索上线了', content: '<p>我们发布了新的全文搜索功能，支持中文。</p>' },
      { title: '東京タワーへ行きました', content: '<p>東京の夜景はとてもきれいでした。</p>' },
      { title: 'Café culture', content: '<p>Naïve résumé of coffee.</p>' },
    ])
    await store(photos, [{ title: 'Quantum dots in pictures', content: '<p>Colourful quantum dots.</p>' }])
    await store(unfollowed, [{ title: 'Quantum elsewhere', content: '<p>Nobody follows this quantum.</p>' }])
    await a.post('/api/subscriptions', { feedId: news, view: 0, title: 'My morning paper', category: 'Daily' })
    await a.post('/api/subscriptions', { feedId: photos, view: 2 })
    // A's inbox, with an entry only A may find.
    const inbox = (await a.post('/api/inboxes', { handle: 'search-box', title: 'Receipts' })).body.data
    const hook = await a.request('POST', '/api/inboxes/webhook', { guid: 'r-1', title: 'Invoice zebrafish', content: '<p>private zebrafish receipt</p>' }, { 'x-inbox-handle': 'search-box', 'x-inbox-secret': inbox.secret })
    expect(hook.status).toBe(200)
    ids['Invoice zebrafish'] = hook.body.data.id
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
  })

  it('finds English words in titles and content, title matches and recent entries first', async () => {
    const found = await titles(a, 'quantum ')
    expect(found).toEqual(expect.arrayContaining(['Quantum computing breakthrough', 'Gardening tips', 'Old quantum history', 'Quantum dots in pictures']))
    expect(found).not.toContain('Quantum elsewhere')
    expect(found.indexOf('Quantum computing breakthrough')).toBeLessThan(found.indexOf('Gardening tips'))
    expect(found.indexOf('Quantum computing breakthrough')).toBeLessThan(found.indexOf('Old quantum history'))
    // Every word must occur.
    expect(await titles(a, 'quantum processor ')).toEqual(['Quantum computing breakthrough'])
    // The last word is a prefix while typing; accents are folded.
    expect(await titles(a, 'garden')).toEqual(['Gardening tips'])
    expect(await titles(a, 'cafe resume')).toEqual(['Café culture'])
  })

  it('finds Chinese and Japanese words inside runs without spaces', async () => {
    expect(await titles(a, '全文搜索')).toEqual(['全文搜索上线了'])
    expect(await titles(a, '中文')).toEqual(['全文搜索上线了'])
    expect(await titles(a, '搜')).toEqual(['全文搜索上线了'])
    expect(await titles(a, 'タワー')).toEqual(['東京タワーへ行きました'])
    expect(await titles(a, '夜景')).toEqual(['東京タワーへ行きました'])
    expect(await titles(a, '大阪')).toEqual([])
  })

  it('answers highlights as ranges of the title and of a snippet', async () => {
    const [hit] = (await search(a, `q=${encodeURIComponent('全文搜索')}`)).entries
    expect(hit!.titleHighlights.map((h) => hit!.title!.slice(h.start, h.end))).toEqual(['全文搜索'])
    expect(hit!.snippet.highlights.map((h) => hit!.snippet.text.slice(h.start, h.end))).toEqual(['全文搜索'])
    const [q] = (await search(a, 'q=processor')).entries
    expect(q!.snippet.text).toContain('Researchers built a quantum processor.')
    expect(q!.snippet.highlights.map((h) => q!.snippet.text.slice(h.start, h.end))).toEqual(['processor'])
  })

  it('filters by view and feed, and pages with a cursor', async () => {
    expect(await titles(a, 'quantum', '&view=2')).toEqual(['Quantum dots in pictures'])
    expect(await titles(a, 'quantum', `&feedId=${photos}`)).toEqual(['Quantum dots in pictures'])
    const first = await search(a, 'q=quantum&limit=2')
    expect(first.entries).toHaveLength(2)
    const second = await search(a, `q=quantum&limit=2&cursor=${first.nextCursor}`)
    expect(second.entries).toHaveLength(2)
    expect(second.nextCursor).toBeNull()
    expect(new Set([...first.entries, ...second.entries].map((e) => e.id)).size).toBe(4)
  })

  it("never shows another user's entries: B follows nothing, and never sees A's inbox", async () => {
    expect(await titles(a, 'zebrafish')).toEqual(['Invoice zebrafish'])
    expect(await titles(b, 'zebrafish')).toEqual([])
    expect(await titles(b, 'quantum')).toEqual([])
    // A star makes an entry of an unfollowed feed findable for its user only.
    await b.post('/api/collections', { entryId: ids['Quantum elsewhere'] })
    expect(await titles(b, 'quantum')).toEqual(['Quantum elsewhere'])
    expect(await titles(a, 'quantum')).not.toContain('Quantum elsewhere')
  })

  it('treats operators and quotes as words, and refuses an overlong query with 1002', async () => {
    for (const q of ['"quantum', 'quantum AND NOT (', 'quantum*', "o'reilly:* & |", 'NEAR(quantum processor)', '-quantum', '""', '^']) {
      const r = await a.get(`/api/search/entries?q=${encodeURIComponent(q)}`)
      expect(r.status, q).toBe(200)
    }
    expect(await titles(a, 'quantum AND processor')).toEqual([]) // "and" is a word the entry lacks
    const long = await a.get(`/api/search/entries?q=${'x'.repeat(600)}`)
    expect([long.status, long.body.code]).toEqual([400, 1002])
    await expect(server.deps.search.searchEntries({ userId: 'x', query: 'word '.repeat(200_000) })).rejects.toMatchObject({ code: 1002 })
    const badCursor = await a.get('/api/search/entries?q=quantum&cursor=abc')
    expect([badCursor.status, badCursor.body.code]).toEqual([400, 1002])
  })

  it('re-indexes a rewritten entry and forgets a deleted one', async () => {
    const id = ids['Gardening tips']!
    await feedsRepo(server.database.db).transaction(async (_tx, trx) => {
      await feedEntriesRepo(trx).updateEntry(id, { title: 'Gardening tips', content: '<p>Now about tomatoes.</p>', description: null, url: null, author: null, authorUrl: null, authorAvatar: null, publishedAt: new Date().toISOString(), updatedAt: null, categories: null, media: null, attachments: null, language: null, contentHash: 'changed' })
    })
    expect(await titles(a, 'tomatoes')).toEqual(['Gardening tips'])
    expect(await titles(a, 'patience')).toEqual([])
    await a.delete('/api/entries/inbox', { entryId: ids['Invoice zebrafish'] })
    expect(await titles(a, 'zebrafish')).toEqual([])
  })

  it('merges the index into one b-tree (SQLite) without changing what a search finds', async () => {
    // Three more transactions: three more small b-trees.
    for (const n of [1, 2, 3]) await store(news, [{ title: `Tidy quantum batch ${n}`, content: `<p>merge batch ${n}</p>` }])
    const query = 'q=quantum%20&limit=50'
    const before = await search(a, query)
    const steps = await server.deps.search.tidyIndex({ pages: 1 })
    if (dialect === 'sqlite') expect(steps).toBeGreaterThan(0)
    else expect(steps).toBe(0)
    // Merged: nothing left to do, and every search answers as before.
    expect(await server.deps.search.tidyIndex()).toBe(0)
    expect((await search(a, query)).entries.map((e) => e.id)).toEqual(before.entries.map((e) => e.id))
    expect(await titles(a, 'batch 2 ')).toEqual(['Tidy quantum batch 2'])
    expect(await titles(a, '全文搜索')).toEqual(['全文搜索上线了'])
  })

  it('indexes entries stored before the index existed, in the background', async () => {
    const db = server.database.db
    if (dialect === 'sqlite') await sql`delete from entry_fts`.execute(db)
    else await sql`delete from entry_search`.execute(db)
    await db.updateTable('search_backfill').set({ cursor: '', finishedAt: null }).execute()
    expect(await titles(a, 'quantum')).toEqual([])
    const job = server.deps.search.startBackfill({ batchSize: 2, pauseMs: 1 })
    for (let i = 0; i < 200 && !(await server.deps.search.backfillState())?.finishedAt; i++) await new Promise((r) => setTimeout(r, 10))
    await job.stop()
    expect((await server.deps.search.backfillState())?.finishedAt).not.toBeNull()
    expect(await titles(a, 'quantum')).toEqual(expect.arrayContaining(['Quantum computing breakthrough', 'Old quantum history', 'Quantum dots in pictures']))
    expect(await titles(a, 'タワー')).toEqual(['東京タワーへ行きました'])
  })

  it('searches subscriptions by title, category and URL', async () => {
    const r = await a.get('/api/search/subscriptions?q=morning')
    expect(r.status).toBe(200)
    expect(r.body.data.map((s: { id: string }) => s.id)).toEqual([`feed/${news}`])
    expect(r.body.data[0].titleHighlights).toEqual([{ start: 3, end: 10 }])
    expect((await a.get('/api/search/subscriptions?q=daily')).body.data).toHaveLength(1)
    expect((await a.get('/api/search/subscriptions?q=factory.example')).body.data.length).toBe(2)
    expect((await a.get('/api/search/subscriptions?q=100%25_')).body.data).toEqual([])
    expect((await b.get('/api/search/subscriptions?q=morning')).body.data).toEqual([])
  })

  it('ranks a common word in blocks of the 200 newest matches, and pages reach every match once', async () => {
    // 30 older entries with the word in the title (more relevant), then 200 newer with it in the body only.
    await store(news, Array.from({ length: 30 }, (_, i) => ({ title: `Wombat burrow ${i}`, content: '<p>wombat</p>', daysAgo: 2 })))
    await store(news, Array.from({ length: 200 }, (_, i) => ({ title: `Marsupial note ${i}`, content: '<p>A wombat walked by.</p>', daysAgo: 1 })))
    const first = await search(a, 'q=wombat+&limit=50')
    expect(first.entries).toHaveLength(50)
    expect(first.entries.every((e) => e.title?.startsWith('Marsupial note'))).toBe(true)
    const seen = first.entries.map((e) => e.id)
    let cursor = first.nextCursor
    while (cursor) {
      const page = await search(a, `q=wombat+&limit=50&cursor=${cursor}`)
      seen.push(...page.entries.map((e) => e.id))
      cursor = page.nextCursor
    }
    expect(seen).toHaveLength(230)
    expect(new Set(seen).size).toBe(230)
    // The older block comes last, its title matches ranked within it.
    expect(seen.slice(200).map((id) => Object.keys(ids).find((t) => ids[t] === id))).toEqual(expect.arrayContaining(Array.from({ length: 30 }, (_, i) => `Wombat burrow ${i}`)))
  })
})
