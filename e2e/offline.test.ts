/**
 * Offline-first in Chromium against the real server and a loopback feed farm (issue 5): the
 * local database answers with the network off, writes made offline arrive exactly once, refused
 * writes roll back, two tabs agree, a failed migration rebuilds, and the database exports.
 *
 * The scenarios drive the data layer through `__brook` (app/debugHandle.ts) so they do not
 * depend on how the reading screens look; each saves a screenshot.
 */
import { DatabaseSync } from 'node:sqlite'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startFeedFarm, type FeedFarm } from '../apps/server/src/test/feedFarm.ts'
import { describeBrowser, launchBrowser, screenshot } from './support/browser.ts'
import { startServer, type BrookServer } from './support/server.ts'

type Entry = { id: string; title: string | null; content: string | null; read: boolean; feedId: string | null }
type Subscription = { id: string; feedId: string | null; category: string | null; view: number }

/** What `__brook` offers the tests (see apps/web/src/app/debugHandle.ts). */
interface BrookHandle {
  actions: Record<string, (...args: any[]) => Promise<void>>
  localDb: { all: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>; write: (sql: string, params?: unknown[]) => Promise<unknown> }
  status: () => { status: string; storage: string | null; pendingWrites: number; rebuilt: boolean; error: string | null }
  timeline: (t: { view: number; feedId?: string }, force?: boolean) => Promise<string[]>
  entry: (id: string) => Promise<Entry | null>
  entries: (ids: string[]) => (Entry | null)[]
  subscriptions: () => Subscription[]
  unread: () => Record<string, number>
  starred: () => string[]
  outboxSize: () => Promise<number>
  flush: () => Promise<void>
  refresh: () => Promise<void>
}

// The page's handle, typed for the callbacks run in the page (this project compiles without DOM types).
declare global {
  var __brook: BrookHandle
}
/** Browser-only globals the page callbacks touch. */
type PageGlobals = { navigator: { onLine: boolean; serviceWorker?: { ready: Promise<unknown> }; storage: { getDirectory(): Promise<any> } } }

const FEED_A_ENTRIES = 14
const FEED_B_ENTRIES = 4

describeBrowser('offline-first', () => {
  let server: BrookServer
  let farm: FeedFarm
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let userId = ''
  let feedA = ''
  let feedB = ''
  let timelineIds: string[] = []
  let feedAIds: string[] = []
  const sentKeys = new Map<string, number>()
  const tmp: string[] = []

  /** Counts every request that carries an Idempotency-Key, per key. */
  const countKeys = (request: Request) => {
    const key = request.headers()['idempotency-key']
    if (key) sentKeys.set(key, (sentKeys.get(key) ?? 0) + 1)
  }

  /** Opens the server's database for assertions (WAL: safe beside the running server). */
  function serverDb(options: { write?: boolean } = {}): DatabaseSync {
    return new DatabaseSync(path.join(server.dataDir, 'brook.db'), { readOnly: !options.write, timeout: 5000, enableForeignKeyConstraints: false })
  }

  function serverRows<T>(query: string, ...params: (string | number)[]): T[] {
    const db = serverDb()
    try {
      return db.prepare(query).all(...params) as T[]
    } finally {
      db.close()
    }
  }

  /** Waits until the app has opened and hydrated the local database and knows the session user. */
  async function waitReady(p: Page, subscriptions?: number) {
    // The handle appears with the app's first effects (app/debugHandle.ts): read it through globalThis
    // so a page still starting (after a reload or a reset) answers "not yet" instead of throwing.
    await p.waitForFunction(() => globalThis.__brook?.status().status === 'ready', undefined, { timeout: 30_000 })
    if (subscriptions !== undefined) await p.waitForFunction((n) => globalThis.__brook?.subscriptions().length === n, subscriptions, { timeout: 30_000 })
  }

  /** Polls an async condition from the test side (waitForFunction does not await promises). */
  async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
      await new Promise((r) => setTimeout(r, 150))
    }
  }

  async function waitOutboxEmpty(p: Page) {
    await until(async () => (await p.evaluate(() => __brook.outboxSize())) === 0, 'an empty outbox')
  }

  beforeAll(async () => {
    farm = await startFeedFarm()
    const published = (n: number) => new Date(Date.UTC(2025, 5, 1, 8) + n * 3_600_000)
    farm.setFeed('/a.xml', {
      title: 'Feed A',
      entries: Array.from({ length: FEED_A_ENTRIES }, (_, i) => ({ id: `a-${i}`, title: `Alpha story ${i}`, url: `${farm.origin}/a/${i}`, content: `<p>Alpha body ${i}: the full text of the story.</p>`, published: published(i) })),
    })
    farm.setFeed('/b.xml', {
      title: 'Feed B',
      entries: Array.from({ length: FEED_B_ENTRIES }, (_, i) => ({ id: `b-${i}`, title: `Beta note ${i}`, url: `${farm.origin}/b/${i}`, content: `<p>Beta body ${i}</p>`, published: published(i) })),
    })
    server = await startServer()
    browser = await launchBrowser()
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', colorScheme: 'light', acceptDownloads: true })
    context.on('request', countKeys)
    page = await context.newPage()

    // A user with two feeds in one category, made through the API from the page's origin.
    await page.goto(`${server.url}/favicon.svg`)
    const setup = await page.evaluate(
      async ({ a, b }) => {
        const post = async (url: string, body: unknown): Promise<any> => {
          const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
          const json = await res.json()
          if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`)
          return json
        }
        const signUp = await post('/api/auth/sign-up/email', { email: `offline+${Date.now()}@example.com`, password: 'correct horse battery', name: 'Offline Tester' })
        const feedA = await post('/api/subscriptions', { url: a, view: 0, category: 'News' })
        const feedB = await post('/api/subscriptions', { url: b, view: 0, category: 'News' })
        return { userId: signUp.user.id as string, feedA: feedA.data.feed.id as string, feedB: feedB.data.feed.id as string }
      },
      { a: farm.url('/a.xml'), b: farm.url('/b.xml') },
    )
    userId = setup.userId
    feedA = setup.feedA
    feedB = setup.feedB
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await farm?.close()
    for (const dir of tmp) await rm(dir, { recursive: true, force: true })
  })

  it('1. shows the same timeline and entry contents offline after a reload, from the local database', async () => {
    await page.goto(`${server.url}/`)
    await waitReady(page, 2)
    await page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.serviceWorker?.ready)
    timelineIds = await page.evaluate(() => __brook.timeline({ view: 0 }, true))
    expect(timelineIds).toHaveLength(FEED_A_ENTRIES + FEED_B_ENTRIES)
    // Bodies arrive through the entry-content stream shortly after the page.
    await page.waitForFunction((ids) => __brook.entries(ids).every((e) => e?.content), timelineIds, { timeout: 30_000, polling: 250 })
    const online = await page.evaluate((ids) => __brook.entries(ids), timelineIds)
    feedAIds = online.filter((e) => e!.feedId === feedA).map((e) => e!.id)
    await screenshot(page, 'offline-01-online-timeline')

    await context.setOffline(true)
    // The session is asked again at start; offline, the request fails and so does its one retry.
    const failedSessionAsks: number[] = []
    const onFailed = (request: Request) => void (request.url().includes('/api/auth/get-session') && failedSessionAsks.push(Date.now()))
    context.on('requestfailed', onFailed)
    await page.reload()
    await waitReady(page, 2)
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.onLine)).toBe(false)
    const offlineIds = await page.evaluate(() => __brook.timeline({ view: 0 }))
    expect(offlineIds).toEqual(timelineIds)
    const first = await page.evaluate((id) => __brook.entry(id), timelineIds[0])
    expect(first?.content).toBe(online[0]!.content)
    expect(first?.title).toBe(online[0]!.title)
    expect(await page.evaluate(() => __brook.status().storage)).toBe('opfs')
    await screenshot(page, 'offline-02-offline-after-reload')
    // Wait for the query cache to be saved after the failed retry: the next offline start (test 2)
    // must still know who is signed in, from the last successful answer.
    await until(async () => failedSessionAsks.length >= 2, 'the session refetch and its retry to fail')
    context.off('requestfailed', onFailed)
    await page.waitForFunction(
      (after) => {
        const raw = Object.entries(localStorage).find(([key]) => key.endsWith('query-cache'))?.[1]
        return !!raw && JSON.parse(raw).timestamp > after
      },
      failedSessionAsks[1]!,
      { timeout: 30_000, polling: 250 },
    )
  })

  it('2. queues writes offline, keeps them across a reload, and sends each exactly once when online', async () => {
    const toRead = feedAIds.slice(0, 5)
    const toStar = feedAIds[5]
    await page.evaluate(
      async ({ toRead, toStar, feedB }) => {
        const a = __brook.actions
        await a.markRead(toRead)
        await a.star(toStar, 0)
        await a.unsubscribe(`feed/${feedB}`)
        await a.renameCategory(0, 'News', 'Daily')
      },
      { toRead, toStar, feedB },
    )
    expect(await page.evaluate(() => __brook.outboxSize())).toBe(4)

    // A reload while still offline: everything is still there, from the local database.
    await page.reload()
    await waitReady(page, 1)
    const kept = await page.evaluate(
      async ({ toRead, toStar }) => ({
        outbox: await __brook.outboxSize(),
        read: (await __brook.localDb.all(`SELECT id FROM entries WHERE read = 1 AND id IN (${toRead.map(() => '?').join(',')})`, toRead)).length,
        starred: __brook.starred().includes(toStar),
        subscriptions: __brook.subscriptions().map((s) => ({ feedId: s.feedId, category: s.category })),
      }),
      { toRead, toStar },
    )
    expect(kept).toEqual({ outbox: 4, read: 5, starred: true, subscriptions: [{ feedId: feedA, category: 'Daily' }] })
    expect(sentKeys.size).toBe(0)
    await screenshot(page, 'offline-03-writes-kept-offline')

    await context.setOffline(false)
    await waitOutboxEmpty(page)

    // The server now holds exactly what the client shows.
    const reads = serverRows<{ entryId: string }>('SELECT entryId FROM entry_reads WHERE userId = ? ORDER BY entryId', userId).map((r) => r.entryId)
    expect(reads).toEqual([...toRead].sort())
    expect(serverRows<{ entryId: string }>('SELECT entryId FROM collections WHERE userId = ?', userId).map((r) => r.entryId)).toEqual([toStar])
    expect(serverRows<{ feedId: string; category: string }>('SELECT feedId, category FROM subscriptions WHERE userId = ?', userId)).toEqual([{ feedId: feedA, category: 'Daily' }])
    // Each write arrived once: four keys on the server, each sent once by the browser.
    const keys = serverRows<{ key: string; state: string }>('SELECT key, state FROM idempotency_keys WHERE userId = ?', userId)
    expect(keys).toHaveLength(4)
    expect(keys.every((k) => k.state === 'done')).toBe(true)
    expect([...sentKeys.values()]).toEqual([1, 1, 1, 1])
    expect(new Set(keys.map((k) => k.key))).toEqual(new Set(sentKeys.keys()))
    const unread = await page.evaluate(() => __brook.unread())
    expect(unread[feedA]).toBe(FEED_A_ENTRIES - 5)
    await screenshot(page, 'offline-04-synced-after-reconnect')
  })

  it('3. rolls back a write the server refuses and shows the error toast', async () => {
    const doomed = feedAIds[6]
    const db = serverDb({ write: true })
    try {
      db.prepare('DELETE FROM entries WHERE id = ?').run(doomed)
    } finally {
      db.close()
    }
    await page.evaluate((id) => __brook.actions.star(id, 0), doomed)
    await page.getByText('Entry not found').first().waitFor({ timeout: 15_000 })
    await waitOutboxEmpty(page)
    const state = await page.evaluate(
      async (id) => ({ starred: __brook.starred().includes(id), local: (await __brook.localDb.all('SELECT entryId FROM collections WHERE entryId = ?', [id])).length }),
      doomed,
    )
    expect(state).toEqual({ starred: false, local: 0 })
    expect(serverRows('SELECT entryId FROM collections WHERE userId = ? AND entryId = ?', userId, doomed)).toHaveLength(0)
    await page.waitForTimeout(400) // the toast's entrance animation
    await screenshot(page, 'offline-05-refused-write-rolled-back')
  })

  it('4. two tabs: a read in one shows in the other after its next sync, with no duplicate sends', async () => {
    const second = await context.newPage()
    await second.goto(`${server.url}/`)
    await waitReady(second, 1)
    const target = feedAIds[7]
    expect((await second.evaluate((id) => __brook.entry(id), target))?.read).toBe(false)

    await page.evaluate((id) => __brook.actions.markRead([id]), target)
    // The other tab hears of the local change at once (BroadcastChannel)…
    await until(async () => (await second.evaluate((id) => __brook.entries([id])[0]?.read, target)) === true, 'the second tab to see the read')
    await waitOutboxEmpty(page)
    // …and its next sync with the server agrees.
    await second.evaluate(() => __brook.refresh())
    await second.evaluate(() => __brook.timeline({ view: 0 }, true))
    expect((await second.evaluate((id) => __brook.entries([id])[0], target))?.read).toBe(true)

    // Both tabs wake up on reconnect; the outbox lock lets one of them send each row, once.
    const before = sentKeys.size
    await context.setOffline(true)
    const more = feedAIds.slice(8, 10)
    await page.evaluate((ids) => __brook.actions.markRead([ids[0]]), more)
    await second.evaluate((ids) => __brook.actions.markRead([ids[1]]), more)
    await context.setOffline(false)
    await waitOutboxEmpty(page)
    await waitOutboxEmpty(second)
    await page.waitForTimeout(500)
    const newKeys = [...sentKeys.entries()].slice(before)
    expect(newKeys).toHaveLength(2)
    expect(newKeys.every(([, n]) => n === 1)).toBe(true)
    const reads = serverRows<{ entryId: string }>('SELECT entryId FROM entry_reads WHERE userId = ?', userId).map((r) => r.entryId)
    for (const id of [target, ...more]) expect(reads).toContain(id)
    await screenshot(second, 'offline-06-second-tab-after-sync')
    await second.close()
  })

  it('5. a failed migration deletes and rebuilds the local database', async () => {
    // A migration record this build does not know: "Missing migration", then delete and rebuild.
    await page.evaluate(() => __brook.localDb.write("INSERT INTO __brook_migrations (tag, appliedAt) VALUES ('9999_from_the_future', 'x')"))
    await page.reload()
    await waitReady(page, 1)
    const after = await page.evaluate(async () => ({
      rebuilt: __brook.status().rebuilt,
      tags: (await __brook.localDb.all('SELECT tag FROM __brook_migrations ORDER BY id')).map((r) => r.tag),
    }))
    expect(after.rebuilt).toBe(true)
    expect(after.tags).not.toContain('9999_from_the_future')
    expect(after.tags[0]).toBe('0000_init')
    // The rebuilt database fills again from the server.
    expect((await page.evaluate(() => __brook.timeline({ view: 0 }, true))).length).toBeGreaterThan(0)

    // A corrupted file: garbage where the database was (written while no tab holds it).
    await page.goto(`${server.url}/favicon.svg`)
    await page.evaluate(async () => {
      const root = await (globalThis as unknown as PageGlobals).navigator.storage.getDirectory()
      const file = await root.getFileHandle('WA_SQLITE', { create: true })
      const writable = await file.createWritable()
      await writable.write(new Uint8Array(8192).fill(0x5a))
      await writable.close()
    })
    await page.goto(`${server.url}/`)
    await waitReady(page, 1)
    expect(await page.evaluate(() => __brook.status().rebuilt)).toBe(true)
    expect((await page.evaluate(() => __brook.timeline({ view: 0 }, true))).length).toBeGreaterThan(0)
    await screenshot(page, 'offline-07-rebuilt-database')
  })

  it('6. exports the local database as a .db file that node:sqlite opens', async () => {
    await page.evaluate((ids) => Promise.all(ids.map((id) => __brook.entry(id))), feedAIds.slice(0, 3))
    const [download] = await Promise.all([page.waitForEvent('download'), page.evaluate(() => __brook.actions.exportLocalDatabase())])
    expect(download.suggestedFilename()).toMatch(/^brook-\d{4}-\d{2}-\d{2}\.db$/)
    const dir = await mkdtemp(path.join(os.tmpdir(), 'brook-export-'))
    tmp.push(dir)
    const file = path.join(dir, download.suggestedFilename())
    await download.saveAs(file)
    const db = new DatabaseSync(file, { readOnly: true })
    try {
      const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name)
      expect(tables).toEqual(expect.arrayContaining(['entries', 'subscriptions', 'feeds', 'unread', 'collections', 'outbox', 'kv']))
      const subs = db.prepare('SELECT feedId, category FROM subscriptions').all()
      expect(subs).toEqual([{ feedId: feedA, category: 'Daily' }])
      const entries = db.prepare('SELECT count(*) AS n FROM entries WHERE feedId = ?').get(feedA) as { n: number }
      expect(entries.n).toBeGreaterThan(0)
      expect((db.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check).toBe('ok')
    } finally {
      db.close()
    }
    await screenshot(page, 'offline-08-after-export')
  })

  it('Reset Local Database deletes the local database and every brook: key, then starts again at /', async () => {
    await page.evaluate(() => __brook.localDb.write("INSERT OR REPLACE INTO kv (key, value) VALUES ('marker', '1')"))
    await page.evaluate(() => localStorage.setItem('brook:marker', '1'))
    await Promise.all([page.waitForURL(/\/timeline\//), page.evaluate(() => void __brook.actions.resetLocalDatabase())])
    await waitReady(page, 1)
    const after = await page.evaluate(async () => ({ kv: await __brook.localDb.all("SELECT value FROM kv WHERE key = 'marker'"), marker: localStorage.getItem('brook:marker') }))
    expect(after).toEqual({ kv: [], marker: null })
    await screenshot(page, 'offline-09-after-reset')
  })
})
