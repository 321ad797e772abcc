/**
 * What bench/api and bench/search share: seeding feeds × entries through the feed engine's
 * storage (entries are indexed for search as they are stored, like a refresh stores them),
 * starting Brook in its own process with the start script's V8 flags, and one HTTP call.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import type { OpenDatabase } from '../apps/server/src/db/openDatabase.ts'
import { insertEntries, insertFeed } from '../apps/server/src/test/factories.ts'

const here = path.dirname(fileURLToPath(import.meta.url))

/** The V8 flags of Brook's start script (root package.json), so a bench measures what `npm start` runs. */
function startScriptFlags(): string[] {
  const start: string = JSON.parse(fs.readFileSync(path.join(here, '..', 'package.json'), 'utf8')).scripts.start
  return (/node ((?:--[\w-]+(?:=\S+)? )*)apps\/server\/src\/main\.ts/.exec(start)?.[1].trim() ?? '').split(' ').filter(Boolean)
}

/** One entry's title and HTML, made by a bench (default: the same Lorem ipsum body for all). */
export type EntryText = (feed: number, entry: number) => { title?: string; content: string }

/** `feeds` feeds, each with `entriesPerFeed` entries spread over the last months, through the ingest's storage. */
export async function seedFeeds(database: OpenDatabase, options: { feeds: number; entriesPerFeed: number; log: (message: string) => void; text?: EntryText }): Promise<string[]> {
  const feeds: string[] = []
  const started = performance.now()
  for (let f = 0; f < options.feeds; f++) {
    const feedId = await insertFeed(database.db, { title: `Bench feed ${f}`, description: 'A feed for the reading API bench' })
    feeds.push(feedId)
    const newest = new Date(Date.now() - Math.floor(Math.random() * 2 * 86_400_000))
    const stepMs = 3_600_000 * (2 + Math.random() * 10)
    const text = options.text
    await insertEntries(database.db, feedId, options.entriesPerFeed, { newest, stepMs, guidPrefix: `b${f}`, content: text ? (i) => text(f, i) : `<p>${'Lorem ipsum dolor sit amet. '.repeat(12)}</p>` })
    if ((f + 1) % 100 === 0) options.log(`seeded ${f + 1} feeds, ${(f + 1) * options.entriesPerFeed} entries (${((performance.now() - started) / 1000).toFixed(0)} s)`)
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
