/**
 * bench/api: the reading API under load. Seeds 1,000 feeds × 1,000 entries (1,000,000 entries)
 * through the feed engine's storage, starts Brook (`apps/server/src/main.ts`, the start script's
 * V8 flags) in its own process on that database, signs up one user who subscribes to all 1,000
 * feeds over HTTP and has read the older part of them, then drives loopback traffic with
 * autocannon, one route at a time:
 *
 *  - timeline: unread-only all-feeds pages (GET /api/entries?view=0&read=false), first pages and
 *    pages behind random cursors (`publishedAfter`);
 *  - timeline behind id cursors: the same pages behind `publishedAfter` + `beforeId`, the cursor the
 *    web app sends;
 *  - detail: GET /api/entries?id= of random entries;
 *  - mark read: POST /api/reads of one random entry;
 *  - unread counts: GET /api/reads.
 *
 * Each route runs twice with 100 connections: saturated (as fast as the server answers — its
 * throughput; latency there is queueing, about connections / throughput) and paced at a fixed
 * offered load (`rate`, default 200 requests/s in total: 100 clients asking twice a second,
 * at random moments), where latency is the server's own plus the little queueing random arrivals
 * cause. It prints requests/s, p50/p99 and errors of both, and the
 * same query run bare against the database in this process (its p50) with the ratio HTTP p50 /
 * bare p50, and the server process's CPU time per request in the saturated phase (from /proc:
 * the figure a busy shared machine does not distort). Target: timeline p99 under 15 ms and no errors at 100 connections on 2 cores with
 * SQLite (judged on the paced run; docs/reading-api.md says why).
 *
 * SQLite (a temp file) by default; PostgreSQL when DATABASE_URL is postgres:// (a fresh schema,
 * dropped after). Usage: `npm run bench -- api [feeds=1000] [entries=1000] [duration=10]
 * [connections=100] [rate=200] [keep=1] [reuse=FILE] [profile=DIR]` (keep=1 leaves the SQLite file
 * and prints its path; reuse=FILE measures again on such a kept file, without seeding, subscribing
 * and marking — the earlier runs' marks stay; profile=DIR runs the server with `--cpu-prof` and
 * writes its CPU profile to DIR when it stops). The machine load (os.loadavg, 1 minute) is
 * printed for the whole run and per route: the machine may be shared, and CPU per request is the
 * figure load distorts least (docs/performance.md).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import autocannon from 'autocannon'
import { Pool } from 'undici'
import { sql } from 'kysely'
import { openDatabase } from '../apps/server/src/db/openDatabase.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import { api, openBenchPlace, seedFeeds, startBrook, type Child, type Place } from './apiSeed.ts'
import { entriesRepo, type TimelineQuery } from '../apps/server/src/domains/entries/repo.ts'
import { readsRepo } from '../apps/server/src/domains/reads/repo.ts'
import { unreadRepo } from '../apps/server/src/domains/unread/repo.ts'
import { benchArgs } from './args.ts'

const args = benchArgs()
const FEEDS = Number(args.get('feeds') ?? 1000)
const ENTRIES_PER_FEED = Number(args.get('entries') ?? 1000)
const DURATION = Number(args.get('duration') ?? 10)
const CONNECTIONS = Number(args.get('connections') ?? 100)
const KEEP = args.get('keep') === '1'
const PROFILE_DIR = args.get('profile') ? path.resolve(args.get('profile') as string) : undefined
/** A brook.db kept by an earlier run (keep=1): measured again as it is. */
const REUSE = args.get('reuse') ? path.resolve(args.get('reuse') as string) : undefined
/** Offered load of the latency phase: 100 clients each asking a few times a second. */
const RATE = Number(args.get('rate') ?? 200)
const TARGET_P99_MS = 15
/** Pause between a saturated phase and the paced phase after it. */
const SETTLE_MS = 2000
const DATABASE_URL = process.env.DATABASE_URL && /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL) ? process.env.DATABASE_URL : undefined

function log(message: string): void {
  process.stderr.write(`[bench/api] ${message}\n`)
}

async function openPlace(): Promise<Place> {
  if (REUSE) {
    if (path.basename(REUSE) !== 'brook.db' || !fs.existsSync(REUSE)) throw new Error(`reuse= names a brook.db kept by keep=1, not ${REUSE}`)
    const database = openDatabase({ dialect: 'sqlite', file: REUSE })
    return { database, env: { DATA_DIR: path.dirname(REUSE) }, label: `SQLite ${REUSE} (reused)`, cleanup: () => database.close() }
  }
  return openBenchPlace({ name: 'api', databaseUrl: DATABASE_URL, keep: KEEP })
}

function pick<T>(items: T[]): T {
  return items[Math.floor(Math.random() * items.length)]
}

/** p50 of a function's wall time over n sequential runs (ms). */
async function bare(n: number, run: () => Promise<unknown>): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < Math.min(50, n); i++) await run() // warm the statement cache
  for (let i = 0; i < n; i++) {
    const t = performance.now()
    await run()
    times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)]
}

type Measured = { rps: number; p50: number; p99: number; errors: number }
type Row = { route: string; saturated: Measured; paced: Measured; bareP50: number; cpuMsPerRequest: number; load: number }

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return Number.NaN
  }
}

/** The saturated run: autocannon, 100 connections each sending its next request as soon as the last is answered. */
async function saturate(url: string, cookie: string, request: () => { method: 'GET' | 'POST'; path: string; body?: string }): Promise<Measured> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { cookie, origin: url, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req: any) => {
          const r = request()
          return { ...req, method: r.method, path: r.path, body: r.body }
        },
      },
    ],
  })
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx }
}

/**
 * The paced run: requests arrive at random (Poisson) times at `rate` per second in total over a
 * pool of 100 keep-alive connections, as 100 independent clients would send them; latency is
 * measured from the arrival. (autocannon's overallRate fires every connection on the same tick,
 * so each tick is a burst of 100 and the latency it reports is that burst's queue.)
 */
async function paced(url: string, cookie: string, request: () => { method: 'GET' | 'POST'; path: string; body?: string }, rate: number): Promise<Measured> {
  const pool = new Pool(url, { connections: CONNECTIONS, pipelining: 1 })
  const latencies: number[] = []
  let errors = 0
  // Requests this process sent 5 ms or more after their arrival time: its own delay (timers, GC, a
  // busy machine), which counts in their latency like the server's.
  let lateSends = 0
  const loopDelay = monitorEventLoopDelay({ resolution: 1 })
  loopDelay.enable()
  const inflight: Promise<void>[] = []
  const start = performance.now()
  let next = start
  while (next - start < DURATION * 1000) {
    next += (-Math.log(1 - Math.random()) / rate) * 1000
    const wait = next - performance.now()
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait))
    const arrival = next
    if (performance.now() - arrival >= 5) lateSends++
    const r = request()
    inflight.push(
      pool
        .request({ method: r.method, path: r.path, body: r.body, headers: { cookie, origin: url, 'content-type': 'application/json' } })
        .then(async (res) => {
          await res.body.dump()
          if (res.statusCode !== 200) errors++
          latencies.push(performance.now() - arrival)
        })
        .catch(() => {
          errors++
        }),
    )
  }
  await Promise.all(inflight)
  await pool.close()
  loopDelay.disable()
  log(`  paced: ${latencies.length} answered, ${lateSends} sent ≥ 5 ms late by this process; its event-loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms`)
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return { rps: latencies.length / DURATION, p50: at(0.5), p99: at(0.99), errors }
}

async function main(): Promise<void> {
  const place = await openPlace()
  let server: Child | undefined
  try {
    log(`database: ${place.label}`)
    await migrateToLatest(place.database.db)
    const feeds = REUSE ? [] : await seedFeeds(place.database, { feeds: FEEDS, entriesPerFeed: ENTRIES_PER_FEED, log })
    server = await startBrook({ ...place.env, SUBSCRIPTION_LIMIT: String(FEEDS + 10) }, PROFILE_DIR)
    log(`server at ${server.url}`)

    const credentials = { email: 'bench@example.com', password: 'bench password 1' }
    const signUp = REUSE ? await api(server.url, 'POST', '/api/auth/sign-in/email', credentials) : await api(server.url, 'POST', '/api/auth/sign-up/email', { ...credentials, name: 'Bench' })
    const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
    const userId = signUp.json.user.id as string
    const subscribeStarted = performance.now()
    for (const feedId of feeds) {
      const r = await api(server.url, 'POST', '/api/subscriptions', { feedId, view: 0 }, cookie)
      if (r.status !== 200) throw new Error(`subscribe failed: ${JSON.stringify(r.json)}`)
    }
    if (!REUSE) log(`subscribed to ${feeds.length} feeds over HTTP in ${((performance.now() - subscribeStarted) / 1000).toFixed(1)} s`)
    // Planner statistics as autovacuum would have them by now (subscriptions were empty at seeding).
    if (place.database.dialect === 'postgres') await sql`analyze`.execute(place.database.db)
    // The user has read everything older than ~40 days: most entries are read, the last weeks unread.
    // (A reused database keeps the boundary of the run that marked it: its oldest unread entry.)
    const readBefore = REUSE
      ? ((await sql<{ t: string }>`select min(e."publishedAt") as t from entries e where not exists (select 1 from entry_reads r where r."userId" = ${userId} and r."entryId" = e.id)`.execute(place.database.db)).rows[0]?.t ?? new Date().toISOString())
      : new Date(Date.now() - 40 * 86_400_000).toISOString()
    // Feed by feed, as a reader clears a feed's backlog (one mark-all of the whole timeline would
    // be a single 800,000-row statement: a different bench).
    const markStarted = performance.now()
    let marked = 0
    for (const feedId of feeds) {
      const r = await api(server.url, 'POST', '/api/reads/all', { feedId, endTime: readBefore }, cookie)
      if (r.status !== 200) throw new Error(`mark read failed: ${JSON.stringify(r.json)}`)
      marked += r.json.data.count
    }
    if (!REUSE) log(`marked ${marked} older entries read (per feed) in ${((performance.now() - markStarted) / 1000).toFixed(1)} s`)

    const db = place.database.db
    // Steady state: the bulk writes of seeding are checkpointed / vacuumed before measuring.
    if (place.database.dialect === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(db)
    else await sql`vacuum analyze`.execute(db)
    const pool = (await db.selectFrom('entries').select(['id', 'publishedAt']).where('publishedAt', '>=', readBefore).limit(50_000).execute()).sort(() => Math.random() - 0.5)
    const cursors = pool.map((e) => e.publishedAt)
    const entries = entriesRepo(db, place.database.dialect)
    const reads = readsRepo(db, place.database.dialect)
    const unread = unreadRepo(db, place.database.dialect)
    const timelineQuery = (cursor?: string): TimelineQuery => ({ userId, scope: { kind: 'subscribed', view: 0, excludePrivate: false }, read: false, before: cursor ? { publishedAt: cursor } : undefined, limit: 20, withContent: false, plan: 'scan' })
    log(`timeline plan (${place.database.dialect}):\n${await entries.explainTimeline(timelineQuery())}`)

    const timelinePath = () => (Math.random() < 0.5 ? '/api/entries?view=0&read=false&limit=20' : `/api/entries?view=0&read=false&limit=20&publishedAfter=${encodeURIComponent(pick(cursors))}`)
    const idCursorPath = () => {
      const last = pick(pool)
      return `/api/entries?view=0&read=false&limit=20&publishedAfter=${encodeURIComponent(last.publishedAt)}&beforeId=${last.id}`
    }
    const rows: Row[] = []
    const routes: { name: string; request: () => { method: 'GET' | 'POST'; path: string; body?: string }; bare: () => Promise<unknown> }[] = [
      {
        name: 'timeline (unread, view 0)',
        request: () => ({ method: 'GET', path: timelinePath() }),
        bare: async () => {
          const rows = await entries.timeline(timelineQuery(Math.random() < 0.5 ? undefined : pick(cursors)))
          const feedIds = [...new Set(rows.map((r) => r.feedId as string))]
          return entries.feedsByIds(feedIds)
        },
      },
      {
        name: 'timeline behind id cursors',
        request: () => ({ method: 'GET', path: idCursorPath() }),
        bare: async () => {
          const last = pick(pool)
          const rows = await entries.timeline({ ...timelineQuery(), before: { publishedAt: last.publishedAt, id: last.id } })
          return entries.feedsByIds([...new Set(rows.map((r) => r.feedId as string))])
        },
      },
      { name: 'entry detail', request: () => ({ method: 'GET', path: `/api/entries?id=${pick(pool).id}` }), bare: () => entries.byIds(userId, [pick(pool).id]) },
      { name: 'mark read', request: () => ({ method: 'POST', path: '/api/reads', body: JSON.stringify({ entryIds: [pick(pool).id] }) }), bare: () => reads.markRead(userId, [pick(pool).id], new Date().toISOString()) },
      { name: 'unread counts', request: () => ({ method: 'GET', path: '/api/reads' }), bare: () => unread.counts(userId) },
    ]
    // Warm the server (statement caches, JIT) before measuring.
    await saturate(server.url, cookie, () => ({ method: 'GET', path: timelinePath() }))
    const loadBefore = os.loadavg()[0]
    for (const route of routes) {
      const load = os.loadavg()[0]
      log(`load: ${route.name} (${CONNECTIONS} connections, ${DURATION} s saturated, then ${DURATION} s at ${RATE} req/s; load average ${load.toFixed(1)})`)
      const cpuBefore = cpuSeconds(server.process.pid)
      const saturated = await saturate(server.url, cookie, route.request)
      const cpuMsPerRequest = ((cpuSeconds(server.process.pid) - cpuBefore) * 1000) / (saturated.rps * DURATION)
      // The server drains the saturated phase's backlog (its last ~0.7 s of queued work, seen as
      // latency of the first paced requests when the phases touch) before the paced phase starts:
      // the paced phase measures the steady state, not the recovery from an overload.
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
      const atRate = await paced(server.url, cookie, route.request, RATE)
      const bareP50 = await bare(500, route.bare)
      rows.push({ route: route.name, saturated, paced: atRate, bareP50, cpuMsPerRequest, load })
    }

    const fmt = (n: number, digits = 2) => n.toFixed(digits)
    console.log(`\nbench/api — ${place.database.dialect}, ${FEEDS} subscriptions, ${FEEDS * ENTRIES_PER_FEED} entries, ${CONNECTIONS} connections, ${DURATION} s per phase, ${os.cpus().length} cores, load average ${fmt(loadBefore, 1)} → ${fmt(os.loadavg()[0], 1)}`)
    console.log(`| route | saturated req/s | p50 ms | p99 ms | errors | server CPU ms/req | at ${RATE} req/s: p50 ms | p99 ms | errors | bare DB p50 ms | HTTP p50 / bare | load |`)
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
    for (const r of rows) {
      const { saturated: s, paced: p } = r
      console.log(`| ${r.route} | ${fmt(s.rps, 0)} | ${fmt(s.p50)} | ${fmt(s.p99)} | ${s.errors} | ${fmt(r.cpuMsPerRequest, 3)} | ${fmt(p.p50)} | ${fmt(p.p99)} | ${p.errors} | ${fmt(r.bareP50, 3)} | ${fmt(p.p50 / r.bareP50, 1)}× | ${fmt(r.load, 1)} |`)
    }
    // Both timeline rows (publishedAfter cursors, and id cursors as the web app pages) are judged.
    const timelines = rows.filter((r) => r.route.startsWith('timeline'))
    const verdict = timelines.every((r) => r.paced.p99 < TARGET_P99_MS && r.paced.errors === 0)
    console.log(`\ntarget (timeline p99 < ${TARGET_P99_MS} ms, no errors, ${CONNECTIONS} connections at ${RATE} req/s): ${verdict ? 'met' : 'NOT met'} — ${timelines.map((r) => `${r.route}: p99 ${fmt(r.paced.p99)} ms, ${r.paced.errors} errors`).join('; ')}`)
    console.log(`saturated (${CONNECTIONS} connections as fast as they go): timeline ${fmt(rows[0].saturated.rps, 0)} req/s, p99 ${fmt(rows[0].saturated.p99)} ms — latency there is queueing, ≈ connections / throughput`)
    const audit = await unread.auditCounters({ userId })
    console.log(`counters after the run: ${audit.checked} checked, ${audit.wrong.length} wrong`)
    if (KEEP) console.log(`kept: ${place.label}`)
    if (PROFILE_DIR) console.log(`server CPU profile: ${PROFILE_DIR} (written when the server stops)`)
  } finally {
    if (server && server.process.exitCode === null) {
      server.process.kill('SIGTERM')
      await new Promise((resolve) => server?.process.once('exit', resolve))
    }
    await place.cleanup()
  }
}

await main()
