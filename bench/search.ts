/**
 * bench/search: full-text search (docs/search.md) on SQLite over the bench/api database — the
 * same seeding (`apiSeed.ts`: feeds × entries through the ingest's storage, which indexes each
 * entry as it stores it), with entry text drawn from a 2,000-word vocabulary (Zipf-like, so a
 * two-word query matches a realistic share of entries rather than all or none).
 *
 * Prints:
 *  - indexing throughput: entries/s of the ingest's storage with indexing (the seeding, a refresh's
 *    path) and of re-indexing alone (`indexEntries`, the backfill's batches of 500);
 *  - index size: the FTS5 tables' pages as a share of the database (dbstat), or, where dbstat is
 *    missing, the file size with and without the index;
 *  - query latency: GET /api/search/entries?q=<two words> for a user following every feed, at
 *    `connections` (default 20) for `duration` s with autocannon: req/s, p50/p99, errors, and the
 *    machine's load average (the machine may be shared). Target: p99 < 50 ms.
 *
 * SQLite (a temp file) by default; PostgreSQL when DATABASE_URL is postgres:// (a fresh schema,
 * dropped after; the index size is then the `entry_search` table with its GIN index).
 *
 * Usage: `npm run bench -- search [feeds=1000] [entries=1000] [connections=20] [duration=10]
 * [keep=1] [reuse=FILE] [threads=N] [profile=DIR]`. The default is the issue's 1,000,000 entries;
 * `feeds=20 entries=100` proves it works quickly. keep=1 leaves the SQLite file (and its
 * subscribed user) and prints its path; reuse=FILE measures the queries again on such a file
 * without seeding; threads=N sets the server's SEARCH_THREADS (0: search on the event loop, the
 * way it was before the search threads); profile=DIR writes the server's CPU profile there (--cpu-prof).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { sql } from 'kysely'
import { openDatabase, type OpenDatabase } from '../apps/server/src/db/openDatabase.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import { indexEntries } from '../apps/server/src/domains/search/repo.ts'
import { inTransaction } from '../apps/server/src/db/transactions.ts'
import { api, openBenchPlace, seedFeeds, startBrook, type Child, type Place } from './apiSeed.ts'
import { benchArgs } from './args.ts'

const args = benchArgs()
const FEEDS = Number(args.get('feeds') ?? 1000)
const ENTRIES_PER_FEED = Number(args.get('entries') ?? 1000)
const CONNECTIONS = Number(args.get('connections') ?? 20)
const DURATION = Number(args.get('duration') ?? 10)
const KEEP = args.get('keep') === '1'
/** A brook.db kept by an earlier run (keep=1): measured again without seeding. */
const REUSE = args.get('reuse') ? path.resolve(args.get('reuse') as string) : undefined
/** SEARCH_THREADS for the server (default: the server's own, one per core up to 4; 0: searches on the main thread). */
const THREADS = args.get('threads')
const PROFILE_DIR = args.get('profile') ? path.resolve(args.get('profile') as string) : undefined
const DATABASE_URL = process.env.DATABASE_URL && /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL) ? process.env.DATABASE_URL : undefined
const CREDENTIALS = { email: 'search-bench@example.com', password: 'bench password 1' }
const TARGET_P99_MS = 50
const REINDEX_SAMPLE = 20_000

function log(message: string): void {
  process.stderr.write(`[bench/search] ${message}\n`)
}

/** A deterministic vocabulary of 2,000 pronounceable words. */
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'to', 'vi', 'ze', 'po', 'an', 'el', 'or', 'ut', 'is', 'ba', 'de', 'fu', 'gi', 'ho']
const VOCABULARY = Array.from({ length: 2000 }, (_, i) => SYLLABLES[i % 20] + SYLLABLES[Math.floor(i / 20) % 20] + SYLLABLES[Math.floor(i / 400) % 20])
let seedState = 42
const random = () => ((seedState = (seedState * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
/** Zipf-like: word i is drawn with weight about 1 / (i + 10). */
const word = () => VOCABULARY[Math.min(VOCABULARY.length - 1, Math.floor(10 * (Math.pow(VOCABULARY.length / 10 + 1, random()) - 1)))]
const words = (n: number) => Array.from({ length: n }, word).join(' ')

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return Number.NaN
  }
}

async function openPlace(): Promise<Place> {
  if (REUSE) {
    if (path.basename(REUSE) !== 'brook.db' || !fs.existsSync(REUSE)) throw new Error(`reuse= names a brook.db kept by keep=1, not ${REUSE}`)
    const database = openDatabase({ dialect: 'sqlite', file: REUSE })
    return { database, env: { DATA_DIR: path.dirname(REUSE) }, label: `SQLite ${REUSE} (reused)`, cleanup: () => database.close() }
  }
  return openBenchPlace({ name: 'search', databaseUrl: DATABASE_URL, keep: KEEP })
}

/** The search index's share of the database. */
async function indexShare(database: OpenDatabase, dir: string): Promise<string> {
  if (database.dialect === 'postgres') {
    const { rows } = await sql<{ fts: string; all: string }>`select pg_total_relation_size('entry_search') as fts,
        (select sum(pg_total_relation_size(c.oid)) from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and c.relkind in ('r', 'm')) as "all"`.execute(database.db)
    const fts = Number(rows[0].fts)
    const all = Number(rows[0].all)
    return `${(fts / 1e6).toFixed(1)} MB of ${(all / 1e6).toFixed(1)} MB (${((100 * fts) / all).toFixed(1)} %, entry_search with its GIN index)`
  }
  await sql`pragma wal_checkpoint(truncate)`.execute(database.db)
  try {
    const rows = (await sql<{ name: string; bytes: number }>`select name, sum(pgsize) as bytes from dbstat group by name`.execute(database.db)).rows
    const all = rows.reduce((a, r) => a + Number(r.bytes), 0)
    const fts = rows.filter((r) => r.name.startsWith('entry_fts')).reduce((a, r) => a + Number(r.bytes), 0)
    return `${(fts / 1e6).toFixed(1)} MB of ${(all / 1e6).toFixed(1)} MB (${((100 * fts) / all).toFixed(1)} %, dbstat)`
  } catch {
    const copy = path.join(dir, 'without-index.db')
    await sql`vacuum into ${copy}`.execute(database.db)
    const withIndex = fs.statSync(copy).size
    const other = openDatabase({ dialect: 'sqlite', file: copy })
    await sql`drop table entry_fts`.execute(other.db)
    await sql`vacuum`.execute(other.db)
    await other.close()
    const without = fs.statSync(copy).size
    fs.rmSync(copy)
    return `${((withIndex - without) / 1e6).toFixed(1)} MB of ${(withIndex / 1e6).toFixed(1)} MB (${((100 * (withIndex - without)) / withIndex).toFixed(1)} %, file sizes after vacuum)`
  }
}

async function main(): Promise<void> {
  const place = await openPlace()
  const database = place.database
  const dialectName = database.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'
  let server: Child | undefined
  try {
    log(`database: ${place.label}`)
    await migrateToLatest(database.db)
    const total = REUSE ? Number((await database.db.selectFrom('entries').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n) : FEEDS * ENTRIES_PER_FEED
    const loadStart = os.loadavg()[0]
    let indexing = 'not measured (reuse=)'
    let feeds: string[] = []
    if (!REUSE) {
      const seedStarted = performance.now()
      feeds = await seedFeeds(database, { feeds: FEEDS, entriesPerFeed: ENTRIES_PER_FEED, log, text: () => ({ title: words(6), content: `<p>${words(60)}</p>` }) })
      const seedSeconds = (performance.now() - seedStarted) / 1000
      const storeRate = total / seedSeconds
      log(`stored and indexed ${total} entries at ${storeRate.toFixed(0)} entries/s (${seedSeconds.toFixed(0)} s, load ${loadStart.toFixed(1)} → ${os.loadavg()[0].toFixed(1)})`)
      // Re-indexing alone, in the backfill's batches of 500 (one transaction each).
      const sample = await database.db.selectFrom('entries').select(['id', 'title', 'description', 'content', 'author']).limit(Math.min(REINDEX_SAMPLE, total)).execute()
      const reindexStarted = performance.now()
      for (let i = 0; i < sample.length; i += 500) await inTransaction(database.db, (trx) => indexEntries(trx, sample.slice(i, i + 500)))
      const reindexRate = sample.length / ((performance.now() - reindexStarted) / 1000)
      indexing = `${storeRate.toFixed(0)} entries/s stored and indexed (the ingest's storage path, ${seedSeconds.toFixed(0)} s); ${reindexRate.toFixed(0)} entries/s re-indexed alone (${sample.length} entries, batches of 500)`
    }
    const share = await indexShare(database, place.env.DATA_DIR)
    log(`index size: ${share}`)

    server = await startBrook({ ...place.env, SUBSCRIPTION_LIMIT: String(FEEDS + 10), ...(THREADS === undefined ? {} : { SEARCH_THREADS: THREADS }) }, PROFILE_DIR)
    const signIn = REUSE ? await api(server.url, 'POST', '/api/auth/sign-in/email', CREDENTIALS) : await api(server.url, 'POST', '/api/auth/sign-up/email', { ...CREDENTIALS, name: 'Bench' })
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signIn.json)}`)
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
    const subscribeStarted = performance.now()
    for (const feedId of feeds) {
      const r = await api(server.url, 'POST', '/api/subscriptions', { feedId, view: 0 }, cookie)
      if (r.status !== 200) throw new Error(`subscribe failed: ${JSON.stringify(r.json)}`)
    }
    if (feeds.length) log(`subscribed to ${feeds.length} feeds over HTTP in ${((performance.now() - subscribeStarted) / 1000).toFixed(1)} s`)
    if (database.dialect === 'postgres') await sql`vacuum analyze`.execute(database.db)
    else await sql`pragma wal_checkpoint(truncate)`.execute(database.db)
    // Two words of the common half of the vocabulary, finished (a trailing space: not a prefix).
    const query = () => `/api/search/entries?q=${encodeURIComponent(`${VOCABULARY[Math.floor(Math.random() * 200)]} ${VOCABULARY[Math.floor(Math.random() * 1000)]} `)}`
    const probe = await api(server.url, 'GET', query(), undefined, cookie)
    if (probe.status !== 200) throw new Error(`search failed: ${JSON.stringify(probe.json)}`)
    const pid = server.process.pid
    const run = async (duration: number, connections: number) => {
      const cpuBefore = cpuSeconds(pid)
      const result = await autocannon({ url: server!.url, connections, duration, timeout: 60, headers: { cookie, origin: server!.url }, requests: [{ setupRequest: (req: any) => ({ ...req, method: 'GET', path: query() }) }] })
      return { ...result, cpuMs: ((cpuSeconds(pid) - cpuBefore) * 1000) / (result.requests.total || 1) }
    }
    await run(2, CONNECTIONS) // warm statement caches and JIT
    const loadOne = os.loadavg()[0]
    const one = await run(DURATION, 1)
    const loadBefore = os.loadavg()[0]
    const result = await run(DURATION, CONNECTIONS)
    const errors = result.errors + result.timeouts + result.non2xx

    console.log(`\nbench/search — ${dialectName}, search threads ${THREADS ?? 'default'}, ${REUSE ? '' : `${FEEDS} feeds × ${ENTRIES_PER_FEED} = `}${total} entries, ${os.cpus().length} cores, load average ${loadStart.toFixed(1)} at start, ${loadOne.toFixed(1)} at 1 connection, ${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)} at ${CONNECTIONS}`)
    console.log(`indexing: ${indexing}`)
    console.log(`index size: ${share}`)
    console.log(`two-word queries at 1 connection, ${DURATION} s: ${one.requests.average.toFixed(0)} req/s, p50 ${one.latency.p50} ms, p99 ${one.latency.p99} ms, ${one.errors + one.timeouts + one.non2xx} errors, server CPU ${one.cpuMs.toFixed(1)} ms/request`)
    console.log(`two-word queries at ${CONNECTIONS} connections, ${DURATION} s: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${errors} errors, server CPU ${result.cpuMs.toFixed(1)} ms/request`)
    console.log(`target (p99 < ${TARGET_P99_MS} ms at ${CONNECTIONS} connections, no errors): ${result.latency.p99 < TARGET_P99_MS && errors === 0 ? 'met' : 'NOT met'}`)
    if (KEEP && database.dialect === 'sqlite') console.log(`kept: ${path.join(place.env.DATA_DIR, 'brook.db')} (measure again with reuse=<that path>)`)
  } finally {
    if (server && server.process.exitCode === null) {
      server.process.kill('SIGTERM')
      await new Promise((resolve) => server?.process.once('exit', resolve))
    }
    await place.cleanup()
  }
}

await main()
