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
 * Usage: `npm run bench -- search [feeds=1000] [entries=1000] [connections=20] [duration=10]`.
 * The default is the issue's 1,000,000 entries; `feeds=20 entries=100` proves it works quickly.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { sql } from 'kysely'
import { openDatabase } from '../apps/server/src/db/openDatabase.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import { indexEntries } from '../apps/server/src/domains/search/repo.ts'
import { inTransaction } from '../apps/server/src/db/transactions.ts'
import { api, seedFeeds, startBrook, type Child } from './apiSeed.ts'
import { benchArgs } from './args.ts'

const args = benchArgs()
const FEEDS = Number(args.get('feeds') ?? 1000)
const ENTRIES_PER_FEED = Number(args.get('entries') ?? 1000)
const CONNECTIONS = Number(args.get('connections') ?? 20)
const DURATION = Number(args.get('duration') ?? 10)
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

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-bench-search-'))
  const file = path.join(dir, 'brook.db')
  const database = openDatabase({ dialect: 'sqlite', file })
  let server: Child | undefined
  try {
    await migrateToLatest(database.db)
    const total = FEEDS * ENTRIES_PER_FEED
    const loadStart = os.loadavg()[0]
    const seedStarted = performance.now()
    const feeds = await seedFeeds(database, { feeds: FEEDS, entriesPerFeed: ENTRIES_PER_FEED, log, text: () => ({ title: words(6), content: `<p>${words(60)}</p>` }) })
    const storeRate = total / ((performance.now() - seedStarted) / 1000)
    log(`stored and indexed ${total} entries at ${storeRate.toFixed(0)} entries/s`)

    // Re-indexing alone, in the backfill's batches of 500 (one transaction each).
    const sample = await database.db.selectFrom('entries').select(['id', 'title', 'description', 'content', 'author']).limit(Math.min(REINDEX_SAMPLE, total)).execute()
    const reindexStarted = performance.now()
    for (let i = 0; i < sample.length; i += 500) await inTransaction(database.db, (trx) => indexEntries(trx, sample.slice(i, i + 500)))
    const reindexRate = sample.length / ((performance.now() - reindexStarted) / 1000)
    await sql`pragma wal_checkpoint(truncate)`.execute(database.db)

    // The index's share of the database.
    let share: string
    try {
      const rows = (await sql<{ name: string; bytes: number }>`select name, sum(pgsize) as bytes from dbstat group by name`.execute(database.db)).rows
      const all = rows.reduce((a, r) => a + Number(r.bytes), 0)
      const fts = rows.filter((r) => r.name.startsWith('entry_fts')).reduce((a, r) => a + Number(r.bytes), 0)
      share = `${(fts / 1e6).toFixed(1)} MB of ${(all / 1e6).toFixed(1)} MB (${((100 * fts) / all).toFixed(1)} %, dbstat)`
    } catch {
      const copy = path.join(dir, 'without-index.db')
      await sql`vacuum into ${copy}`.execute(database.db)
      const withIndex = fs.statSync(copy).size
      const other = openDatabase({ dialect: 'sqlite', file: copy })
      await sql`drop table entry_fts`.execute(other.db)
      await sql`vacuum`.execute(other.db)
      await other.close()
      const without = fs.statSync(copy).size
      share = `${((withIndex - without) / 1e6).toFixed(1)} MB of ${(withIndex / 1e6).toFixed(1)} MB (${((100 * (withIndex - without)) / withIndex).toFixed(1)} %, file sizes after vacuum)`
    }

    server = await startBrook({ DATA_DIR: dir, SUBSCRIPTION_LIMIT: String(FEEDS + 10) })
    const signUp = await api(server.url, 'POST', '/api/auth/sign-up/email', { email: 'search-bench@example.com', password: 'bench password 1', name: 'Bench' })
    const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
    for (const feedId of feeds) {
      const r = await api(server.url, 'POST', '/api/subscriptions', { feedId, view: 0 }, cookie)
      if (r.status !== 200) throw new Error(`subscribe failed: ${JSON.stringify(r.json)}`)
    }
    // Two words of the common half of the vocabulary, finished (a trailing space: not a prefix).
    const query = () => `/api/search/entries?q=${encodeURIComponent(`${VOCABULARY[Math.floor(Math.random() * 200)]} ${VOCABULARY[Math.floor(Math.random() * 1000)]} `)}`
    const probe = await api(server.url, 'GET', query(), undefined, cookie)
    if (probe.status !== 200) throw new Error(`search failed: ${JSON.stringify(probe.json)}`)
    const run = (duration: number) =>
      autocannon({ url: server!.url, connections: CONNECTIONS, duration, headers: { cookie, origin: server!.url }, requests: [{ setupRequest: (req: any) => ({ ...req, method: 'GET', path: query() }) }] })
    await run(2) // warm statement caches and JIT
    const loadBefore = os.loadavg()[0]
    const result = await run(DURATION)
    const errors = result.errors + result.timeouts + result.non2xx

    console.log(`\nbench/search — SQLite, ${FEEDS} feeds × ${ENTRIES_PER_FEED} = ${total} entries, ${os.cpus().length} cores, load average ${loadStart.toFixed(1)} at start, ${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)} while querying`)
    console.log(`indexing: ${storeRate.toFixed(0)} entries/s stored and indexed (the ingest's storage path); ${reindexRate.toFixed(0)} entries/s re-indexed alone (${sample.length} entries, batches of 500)`)
    console.log(`index size: ${share}`)
    console.log(`two-word queries at ${CONNECTIONS} connections, ${DURATION} s: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${errors} errors`)
    console.log(`target (p99 < ${TARGET_P99_MS} ms, no errors): ${result.latency.p99 < TARGET_P99_MS && errors === 0 ? 'met' : 'NOT met'}`)
  } finally {
    if (server && server.process.exitCode === null) {
      server.process.kill('SIGTERM')
      await new Promise((resolve) => server?.process.once('exit', resolve))
    }
    await database.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

await main()
