/**
 * What bench/api, bench/search and bench/wallet share: a throwaway database (SQLite file, or a
 * fresh PostgreSQL schema), seeding feeds × entries through the feed engine's storage (entries
 * are indexed for search as they are stored, like a refresh stores them), starting Brook in its
 * own process with the start script's V8 flags, and one HTTP call.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import pg from 'pg'
import { openDatabase, type OpenDatabase } from '../apps/server/src/db/openDatabase.ts'
import { entryRows, insertFeed, storeEntryRows } from '../apps/server/src/test/factories.ts'
import { feedsRepo } from '../apps/server/src/domains/feeds/repo.ts'
import type { NewEntryRow } from '../apps/server/src/domains/entries/repo.ts'

const here = path.dirname(fileURLToPath(import.meta.url))

/** The V8 flags of Brook's start script (root package.json), so a bench measures what `npm start` runs. */
function startScriptFlags(): string[] {
  const start: string = JSON.parse(fs.readFileSync(path.join(here, '..', 'package.json'), 'utf8')).scripts.start
  return (/node ((?:--[\w-]+(?:=\S+)? )*)apps\/server\/src\/main\.ts/.exec(start)?.[1].trim() ?? '').split(' ').filter(Boolean)
}

/** A bench's database, the env that points Brook at it, and how to remove it. */
export type Place = { database: OpenDatabase; env: Record<string, string>; cleanup(): Promise<void>; label: string }

/**
 * A fresh database: a SQLite file in a temp directory, or — when `databaseUrl` is postgres:// — a
 * new schema (dropped by `cleanup` unless `keep`).
 */
export async function openBenchPlace(options: { name: string; databaseUrl?: string; keep?: boolean }): Promise<Place> {
  const { databaseUrl, keep = false } = options
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `brook-bench-${options.name}-`))
  if (!databaseUrl) {
    const file = path.join(dir, 'brook.db')
    const database = openDatabase({ dialect: 'sqlite', file })
    return {
      database,
      env: { DATA_DIR: dir },
      label: `SQLite ${file}`,
      async cleanup() {
        await database.close()
        if (!keep) fs.rmSync(dir, { recursive: true, force: true })
      },
    }
  }
  const schema = `brook_bench_${crypto.randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  await admin.query(`CREATE SCHEMA ${schema}`)
  await admin.end()
  const database = openDatabase({ dialect: 'postgres', url: databaseUrl, schema, poolSize: 4 })
  const separator = databaseUrl.includes('?') ? '&' : '?'
  return {
    database,
    env: { DATA_DIR: dir, DATABASE_URL: `${databaseUrl}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}` },
    label: `PostgreSQL schema ${schema}`,
    async cleanup() {
      await database.close()
      if (keep) return
      const c = new pg.Client({ connectionString: databaseUrl })
      await c.connect()
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await c.end()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** One entry's title and HTML, made by a bench (default: the same Lorem ipsum body for all). */
export type EntryText = (feed: number, entry: number) => { title?: string; content: string }

/** Entries stored per seeding transaction (whole feeds): fewer, larger FTS5 segments and commits. */
const ENTRIES_PER_TRANSACTION = 10_000
/** SQLite page cache while seeding (the server's own is 32 MB): the entry indexes of a 1,000,000-entry database stay in memory. */
const SEED_CACHE_KIB = 1_048_576

/**
 * `feeds` feeds, each with `entriesPerFeed` entries spread over the last months, through the
 * ingest's storage (`storeEntryRows`: the entries repo's insert, which indexes for search, and the
 * unread counters), whole feeds grouped into transactions of about 10,000 entries, with a 1 GB
 * SQLite page cache meanwhile. Returns the feed ids.
 */
export async function seedFeeds(database: OpenDatabase, options: { feeds: number; entriesPerFeed: number; log: (message: string) => void; text?: EntryText }): Promise<string[]> {
  const feeds: string[] = []
  const started = performance.now()
  const text = options.text
  const perTransaction = Math.max(1, Math.floor(ENTRIES_PER_TRANSACTION / Math.max(1, options.entriesPerFeed)))
  const cache = database.sqlite ? Number(database.sqlite.prepare('pragma cache_size').get()?.cache_size) : null
  database.sqlite?.exec(`pragma cache_size = -${SEED_CACHE_KIB}`)
  try {
    for (let first = 0; first < options.feeds; first += perTransaction) {
      const group: { feedId: string; rows: NewEntryRow[] }[] = []
      for (let f = first; f < Math.min(options.feeds, first + perTransaction); f++) {
        const feedId = await insertFeed(database.db, { title: `Bench feed ${f}`, description: 'A feed for the reading API bench' })
        feeds.push(feedId)
        const newest = new Date(Date.now() - Math.floor(Math.random() * 2 * 86_400_000))
        const stepMs = 3_600_000 * (2 + Math.random() * 10)
        group.push({ feedId, rows: entryRows(feedId, options.entriesPerFeed, { newest, stepMs, guidPrefix: `b${f}`, content: text ? (i) => text(f, i) : `<p>${'Lorem ipsum dolor sit amet. '.repeat(12)}</p>` }) })
      }
      await feedsRepo(database.db).transaction(async (_tx, trx) => {
        for (const { feedId, rows } of group) await storeEntryRows(trx, feedId, rows)
      })
      const done = feeds.length
      if (Math.floor(done / 100) > Math.floor((done - group.length) / 100)) options.log(`seeded ${done} feeds, ${done * options.entriesPerFeed} entries (${((performance.now() - started) / 1000).toFixed(0)} s)`)
    }
  } finally {
    if (cache !== null) database.sqlite?.exec(`pragma cache_size = ${cache}`)
  }
  if (database.dialect === 'postgres') await sql`analyze`.execute(database.db)
  return feeds
}

export type Child = { process: ChildProcess; url: string }

/** Brook (`apps/server/src/main.ts`) in its own process on `env`'s database; resolves with its URL. */
export function startBrook(env: Record<string, string>, profileDir?: string): Promise<Child> {
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []
  const child = spawn(process.execPath, [...startScriptFlags(), ...profile, path.join(here, '../apps/server/src/main.ts')], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SERVICES: 'web', AUTH_RATE_LIMIT: 'false', RATE_LIMIT: 'false', AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /running at (http:\/\/\S+)/.exec(out)
      if (match) resolve({ process: child, url: match[1].replace('localhost', '127.0.0.1') })
    })
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)))
  })
}

/** One JSON call to Brook. */
export async function api(url: string, method: string, p: string, body?: unknown, cookie?: string): Promise<{ status: number; json: any; headers: Headers }> {
  const res = await fetch(url + p, { method, headers: { 'content-type': 'application/json', origin: url, ...(cookie ? { cookie } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) })
  const text = await res.text()
  return { status: res.status, json: text ? JSON.parse(text) : null, headers: res.headers }
}
