/**
 * Action rules at ingest (issue 12): 10,000 entries stored in batches of 100 through the ingest's
 * storage path (storeEntries, one transaction per batch, as a refresh does) for a subscriber with
 * 50 enabled rules (text, regex, number conditions; star/silence/block/rewrite results), against
 * the same ingest for a subscriber without rules. SQLite in a temp dir. Prints both times and the
 * overhead (target < 30 %). `entries=N` changes the count, `rounds=N` the alternating runs (best
 * of each is kept). Both wall time and the process's CPU time are printed: on a shared, loaded
 * machine CPU time is the steadier measure (SQLite runs in-process, so it covers the database too).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { newId } from '@brook/shared'
import { openDatabase } from '../apps/server/src/db/openDatabase.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import { feedsRepo } from '../apps/server/src/domains/feeds/repo.ts'
import { subscriptionsRepo } from '../apps/server/src/domains/subscriptions/repo.ts'
import { storeEntries } from '../apps/server/src/domains/entries/storeEntries.ts'
import type { PreparedEntry } from '../apps/server/src/domains/entries/entryRows.ts'

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]))
const ENTRIES = Number(args.get('entries') ?? 10_000)
const ROUNDS = Number(args.get('rounds') ?? 3)
const BATCH = 100

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-bench-actions-'))
const database = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'bench.db') })
await migrateToLatest(database.db)
const db = database.db
const now = () => new Date().toISOString()

async function user(name: string): Promise<string> {
  const id = newId()
  await db.insertInto('user').values({ id, name, email: `${name}-${id}@bench.example`, emailVerified: false, image: null, createdAt: new Date(), updatedAt: new Date(), twoFactorEnabled: false, role: 'free', roleEndAt: null, handle: null, bio: null, website: null, socialLinks: null }).execute()
  return id
}

async function feedFor(userId: string, label: string): Promise<string> {
  const id = newId()
  await db.insertInto('feeds').values({ id, url: `https://bench.example/${label}/${id}.xml`, title: `Bench ${label}`, description: null, siteUrl: 'https://bench.example/', image: null, language: null, ownerUserId: null, etag: null, lastModified: null, checkedAt: null, nextCheckAt: null, errorAt: null, errorMessage: null, ttlMinutes: null, latestEntryPublishedAt: null, createdAt: now(), updatedAt: now(), leaseUntil: null, leaseOwner: null }).execute()
  await subscriptionsRepo(db).subscribe(userId, { feedId: id }, { view: 0, title: null, category: 'Bench', isPrivate: 0, hideFromTimeline: 0 }, now())
  return id
}

function rules(): unknown[] {
  const out: unknown[] = []
  for (let i = 0; i < 50; i++) {
    const kind = i % 5
    const condition =
      kind === 0 ? [[{ field: 'title', operator: 'contains', value: `keyword${i}` }]]
      : kind === 1 ? [[{ field: 'content', operator: 'regex', value: `\\bterm${i}[a-z]*\\b` }]]
      : kind === 2 ? [[{ field: 'author', operator: 'eq', value: `author ${i}` }, { field: 'entry_age', operator: 'lt', value: '30' }]]
      : kind === 3 ? [[{ field: 'url', operator: 'not_contains', value: 'bench.example' }], [{ field: 'feed_title', operator: 'eq', value: `nothing ${i}` }]]
      : [[{ field: 'title', operator: 'regex', value: `^Entry \\d+${i % 10}$` }]]
    const result = kind === 0 ? { star: true } : kind === 1 ? { silence: true } : kind === 2 ? { block: true } : kind === 3 ? { summary: true } : { rewriteRules: [{ from: 'Entry', to: 'Item' }] }
    out.push({ name: `rule ${i}`, disabled: false, condition, result })
  }
  return out
}

function batch(offset: number, count: number): PreparedEntry[] {
  const at = Date.now()
  return Array.from({ length: count }, (_, k) => {
    const n = offset + k
    const publishedAt = new Date(at - n * 60_000).toISOString()
    return {
      guid: `g-${n}`,
      datePublished: true,
      content: { title: `Entry ${n}`, url: `https://bench.example/e/${n}`, description: 'A short description', content: `<p>Paragraph of entry ${n} with some words, term${n % 97}ish and more text to scan through.</p>`.repeat(4), author: `author ${n % 60}`, authorUrl: null, authorAvatar: null, publishedAt, updatedAt: null, categories: null, media: null, attachments: null, extra: null, language: null, contentHash: `h-${n}` },
    }
  })
}

type Run = { wall: number; cpu: number }

async function ingest(feedId: string): Promise<Run> {
  const started = performance.now()
  const cpu = process.cpuUsage()
  for (let offset = 0; offset < ENTRIES; offset += BATCH) {
    const entries = batch(offset, Math.min(BATCH, ENTRIES - offset))
    await feedsRepo(db).transaction((_tx, trx) => storeEntries(trx, feedId, entries, new Date()), { lockFeedId: feedId })
  }
  const used = process.cpuUsage(cpu)
  return { wall: performance.now() - started, cpu: (used.user + used.system) / 1000 }
}

const plain = await user('plain')
const ruled = await user('ruled')
await db.insertInto('action_rules').values({ userId: ruled, rules: JSON.stringify(rules()), active: 50, updatedAt: now() }).execute()
// Warm-up, then alternate the two so machine noise falls on both.
await ingest(await feedFor(plain, 'warm'))
const times = { none: [] as Run[], rules: [] as Run[] }
for (let round = 0; round < ROUNDS; round++) {
  times.none.push(await ingest(await feedFor(plain, `none${round}`)))
  times.rules.push(await ingest(await feedFor(ruled, `rules${round}`)))
}
const best = (runs: Run[], key: keyof Run) => Math.min(...runs.map((r) => r[key]))
const affected = await db.selectFrom('entry_actions').select((eb) => eb.fn.countAll().as('n')).where('userId', '=', ruled).executeTakeFirstOrThrow()
console.log(`entries per run: ${ENTRIES} (batches of ${BATCH}); rules: 50; entries the rules changed: ${Number(affected.n) / ROUNDS}; best of ${ROUNDS}`)
for (const key of ['wall', 'cpu'] as const) {
  const none = best(times.none, key)
  const withRules = best(times.rules, key)
  console.log(`${key.padEnd(4)}  no rules: ${none.toFixed(0)} ms (${((ENTRIES / none) * 1000).toFixed(0)} entries/s)  50 rules: ${withRules.toFixed(0)} ms (${((ENTRIES / withRules) * 1000).toFixed(0)} entries/s)  overhead: ${(((withRules - none) / none) * 100).toFixed(1)} % (target < 30 %)`)
}
await database.close()
fs.rmSync(dir, { recursive: true, force: true })
