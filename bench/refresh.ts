/**
 * bench/refresh: 10,000 subscribed feeds on the loopback farm, all due, half of them answering 304
 * (their stored Last-Modified matches) and half a full 10-entry RSS document to parse and store,
 * refreshed by Brook's real scheduler, queue and feed service. Prints feeds/second and the peak
 * RSS of the Brook process (with its anonymous and file parts, the live heap at the end, the
 * p99 time from due to checked and the database size). Targets (issue #14): 10,000 feeds checked
 * in under 60 s and 100,000 in under 4 minutes on 2 cores, peak RSS under 250 MB.
 *
 * Scenarios, each in a fresh child process so each peak RSS is its own:
 *  - `idle`: Brook itself (`main.ts`, all roles, the start script's flags and environment) on a fresh
 *    SQLite data directory, its anonymous and file-backed RSS after start-up and a minute without a
 *    request (target: under 80 MB anonymous; `idle=0` skips it);
 *  - `sqlite`: the embedded default (SQLite file, in-process worker pool);
 *  - `postgres+bullmq`: when DATABASE_URL (or TEST_DATABASE_URL) is postgres:// and REDIS_URL
 *    (or TEST_REDIS_URL) is set — a fresh schema and a unique BullMQ key prefix, dropped after; the
 *    scenario process runs the scheduler and `workers=2` worker processes refresh (each its own peak
 *    RSS), with the per-host limit shared through Redis.
 *
 * Besides the wall time, each scenario prints the CPU seconds its processes used (what a loaded
 * machine distorts least) and the scheduler's query cost: each tick's claim while the backlog
 * drains, and the claim when nothing is due (the walk that grows with the feeds table if the due
 * index is not used as a range), measured after the run.
 *
 * The farm runs in a third process. It is one host standing in for 10,000 sites, so the per-host
 * cap is lifted to the worker concurrency for the run (printed with the results).
 *
 * Usage: `npm run bench -- refresh [--feeds=10000] [--concurrency=32] [--workers=2] [--idle=0] [--scenarios=sqlite,postgres+bullmq] [--node-flags='…'] [--trace]`.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { Redis } from 'ioredis'
import { newId, setIdWorker } from '@brook/shared'
import { databaseLocation, parseEnv, testEnv } from '../apps/server/src/env.ts'
import { openDatabase, type OpenDatabase } from '../apps/server/src/db/openDatabase.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import { createLogger } from '../apps/server/src/lib/logger.ts'
import { createFeedService } from '../apps/server/src/domains/feeds/service.ts'
import { feedsRepo } from '../apps/server/src/domains/feeds/repo.ts'
import { startJobs } from '../apps/server/src/jobs/startJobs.ts'
import { closeSharedAgents } from '../apps/server/src/reader/fetcher/dispatcher.ts'
import { benchArgs } from './args.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const args = benchArgs()
const FEEDS = Number(args.get('feeds') ?? 10_000)
const CONCURRENCY = Number(args.get('concurrency') ?? 32)
const WORKERS = Number(args.get('workers') ?? 2)
const TARGET_SECONDS = FEEDS > 10_000 ? 240 : 60
const TARGET_RSS_MB = 250
/** How often the scenario counts checked feeds: a count over 100,000 rows is not free. */
const POLL_MS = FEEDS > 20_000 ? 1000 : 100
/** The V8 flags and environment assignments of Brook's start script (root package.json), so the bench measures what `npm start` runs. */
function startScript(): { flags: string; env: Record<string, string> } {
  const start: string = JSON.parse(fs.readFileSync(path.join(here, '..', 'package.json'), 'utf8')).scripts.start
  const match = /((?:[A-Z_]+=\S+ )*)node ((?:--[\w-]+(?:=\S+)? )*)apps\/server\/src\/main\.ts/.exec(start)
  const env = Object.fromEntries((match?.[1] ?? '').trim().split(' ').filter(Boolean).map((a) => a.split('=') as [string, string]))
  return { flags: match?.[2].trim() ?? '', env }
}
const START = startScript()
const NODE_FLAGS = (args.get('node-flags') ?? START.flags).split(' ').filter(Boolean)
/** The start script's environment (e.g. MALLOC_ARENA_MAX) for every Brook process the bench starts. */
const CHILD_ENV = { ...process.env, ...START.env }
/** The farm's Last-Modified for version 0 of every /gen feed: sending it back earns a 304. */
const FARM_LAST_MODIFIED = new Date(Date.UTC(2024, 0, 1, 12)).toUTCString()

type Scenario = 'sqlite' | 'postgres+bullmq'
/** Memory of one process: peak RSS (kernel's high-water mark), peak anonymous and file-backed RSS at the polls, live heap at the end, CPU seconds. */
type ProcessFigures = { peakRssMb: number; peakAnonMb: number; peakFileMb: number; heapUsedMb: number; cpuSeconds: number }
type Result = ProcessFigures & {
  scenario: Scenario
  feeds: number
  seconds: number
  feedsPerSecond: number
  p99Seconds: number
  databaseMb: number
  notModified: number
  updated: number
  errors: number
  entries: number
  /** Claims while the backlog drained: count, mean and max ms. */
  ticks: { count: number; meanMs: number; maxMs: number }
  /** Mean ms of a claim when nothing is due (after the run). */
  idleClaimMs: number
  /** The worker processes of postgres+bullmq. */
  workers: ProcessFigures[]
}

/** Inserts the feeds as the reading API would leave them: subscribed once, due now, half with validators. */
async function seedFeeds(database: OpenDatabase, origin: string): Promise<void> {
  const now = new Date().toISOString()
  const due = new Date(Date.now() - 60_000).toISOString()
  for (let start = 0; start < FEEDS; start += 500) {
    const rows = []
    for (let i = start; i < Math.min(FEEDS, start + 500); i++) {
      rows.push({
        id: newId(),
        url: `${origin}/gen/rss/${i}?entries=10`,
        title: `Feed ${i}`,
        lastModified: i % 2 === 0 ? FARM_LAST_MODIFIED : null,
        nextCheckAt: due,
        subscriptionCount: 1,
        createdAt: now,
        updatedAt: now,
        leaseUntil: null,
        leaseOwner: null,
      })
    }
    await database.db.insertInto('feeds').values(rows).execute()
  }
}

async function openScenarioDatabase(scenario: Scenario): Promise<{ database: OpenDatabase; url?: string; sizeMb(): Promise<number>; dispose(): Promise<void> }> {
  if (scenario === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-bench-'))
    const database = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'brook.db') })
    const sizeMb = async () => fs.readdirSync(dir).reduce((n, f) => n + fs.statSync(path.join(dir, f)).size, 0) / 1048576
    return { database, sizeMb, dispose: async () => { await database.close(); fs.rmSync(dir, { recursive: true, force: true }) } }
  }
  const url = postgresUrl()!
  const schema = `brook_bench_${crypto.randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE SCHEMA ${schema}`)
  await admin.end()
  const database = openDatabase({ dialect: 'postgres', url, schema, poolSize: Math.min(CONCURRENCY, 20) })
  const separator = url.includes('?') ? '&' : '?'
  return {
    database,
    // The same schema from the worker processes.
    url: `${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    async sizeMb() {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      const { rows } = await client.query(
        `SELECT coalesce(sum(pg_total_relation_size(format('%I.%I', schemaname, tablename)::regclass)), 0) AS bytes FROM pg_tables WHERE schemaname = $1`,
        [schema],
      )
      await client.end()
      return Number(rows[0].bytes) / 1048576
    },
    async dispose() {
      await database.close()
      const cleanup = new pg.Client({ connectionString: url })
      await cleanup.connect()
      await cleanup.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await cleanup.end()
    },
  }
}

function postgresUrl(): string | undefined {
  const configured = parseEnv().DATABASE_URL
  return configured && /^postgres(ql)?:\/\//.test(configured) ? configured : testEnv.databaseUrl
}
const redisUrl = () => parseEnv().REDIS_URL ?? testEnv.redisUrl

/** One scenario, run inside a child process; prints its Result as JSON. */
async function runScenario(scenario: Scenario, origin: string): Promise<Result> {
  const { database, url: databaseUrl, sizeMb, dispose } = await openScenarioDatabase(scenario)
  await migrateToLatest(database.db)
  await seedFeeds(database, origin)
  const prefix = `brook-bench-${crypto.randomBytes(4).toString('hex')}`
  const bullmq = scenario === 'postgres+bullmq'
  const vars = {
    FETCH_ALLOW_PRIVATE_NETWORKS: 'true',
    REFRESH_CONCURRENCY: String(CONCURRENCY),
    // One host stands in for all sites: the cap is lifted to what all workers run at once.
    REFRESH_HOST_CONCURRENCY: String(bullmq ? CONCURRENCY * WORKERS : CONCURRENCY),
    SCHEDULER_INTERVAL_SECONDS: '1',
    SCHEDULER_BATCH_SIZE: '500',
    LOG_LEVEL: 'warn',
    ...(bullmq ? { REDIS_URL: redisUrl()!, DATABASE_URL: databaseUrl! } : {}),
  }
  const env = parseEnv({ ...vars, SERVICES: bullmq ? 'scheduler' : 'scheduler,worker' })
  const logger = createLogger(env.LOG_LEVEL)
  const feeds = createFeedService({ repo: feedsRepo(database.db), env, logger, redisPrefix: prefix })
  // The scheduler's claims, timed (its own query cost per tick).
  const claims: number[] = []
  const claimDueFeeds = feeds.claimDueFeeds
  feeds.claimDueFeeds = async (limit) => {
    const t = performance.now()
    const due = await claimDueFeeds(limit)
    if (due.length > 0) claims.push(performance.now() - t)
    return due
  }
  // Each worker process its own snowflake worker id (WORKER_ID), as an instance's processes must have.
  const workers = bullmq ? Array.from({ length: WORKERS }, (_, i) => startWorkerProcess({ ...vars, WORKER_ID: String(i + 1) }, prefix, origin)) : []
  await Promise.all(workers.map((w) => w.ready))
  const cpuStart = process.cpuUsage()
  const startedAt = new Date()
  const started = performance.now()
  const jobs = startJobs({ env, logger, feeds, bullmq: { prefix } })
  const since = new Date(startedAt.getTime() - 1000).toISOString()
  let checked = 0
  while (checked < FEEDS) {
    await new Promise((r) => setTimeout(r, POLL_MS))
    const row = await database.db
      .selectFrom('feeds')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('checkedAt', '>=', since)
      .where('leaseOwner', 'is', null)
      .executeTakeFirstOrThrow()
    checked = Number(row.n)
    peaks.sample()
    if (args.has('trace')) traceMemory(checked)
    if (performance.now() - started > Math.max(600_000, FEEDS * 10)) throw new Error(`only ${checked} of ${FEEDS} feeds checked after ${Math.round((performance.now() - started) / 60_000)} minutes`)
  }
  const seconds = (performance.now() - started) / 1000
  const heapUsedMb = process.memoryUsage().heapUsed / 1048576
  const cpu = process.cpuUsage(cpuStart)
  await jobs.close()
  const workerFigures = await Promise.all(workers.map((w) => w.stop()))
  // A claim with nothing due: every feed was just checked (the scheduler's cost when idle).
  const idleStart = performance.now()
  for (let i = 0; i < 20; i++) await feeds.claimDueFeeds(500)
  const idleClaimMs = (performance.now() - idleStart) / 20
  // p99 from due to checked: every feed was due when the jobs started.
  const p99Row = await database.db
    .selectFrom('feeds')
    .select('checkedAt')
    .where('checkedAt', 'is not', null)
    .orderBy('checkedAt')
    .offset(Math.floor(FEEDS * 0.99) - 1)
    .limit(1)
    .executeTakeFirst()
  const p99Seconds = p99Row?.checkedAt ? (new Date(p99Row.checkedAt).getTime() - startedAt.getTime()) / 1000 : Number.NaN
  const databaseMb = await sizeMb()
  await feeds.close()
  const errors = await database.db.selectFrom('feeds').select((eb) => eb.fn.countAll<number>().as('n')).where('errorCount', '>', 0).executeTakeFirstOrThrow()
  const entries = await database.db.selectFrom('entries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  const withEntries = await database.db.selectFrom('feeds').select((eb) => eb.fn.countAll<number>().as('n')).where('latestEntryPublishedAt', 'is not', null).executeTakeFirstOrThrow()
  await closeSharedAgents()
  await dispose()
  if (scenario === 'postgres+bullmq') {
    const redis = new Redis(redisUrl()!)
    const keys = await redis.keys(`${prefix}:*`)
    if (keys.length) await redis.del(...keys)
    await redis.quit()
  }
  claims.sort((a, b) => a - b)
  return {
    scenario,
    feeds: FEEDS,
    seconds: Number(seconds.toFixed(2)),
    feedsPerSecond: Math.round(FEEDS / seconds),
    ...processFigures(heapUsedMb, cpu),
    ticks: { count: claims.length, meanMs: round1(claims.reduce((a, b) => a + b, 0) / Math.max(1, claims.length)), maxMs: round1(claims.at(-1) ?? 0) },
    idleClaimMs: round1(idleClaimMs),
    workers: workerFigures,
    p99Seconds: Number(p99Seconds.toFixed(1)),
    databaseMb: Math.round(databaseMb),
    updated: Number(withEntries.n),
    notModified: FEEDS - Number(withEntries.n) - Number(errors.n),
    errors: Number(errors.n),
    entries: Number(entries.n),
  }
}

const round1 = (n: number) => Number(n.toFixed(1))

/** This process's memory and CPU figures. */
function processFigures(heapUsedMb: number, cpu: NodeJS.CpuUsage): ProcessFigures {
  return {
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    peakAnonMb: Math.round(peaks.anon),
    peakFileMb: Math.round(peaks.file),
    heapUsedMb: Math.round(heapUsedMb),
    cpuSeconds: round1((cpu.user + cpu.system) / 1e6),
  }
}

/** A worker process of the postgres+bullmq scenario: `--worker` mode of this file, reporting its figures when its stdin ends. */
function startWorkerProcess(vars: Record<string, string>, prefix: string, origin: string): { ready: Promise<void>; stop(): Promise<ProcessFigures> } {
  const child = spawn(process.execPath, [...NODE_FLAGS, fileURLToPath(import.meta.url), '--worker', `--prefix=${prefix}`, `--origin=${origin}`, `--vars=${JSON.stringify(vars)}`], { stdio: ['pipe', 'pipe', 'inherit'], env: CHILD_ENV })
  const lines = readline.createInterface({ input: child.stdout! })
  let ready!: () => void
  let done!: (figures: ProcessFigures) => void
  const readyP = new Promise<void>((resolve) => (ready = resolve))
  const doneP = new Promise<ProcessFigures>((resolve) => (done = resolve))
  // Its log lines (LOG_LEVEL=warn) pass through to stderr.
  lines.on('line', (line) => (line === 'ready' ? ready() : line.startsWith('figures ') ? done(JSON.parse(line.slice(8))) : process.stderr.write(`worker: ${line}\n`)))
  return { ready: readyP, stop: () => (child.stdin!.end(), doneP) }
}

/** `--worker`: one BullMQ worker process (SERVICES=worker) until stdin ends; prints its figures. */
async function runWorker(vars: Record<string, string>, prefix: string): Promise<void> {
  const env = parseEnv({ ...vars, SERVICES: 'worker' })
  setIdWorker(env.WORKER_ID ?? 0)
  const logger = createLogger(env.LOG_LEVEL)
  const database = openDatabase(databaseLocation(env))
  const feeds = createFeedService({ repo: feedsRepo(database.db), env, logger, redisPrefix: prefix })
  const jobs = startJobs({ env, logger, feeds, bullmq: { prefix } })
  const cpuStart = process.cpuUsage()
  const poll = setInterval(() => peaks.sample(), POLL_MS)
  process.stdout.write('ready\n')
  process.stdin.resume()
  await new Promise((resolve) => process.stdin.once('end', resolve))
  clearInterval(poll)
  peaks.sample()
  const heapUsedMb = process.memoryUsage().heapUsed / 1048576
  const cpu = process.cpuUsage(cpuStart)
  await jobs.close()
  await feeds.close()
  await closeSharedAgents()
  await database.close()
  process.stdout.write(`figures ${JSON.stringify(processFigures(heapUsedMb, cpu))}\n`)
  process.exit(0)
}

/** `idle`: Brook's own main.ts with all roles on a fresh data directory; its memory after start-up and a minute. */
async function measureIdle(seconds: number): Promise<{ rssMb: number; anonMb: number; fileMb: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-bench-idle-'))
  const child = spawn(process.execPath, [...NODE_FLAGS, path.join(here, '..', 'apps', 'server', 'src', 'main.ts')], {
    env: { ...CHILD_ENV, DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SERVICES: 'web,worker,scheduler' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => (/running at/.test(chunk.toString()) ? resolve() : undefined))
      child.once('exit', (code) => reject(new Error(`main.ts exited with ${code}`)))
    })
    await new Promise((r) => setTimeout(r, seconds * 1000))
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8')
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024
    return { rssMb: Math.round(kb('VmRSS')), anonMb: Math.round(kb('RssAnon')), fileMb: Math.round(kb('RssFile')) }
  } finally {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** The highest anonymous and file-backed RSS seen at the polls (MB; Linux /proc). */
const peaks = {
  anon: 0,
  file: 0,
  sample(): void {
    try {
      const status = fs.readFileSync('/proc/self/status', 'utf8')
      this.anon = Math.max(this.anon, Number(/RssAnon:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
      this.file = Math.max(this.file, Number(/RssFile:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
    } catch {
      // not Linux
    }
  },
}

/** `--trace`: memory of the scenario process at each poll, on stderr (MB). */
function traceMemory(checked: number): void {
  const m = process.memoryUsage()
  process.stderr.write(`${checked} checked: rss ${m.rss >> 20} heapTotal ${m.heapTotal >> 20} heapUsed ${m.heapUsed >> 20} external ${m.external >> 20}\n`)
}

function firstJsonLine(child: ChildProcess): Promise<any> {
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! })
    // Other lines (node's --trace-gc and the like) go to stderr.
    lines.on('line', (line) => (line.startsWith('{') ? resolve(JSON.parse(line)) : process.stderr.write(`${line}\n`)))
    child.once('exit', (code) => reject(new Error(`${child.spawnargs.join(' ')} exited with ${code}`)))
  })
}

async function main(): Promise<void> {
  if (args.has('worker')) return runWorker(JSON.parse(args.get('vars')!), args.get('prefix')!)
  const scenarioArg = args.get('scenario') as Scenario | undefined
  if (scenarioArg) {
    const result = await runScenario(scenarioArg, args.get('origin')!)
    process.stdout.write(`${JSON.stringify(result)}\n`)
    process.exit(0)
  }

  const scenarios: Scenario[] = ['sqlite']
  if (postgresUrl() && redisUrl()) scenarios.push('postgres+bullmq')
  // `scenarios=postgres+bullmq` runs only the named ones (a 100,000-feed run of each is long).
  const only = args.get('scenarios')?.split(',')
  if (only) scenarios.splice(0, scenarios.length, ...scenarios.filter((s) => only.includes(s)))
  if (args.get('idle') !== '0') {
    console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} before the idle server`)
    const idle = await measureIdle(60)
    console.log(`  idle server      RSS ${idle.rssMb} MB: anonymous ${idle.anonMb} MB, file ${idle.fileMb} MB after start-up and 60 s (all roles, fresh SQLite, no request)  ${idle.anonMb < 80 ? 'meets' : 'MISSES'} the target (<80 MB anonymous)`)
  }
  const farm = spawn(process.execPath, [path.join(here, 'refreshFarm.ts')], { stdio: ['pipe', 'pipe', 'inherit'] })
  const { origin } = await firstJsonLine(farm)
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} at the start`)
  console.log(`bench/refresh: ${FEEDS} feeds (half 304, half 10-entry RSS), worker concurrency ${CONCURRENCY}, per-host cap ${CONCURRENCY} (one loopback host), ${os.cpus().length} CPUs, node ${NODE_FLAGS.join(' ') || '(no flags)'}`)
  const results: Result[] = []
  try {
    for (const scenario of scenarios) {
      const child = spawn(process.execPath, [...NODE_FLAGS, fileURLToPath(import.meta.url), `--scenario=${scenario}`, `--origin=${origin}`, `--feeds=${FEEDS}`, `--concurrency=${CONCURRENCY}`, `--workers=${WORKERS}`, ...(args.has('trace') ? ['--trace'] : [])], { stdio: ['ignore', 'pipe', 'inherit'], env: CHILD_ENV })
      const result: Result = await firstJsonLine(child)
      results.push(result)
      const peak = Math.max(result.peakRssMb, ...result.workers.map((w) => w.peakRssMb))
      const ok = result.seconds < TARGET_SECONDS && peak < TARGET_RSS_MB && result.errors === 0
      const memory = (p: ProcessFigures) => `peak RSS ${String(p.peakRssMb).padStart(4)} MB (anonymous ${p.peakAnonMb}, file ${p.peakFileMb} at the polls; live heap ${p.heapUsedMb} MB at the end), CPU ${p.cpuSeconds} s`
      console.log(
        `  ${scenario.padEnd(16)} ${String(result.seconds).padStart(7)} s  ${String(result.feedsPerSecond).padStart(6)} feeds/s  p99 due→checked ${result.p99Seconds} s  ` +
          `${result.workers.length ? 'scheduler' : 'process'}: ${memory(result)}  database ${result.databaseMb} MB  ` +
          `(${result.updated} parsed+stored, ${result.notModified} not modified, ${result.errors} errors, ${result.entries} entries)  ${ok ? 'meets' : 'MISSES'} the target (<${TARGET_SECONDS} s, <${TARGET_RSS_MB} MB)`,
      )
      result.workers.forEach((w, i) => console.log(`  ${''.padEnd(16)} worker ${i + 1}: ${memory(w)}`))
      console.log(`  ${''.padEnd(16)} scheduler claims: ${result.ticks.count} ticks with due feeds, mean ${result.ticks.meanMs} ms, max ${result.ticks.maxMs} ms; a claim with nothing due ${result.idleClaimMs} ms  (load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} at the end)`)
    }
    if (!scenarios.includes('postgres+bullmq')) console.log('  postgres+bullmq  skipped: set DATABASE_URL=postgres://… and REDIS_URL (or TEST_DATABASE_URL / TEST_REDIS_URL)')
  } finally {
    farm.stdin!.end()
  }
  if (results.some((r) => r.errors > 0)) process.exitCode = 1
}

await main()
