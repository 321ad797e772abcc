/**
 * bench/web (issue 6): the reading screens in headless Chromium over loopback, against a real
 * Brook server whose database holds 1,000 feeds × 10 entries (10,000 entries) that one user
 * follows (1,000 subscriptions).
 *
 * 1. First-route JavaScript: every script the browser loads for `/` (→ the Articles timeline)
 *    until the first entry is painted and the network is quiet, gzip-compressed here (level 9,
 *    as a CDN would). The SQLite worker and its WebAssembly (issue 5's local database) are
 *    reported apart. Target < 250 KB for the page's own scripts.
 * 2. Time from navigation to the first timeline entry painted: a fresh browser profile (empty
 *    local database, so from the network) and a reload (the local database answers first).
 *    Target < 1 s.
 * 3. Scrolling 10,000 entries: the timeline is paged down (infinite scroll, 50 a page) until all
 *    10,000 are in the list, then scrolled top to bottom in 30 s (a steady fling of tens of
 *    thousands of px/s) while every frame is timed. Frames over 16.7 ms (target < 1 %) and the DOM node count (flat) are reported.
 *
 * Usage: npm run bench -- web [runs=5] [feeds=1000] [perFeed=10] [seconds=30]
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import type { BrowserContext, Page } from 'playwright-core'
import { openDatabase } from '../apps/server/src/db/openDatabase.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import { insertEntries, insertFeed } from '../apps/server/src/test/factories.ts'
import { launchBrowser } from '../e2e/support/browser.ts'
import { startServer } from '../e2e/support/server.ts'

// Browser globals used inside page callbacks (this project compiles bench/ without DOM types).
declare const document: any
declare const requestAnimationFrame: (callback: (now: number) => void) => number
declare const MutationObserver: any

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]))
const RUNS = Number(args.runs ?? 5)
const FEEDS = Number(args.feeds ?? 1000)
const PER_FEED = Number(args.perFeed ?? 10)
const TOTAL = FEEDS * PER_FEED
const TARGET_JS_KB = 250
const TARGET_PAINT_MS = 1000
const TARGET_LONG_FRAMES = 0.01
const FRAME_BUDGET_MS = 1000 / 60 + 0.5
const SCROLL_SECONDS = Number(args.seconds ?? 30)

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const log = (...a: unknown[]) => console.log(...a)

/** Marks the frame in which the first timeline entry is on screen (before any app code runs). */
const PAINT_PROBE = () => {
  const seen = () => document.querySelector('[data-testid="entry-item"]')
  const mark = () => requestAnimationFrame(() => requestAnimationFrame(() => performance.mark('bench:first-entry-painted')))
  const observer = new MutationObserver(() => {
    if (seen()) {
      observer.disconnect()
      mark()
    }
  })
  document.addEventListener('DOMContentLoaded', () => observer.observe(document.body, { childList: true, subtree: true }))
}

async function seedServerDatabase(dir: string): Promise<void> {
  const database = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'brook.db') })
  try {
    await migrateToLatest(database.db)
    const started = performance.now()
    for (let f = 0; f < FEEDS; f++) {
      const feedId = await insertFeed(database.db, { title: `Bench feed ${String(f).padStart(4, '0')}`, description: 'A feed for the web bench' })
      await insertEntries(database.db, feedId, PER_FEED, {
        newest: new Date(Date.now() - f * 37_000),
        stepMs: 3_600_000 + f * 1000,
        guidPrefix: `w${f}`,
        content: `<p>${'A paragraph of the entry body, as feeds carry it. '.repeat(10)}</p>`,
      })
    }
    log(`seeded ${FEEDS} feeds and ${TOTAL} entries in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  } finally {
    await database.close()
  }
}

async function firstEntryPaint(page: Page): Promise<number> {
  await page.waitForFunction(() => performance.getEntriesByName('bench:first-entry-painted').length > 0, undefined, { timeout: 60_000 })
  return page.evaluate(() => performance.getEntriesByName('bench:first-entry-painted')[0].startTime)
}

async function newContext(browser: Awaited<ReturnType<typeof launchBrowser>>, cookies: Parameters<BrowserContext['addCookies']>[0]): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', serviceWorkers: 'block' })
  await context.addCookies(cookies)
  await context.addInitScript(PAINT_PROBE)
  return context
}

async function main() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'brook-bench-web-'))
  await seedServerDatabase(dir)
  const server = await startServer({ DATA_DIR: dir, AUTH_RATE_LIMIT: 'false', RATE_LIMIT: 'false', SUBSCRIPTION_LIMIT: String(FEEDS + 10), LOG_LEVEL: 'error' })
  const browser = await launchBrowser()
  try {
    // One user following every feed, with read marking by scroll/hover off (the scroll run
    // must not send thousands of reads) and unread-only on (the default).
    const setupContext = await browser.newContext()
    const setup = await setupContext.newPage()
    await setup.goto(`${server.url}/favicon.svg`)
    const subscribed = await setup.evaluate(async ({ feeds }) => {
      const post = (url: string, method: string, body: unknown) => fetch(url, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      await post('/api/auth/sign-up/email', 'POST', { email: `bench+${Date.now()}@example.com`, password: 'correct horse battery', name: 'Bench' })
      let ok = 0
      const queue = [...feeds]
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          for (let f = queue.shift(); f !== undefined; f = queue.shift()) if ((await post('/api/subscriptions', 'POST', { feedId: f, view: 0 })).ok) ok++
        }),
      )
      await post('/api/settings/general', 'PATCH', { scrollMarkUnread: false, hoverMarkUnread: false })
      return ok
    }, { feeds: await feedIds(dir) })
    log(`subscribed to ${subscribed} feeds`)
    const cookies = await setupContext.cookies()
    await setupContext.close()

    // 1 + 2a. Fresh profiles: scripts loaded and the first entry painted from the network.
    const coldPaint: number[] = []
    const coldMarks: Record<string, number>[] = []
    const coldRequests: Record<string, [number, number]>[] = []
    let scripts: { url: string; gzip: number; raw: number }[] = []
    for (let run = 0; run < RUNS; run++) {
      const context = await newContext(browser, cookies)
      const page = await context.newPage()
      const loaded: { url: string; body: Promise<Buffer | null> }[] = []
      page.on('response', (response) => {
        const type = response.request().resourceType()
        if (type === 'script' || response.url().endsWith('.js')) loaded.push({ url: response.url(), body: response.body().catch(() => null) })
      })
      await page.goto(`${server.url}/`)
      coldPaint.push(await firstEntryPaint(page))
      coldMarks.push(await page.evaluate(() => Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]))))
      await page.waitForLoadState('networkidle')
      // The waterfall up to the first paint: when each API request (and the last script) started and ended.
      coldRequests.push(
        await page.evaluate((painted) => {
          const out: Record<string, [number, number]> = {}
          for (const r of performance.getEntriesByType('resource') as unknown as { name: string; startTime: number; responseEnd: number; initiatorType: string }[]) {
            if (r.startTime > painted) continue
            const url = new URL(r.name)
            const name = url.pathname.startsWith('/api/') ? url.pathname : r.initiatorType === 'script' || url.pathname.endsWith('.js') ? 'scripts (last)' : null
            if (!name) continue
            if (name === 'scripts (last)' && out[name] && out[name][1] > r.responseEnd) continue
            if (!out[name] || name === 'scripts (last)') out[name] = [r.startTime, r.responseEnd]
          }
          return out
        }, coldPaint[coldPaint.length - 1]),
      )
      if (run === 0) {
        scripts = []
        for (const s of loaded) {
          const body = await s.body
          if (body) scripts.push({ url: new URL(s.url).pathname, raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length })
        }
      }
      await context.close()
    }

    // 2b. Reloads: the local database answers first.
    const context = await newContext(browser, cookies)
    const page = await context.newPage()
    await page.goto(`${server.url}/`)
    await firstEntryPaint(page)
    await page.waitForLoadState('networkidle')
    const warmPaint: number[] = []
    for (let run = 0; run < RUNS; run++) {
      await page.reload()
      warmPaint.push(await firstEntryPaint(page))
      await page.waitForLoadState('networkidle')
    }

    // 3. Page the timeline down to all 10,000 entries, then scroll it top to bottom, timing frames.
    // First the server's page 1 must be in: a reload shows the local rows first, and paging those
    // would end where the local database ends.
    await page.waitForFunction(() => (globalThis as any).__brook?.timelineState({ view: 0, unreadOnly: true }).source === 'server', undefined, { timeout: 60_000 })
    const loadStart = performance.now()
    await page.evaluate(async (total) => {
      const list = (document.querySelector('[data-testid="entry-list"]') as { scrollTop: number; scrollHeight: number; clientHeight: number })
      const count = () => document.querySelectorAll('[data-testid="entry-item"]').length
      let last = -1
      let still = 0
      for (;;) {
        list.scrollTop = list.scrollHeight
        await new Promise((r) => setTimeout(r, 60))
        const height = list.scrollHeight
        if (height === last) {
          still++
          if (still > 60) break
        } else still = 0
        last = height
        if (count() > 0 && document.body.innerText.includes('You are all caught up')) break
        void total
      }
    }, TOTAL)
    const loadedIds = await page.evaluate(() => Number(document.querySelector('[data-testid="entry-list"]')?.getAttribute('data-count') ?? -1))
    log(`paged the timeline down in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`)

    const scroll = await page.evaluate(
      async ({ seconds, budget }) => {
        const list = (document.querySelector('[data-testid="entry-list"]') as { scrollTop: number; scrollHeight: number; clientHeight: number })
        list.scrollTop = 0
        await new Promise((r) => setTimeout(r, 300))
        const nodes: number[] = []
        const frames: number[] = []
        const end = list.scrollHeight - list.clientHeight
        const pxPerS = end / seconds
        const started = performance.now()
        let previous = started
        let sampled = 0
        await new Promise<void>((resolve) => {
          const step = (now: number) => {
            frames.push(now - previous)
            previous = now
            // Row heights are measured as they appear, so the end may move; follow it.
            const endNow = list.scrollHeight - list.clientHeight
            list.scrollTop = Math.min(endNow, ((now - started) / 1000) * pxPerS)
            if (now - sampled > 500) {
              sampled = now
              nodes.push(document.getElementsByTagName('*').length)
            }
            if (list.scrollTop >= list.scrollHeight - list.clientHeight - 1 || now - started > seconds * 2000) resolve()
            else requestAnimationFrame(step)
          }
          requestAnimationFrame(step)
        })
        frames.shift()
        const items = document.querySelectorAll('[data-testid="entry-item"]').length
        return { frames: frames.length, long: frames.filter((f) => f > budget).length, worst: Math.max(...frames), seconds: (performance.now() - started) / 1000, nodes, itemsMounted: items, height: end, pxPerS }
      },
      { seconds: SCROLL_SECONDS, budget: FRAME_BUDGET_MS },
    )

    const cdp = args.profile ? await context.newCDPSession(page) : null
    if (cdp) {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
      await cdp.send('Profiler.start')
    }
    const steady = await page.evaluate(
      async ({ pxPerS, seconds, budget }) => {
        const list = document.querySelector('[data-testid="entry-list"]') as { scrollTop: number; scrollHeight: number; clientHeight: number }
        list.scrollTop = 0
        await new Promise((r) => setTimeout(r, 300))
        const frames: number[] = []
        const started = performance.now()
        let previous = started
        await new Promise<void>((resolve) => {
          const step = (now: number) => {
            frames.push(now - previous)
            previous = now
            list.scrollTop = ((now - started) / 1000) * pxPerS
            if (now - started > seconds * 1000) resolve()
            else requestAnimationFrame(step)
          }
          requestAnimationFrame(step)
        })
        frames.shift()
        return { frames: frames.length, long: frames.filter((f) => f > budget).length, worst: Math.max(...frames) }
      },
      { pxPerS: 4000, seconds: 15, budget: FRAME_BUDGET_MS },
    )

    if (cdp) await printProfile((await cdp.send('Profiler.stop')).profile as Parameters<typeof printProfile>[0], server.url)

    const own = scripts.filter((s) => !s.url.includes('sqlite.worker'))
    const worker = scripts.filter((s) => s.url.includes('sqlite.worker'))
    const ownGzip = own.reduce((n, s) => n + s.gzip, 0)
    log(`\nweb: ${FEEDS} subscriptions, ${TOTAL} entries, headless Chromium over loopback`)
    log(`  first-route JavaScript (gzip -9): ${kb(ownGzip)} in ${own.length} files (raw ${kb(own.reduce((n, s) => n + s.raw, 0))}) (target < ${TARGET_JS_KB} KB) ${ownGzip / 1024 < TARGET_JS_KB ? 'OK' : 'OVER'}`)
    for (const s of own.sort((a, b) => b.gzip - a.gzip)) log(`    ${kb(s.gzip).padStart(9)}  ${s.url}`)
    if (worker.length) log(`  local-database worker (issue 5), loaded beside the page: ${kb(worker.reduce((n, s) => n + s.gzip, 0))} gzip (plus its WebAssembly)`)
    log(`  first timeline entry painted, ${RUNS} runs each:`)
    log(`    fresh profile (network): median ${median(coldPaint).toFixed(0)} ms [${coldPaint.map((n) => n.toFixed(0)).join(', ')}] (target < ${TARGET_PAINT_MS} ms) ${median(coldPaint) < TARGET_PAINT_MS ? 'OK' : 'OVER'}`)
    const names = [...new Set(coldMarks.flatMap((m) => Object.keys(m)))].filter((n) => n !== 'bench:first-entry-painted')
    if (names.length) log(`      on the way (medians): ${names.map((n) => `${n} ${median(coldMarks.map((m) => m[n] ?? NaN)).toFixed(0)} ms`).join(' · ')}`)
    const requests = [...new Set(coldRequests.flatMap((r) => Object.keys(r)))]
    for (const name of requests) {
      const runs = coldRequests.map((r) => r[name]).filter(Boolean)
      log(`      ${name}: ${median(runs.map((r) => r[0])).toFixed(0)} → ${median(runs.map((r) => r[1])).toFixed(0)} ms (${runs.length} of ${RUNS} runs before the paint)`)
    }
    log(`    reload (local database first): median ${median(warmPaint).toFixed(0)} ms [${warmPaint.map((n) => n.toFixed(0)).join(', ')}]`)
    log(`  scrolling ${loadedIds} entries top to bottom (${scroll.height.toFixed(0)} px in ${scroll.seconds.toFixed(1)} s, ${scroll.pxPerS.toFixed(0)} px/s, ${scroll.frames} frames):`)
    const share = scroll.long / Math.max(1, scroll.frames)
    log(`    frames over 16.7 ms: ${scroll.long} (${(share * 100).toFixed(2)} %, target < ${TARGET_LONG_FRAMES * 100} %) ${share < TARGET_LONG_FRAMES ? 'OK' : 'OVER'}; worst ${scroll.worst.toFixed(1)} ms`)
    log(`    a steady 4,000 px/s for 15 s: ${steady.long} of ${steady.frames} frames over 16.7 ms (${((steady.long / Math.max(1, steady.frames)) * 100).toFixed(2)} %); worst ${steady.worst.toFixed(1)} ms`)
    log(`    DOM nodes while scrolling: min ${Math.min(...scroll.nodes)}, max ${Math.max(...scroll.nodes)} (${scroll.nodes.length} samples); entry rows mounted at the end: ${scroll.itemsMounted}`)
    if (ownGzip / 1024 >= TARGET_JS_KB || median(coldPaint) >= TARGET_PAINT_MS || share >= TARGET_LONG_FRAMES) process.exitCode = 1
  } finally {
    await browser.close()
    await server.stop()
    await fs.rm(dir, { recursive: true, force: true })
  }
}

/** Prints the functions with the most self time in a CPU profile, mapped to sources through the build's source maps. */
async function printProfile(profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[]; samples: number[]; timeDeltas: number[] }, origin: string) {
  const { SourceMap } = await import('node:module')
  const maps = new Map<string, InstanceType<typeof SourceMap> | null>()
  const mapOf = async (url: string) => {
    if (!maps.has(url)) {
      try {
        const res = await fetch(`${url}.map`)
        maps.set(url, res.ok ? new SourceMap((await res.json()) as ConstructorParameters<typeof SourceMap>[0]) : null)
      } catch {
        maps.set(url, null)
      }
    }
    return maps.get(url) ?? null
  }
  const self = new Map<number, number>()
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)))
  const byName = new Map<string, number>()
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0
    if (!us) continue
    const f = node.callFrame
    let name = `${f.functionName || '(anonymous)'} ${f.url.replace(origin, '')}:${f.lineNumber + 1}`
    if (f.url.startsWith(origin) && f.url.endsWith('.js')) {
      const entry = (await mapOf(f.url))?.findEntry(f.lineNumber, f.columnNumber) as { originalSource?: string; originalLine?: number; name?: string } | undefined
      if (entry?.originalSource) name = `${entry.name ?? f.functionName ?? ''} ${entry.originalSource.replace(/.*node_modules\//, '').replace(/.*src\//, 'src/')}:${(entry.originalLine ?? 0) + 1}`
    } else if (!f.url) name = f.functionName || '(native)'
    byName.set(name, (byName.get(name) ?? 0) + us)
  }
  const total = [...byName.values()].reduce((a, b) => a + b, 0)
  log(`  CPU profile of the steady scroll (self time, top 25 of ${(total / 1000).toFixed(0)} ms):`)
  for (const [name, us] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 25)) log(`    ${(us / 1000).toFixed(1).padStart(8)} ms  ${name}`)
  void origin
}

/** The feeds the factories stored. */
async function feedIds(dir: string): Promise<string[]> {
  const { DatabaseSync } = await import('node:sqlite')
  const db = new DatabaseSync(path.join(dir, 'brook.db'), { readOnly: true })
  try {
    return (db.prepare('SELECT id FROM feeds ORDER BY title').all() as { id: string }[]).map((r) => r.id)
  } finally {
    db.close()
  }
}

await main()
