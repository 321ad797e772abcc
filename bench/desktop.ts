/**
 * bench/desktop (issue 13): the desktop app's cold launch under Xvfb + openbox — `apps/desktop`
 * started as `npm run desktop` starts it, with its embedded server on a database of 1,000 feeds ×
 * 10 entries that the user follows (1,000 subscriptions) — timed from spawning the command to the
 * first timeline entry on screen in the window (target < 2 s), and the memory of the shell with its
 * in-process server and of the window (every process of the browser), as PSS so the browser's
 * shared pages are not counted once per process.
 *
 * The first launch signs up, subscribes to every feed and opens the timeline once (the window's
 * offline store and service worker are then filled, as for a user who used the app before); each
 * of the `runs` launches after it is cold for the process (new shell, new server, new browser).
 * The time is seen from outside through the DevTools port (a 50 ms poll), so it is an upper bound.
 *
 * `profile=<file>`: after the runs, one more launch whose window is reloaded under the DevTools
 * CPU profiler until the first entry shows (a warm reload: the web app's start, hydration and first
 * render at this scale); the profile is written to <file> and its heaviest functions printed.
 *
 * Usage: npm run bench -- desktop [runs=3] [feeds=1000] [perFeed=10] [profile=/tmp/desktop.cpuprofile]
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { chromium, type Browser, type Page } from 'playwright-core'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import { openDatabase } from '../apps/server/src/db/openDatabase.ts'
import { insertEntries, insertFeed } from '../apps/server/src/test/factories.ts'
import { startDisplay, windowsTitled, type Display } from '../e2e/support/desktop.ts'
import { ensureWebBuild, repoRoot } from '../e2e/support/server.ts'

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]))
const RUNS = Number(args.runs ?? 3)
const FEEDS = Number(args.feeds ?? 1000)
const PER_FEED = Number(args.perFeed ?? 10)
const TARGET_MS = 2000
const log = (...a: unknown[]) => console.log(...a)
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`

async function seed(serverDir: string): Promise<string[]> {
  fs.mkdirSync(serverDir, { recursive: true })
  const database = openDatabase({ dialect: 'sqlite', file: path.join(serverDir, 'brook.db') })
  const ids: string[] = []
  try {
    await migrateToLatest(database.db)
    for (let f = 0; f < FEEDS; f++) {
      const feedId = await insertFeed(database.db, { title: `Bench feed ${String(f).padStart(4, '0')}`, description: 'A feed for the desktop bench' })
      await insertEntries(database.db, feedId, PER_FEED, { newest: new Date(Date.now() - f * 37_000), stepMs: 3_600_000 + f * 1000, guidPrefix: `d${f}`, content: `<p>${'A paragraph of the entry body. '.repeat(10)}</p>` })
      ids.push(feedId)
    }
  } finally {
    await database.close()
  }
  return ids
}

interface Launch {
  child: ChildProcess
  exited: Promise<number | null>
  /** Date.now() when the command was spawned. */
  spawnedAt: number
  /** The shell's start-up steps (BROOK_DESKTOP_TRACE): name → ms since the shell's process started. */
  phases: Map<string, number>
}

function launch(display: Display, dataDir: string): Launch {
  const spawnedAt = Date.now()
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/desktop/src/main.ts'), '--data-dir', dataDir], {
    cwd: repoRoot,
    env: { ...process.env, DISPLAY: display.name, LOG_LEVEL: 'error', AUTH_RATE_LIMIT: 'false', RATE_LIMIT: 'false', SUBSCRIPTION_LIMIT: String(FEEDS + 10), BROOK_DESKTOP_TRACE: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const phases = new Map<string, number>()
  let pending = ''
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString()
    const lines = pending.split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) {
      const m = /trace (\S+) (\d+) ms/.exec(line)
      if (m) phases.set(m[1], Number(m[2]))
    }
  })
  return { child, spawnedAt, phases, exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) }
}

/** What the window's page says of its own start: ms since the command was spawned. */
async function pagePhases(page: Page, spawnedAt: number): Promise<Record<string, number>> {
  const raw = await page.evaluate(() => {
    // The page's Performance API (this file is typed without the DOM library).
    type Entry = { name: string; startTime: number; responseEnd: number; domContentLoadedEventEnd: number }
    const perf = performance as unknown as { timeOrigin: number; getEntriesByType(type: string): Entry[] }
    const out: Record<string, number> = {}
    for (const e of perf.getEntriesByType('paint')) out[e.name] = e.startTime
    for (const e of perf.getEntriesByType('mark')) if (e.name.startsWith('brook:')) out[e.name.slice(6)] = e.startTime
    const nav = perf.getEntriesByType('navigation')[0]
    if (nav) {
      out['html-received'] = nav.responseEnd
      out['dom-content-loaded'] = nav.domContentLoadedEventEnd
    }
    for (const r of perf.getEntriesByType('resource')) {
      const url = new URL(r.name)
      if (url.pathname.startsWith('/api/')) {
        const key = `api ${url.pathname}${url.search.length > 40 ? url.search.slice(0, 40) + '…' : url.search}`
        if (!(key in out)) out[key] = r.responseEnd
      } else if (/\.js$/.test(url.pathname) && !('first-script-loaded' in out)) out['first-script-loaded'] = r.responseEnd
    }
    return { origin: perf.timeOrigin, out }
  })
  const shift = raw.origin - spawnedAt
  return Object.fromEntries(Object.entries(raw.out).map(([k, v]) => [k, Math.round(v + shift)]))
}

async function connect(dataDir: string): Promise<{ browser: Browser; page: Page }> {
  const file = path.join(dataDir, 'browser/DevToolsActivePort')
  for (;;) {
    try {
      const [port] = fs.readFileSync(file, 'utf8').split('\n')
      if (port) {
        const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port.trim()}`)
        for (;;) {
          const page = browser.contexts().flatMap((c) => c.pages())[0]
          if (page) return { browser, page }
          await sleep(20)
        }
      }
    } catch {}
    await sleep(20)
  }
}

async function entryOnScreen(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="entry-item-title"]', { state: 'visible', timeout: 120_000, strict: false })
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]
  samples: number[]
  timeDeltas: number[]
}

/** The 25 functions with the most self time in a CPU profile, and the total. */
function heaviest(profile: CpuProfile): string {
  const self = new Map<number, number>()
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + profile.timeDeltas[i]))
  const byFunction = new Map<string, number>()
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame
    const key = `${functionName || '(anonymous)'} ${url.replace(/^.*\/assets\//, '')}:${lineNumber}`
    byFunction.set(key, (byFunction.get(key) ?? 0) + (self.get(node.id) ?? 0) / 1000)
  }
  const total = [...byFunction.values()].reduce((a, b) => a + b, 0)
  return [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `  ${v.toFixed(0).padStart(6)} ms  ${k}`).join('\n') + `\n  total ${total.toFixed(0)} ms`
}

/** Proportional set size of a process (kB), from /proc; 0 when it is gone. */
function pss(pid: number): number {
  try {
    return Number(/^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0)
  } catch {
    return 0
  }
}

/** The pids below `root` (children, grandchildren…). */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>()
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const ppid = Number(fs.readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ')[1])
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)])
    } catch {}
  }
  const out: number[] = []
  const walk = (pid: number) => {
    for (const c of children.get(pid) ?? []) {
      out.push(c)
      walk(c)
    }
  }
  walk(root)
  return out
}

async function close(display: Display, run: Launch, browser: Browser): Promise<void> {
  await browser.close().catch(() => {})
  display.run('/usr/bin/wmctrl', ['-c', 'Brook'])
  const code = await run.exited
  if (code !== 0) throw new Error(`brook-desktop exited with ${code}`)
}

async function main() {
  ensureWebBuild()
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'brook-bench-desktop-'))
  const display = await startDisplay()
  try {
    const started = performance.now()
    const feedIds = await seed(path.join(dataDir, 'server'))
    log(`seeded ${FEEDS} feeds × ${PER_FEED} entries in ${((performance.now() - started) / 1000).toFixed(1)} s; load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores`)

    // The first launch: sign up, follow every feed, open the timeline once.
    const first = launch(display, dataDir)
    const { browser, page } = await connect(dataDir)
    await page.getByRole('button', { name: 'Create an account' }).click()
    await page.getByLabel('Name').fill('Bench')
    await page.getByLabel('E-mail').fill(`bench+${Date.now()}@example.com`)
    await page.getByLabel('Password').fill('correct horse battery')
    await page.getByRole('button', { name: 'Create account', exact: true }).click()
    await page.getByTestId('sidebar').waitFor()
    const subscribed = await page.evaluate(async (feeds) => {
      const call = (url: string, method: string, body: unknown) => fetch(url, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      let ok = 0
      const queue = [...feeds]
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          for (let f = queue.shift(); f !== undefined; f = queue.shift()) if ((await call('/api/subscriptions', 'POST', { feedId: f, view: 0 })).ok) ok++
        }),
      )
      await (globalThis as unknown as { __brook: { refresh(): Promise<void>; timeline(t: unknown, force: boolean): Promise<unknown> } }).__brook.refresh()
      await (globalThis as unknown as { __brook: { timeline(t: unknown, force: boolean): Promise<unknown> } }).__brook.timeline({ view: 0 }, true)
      return ok
    }, feedIds)
    log(`subscribed to ${subscribed} feeds`)
    await entryOnScreen(page)
    await sleep(2000) // the throttled saves (query cache, local store) settle before the window closes
    await close(display, first, browser)

    const times: number[] = []
    const memory: { shell: number; window: number }[] = []
    for (let run = 0; run < RUNS; run++) {
      const t0 = performance.now()
      const current = launch(display, dataDir)
      const { browser: b, page: p } = await connect(dataDir)
      await entryOnScreen(p)
      times.push(performance.now() - t0)
      const timeline = [...[...current.phases].map(([k, v]) => [`shell ${k}`, v] as const), ...Object.entries(await pagePhases(p, current.spawnedAt)).map(([k, v]) => [`window ${k}`, v] as const), ['bench first entry seen', Math.round(times.at(-1)!)] as const].sort((a, b) => a[1] - b[1])
      log(`run ${run + 1} phases (ms since spawn):\n${timeline.map(([k, v]) => `  ${String(v).padStart(6)}  ${k}`).join('\n')}`)
      if (windowsTitled(display, 'Brook').length !== 1) throw new Error('expected one window titled Brook')
      await sleep(3000) // memory once the start's work (sync, housekeeping) is done
      const shellPid = current.child.pid!
      memory.push({ shell: pss(shellPid), window: descendants(shellPid).reduce((sum, pid) => sum + pss(pid), 0) })
      await close(display, current, b)
      log(`run ${run + 1}: first entry on screen ${times.at(-1)!.toFixed(0)} ms after the launch; shell + server ${mb(memory.at(-1)!.shell)}, window ${mb(memory.at(-1)!.window)}`)
    }
    if (args.profile) {
      const current = launch(display, dataDir)
      const { browser: b, page: p } = await connect(dataDir)
      await entryOnScreen(p)
      await sleep(3000)
      const session = await p.context().newCDPSession(p)
      await session.send('Profiler.enable')
      await session.send('Profiler.setSamplingInterval', { interval: 200 })
      await session.send('Profiler.start')
      await p.reload()
      await entryOnScreen(p)
      const { profile } = (await session.send('Profiler.stop')) as { profile: CpuProfile }
      fs.writeFileSync(args.profile, JSON.stringify(profile))
      log(`\nwindow reload profiled (${args.profile}); heaviest functions by self time:\n${heaviest(profile)}`)
      await close(display, current, b)
    }
    const ms = median(times)
    log(`\ncold launch to first entry on screen (median of ${RUNS}): ${ms.toFixed(0)} ms — target < ${TARGET_MS} ms: ${ms < TARGET_MS ? 'met' : 'NOT met'}`)
    const m = memory[memory.length - 1]
    log(`memory (PSS, last run): shell + embedded server ${mb(m.shell)}, window (browser processes) ${mb(m.window)}, total ${mb(m.shell + m.window)}`)
    log(`load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`)
  } finally {
    await display.stop()
    await fsp.rm(dataDir, { recursive: true, force: true })
  }
}

await main()
