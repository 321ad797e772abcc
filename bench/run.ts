/**
 * Benchmark runner: `npm run bench` runs every registered benchmark, `npm run bench -- <name> [args]`
 * one of them (`npm run bench -- parse iterations=5`: npm swallows `--flags` given after the name,
 * so benchmarks also accept `key=value`). Each benchmark is a script in this folder run in its own Node process (a clean heap
 * and its own peak RSS); arguments after the name are passed on. Benchmarks are never part of
 * `npm test`. To add one, add an entry to `benchmarks`.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const here = import.meta.dirname

export const benchmarks: Record<string, { file: string; summary: string; nodeFlags?: string[] }> = {
  parse: { file: 'parse.ts', summary: 'feed parse+normalize(+sanitize) throughput vs rss-parser and bare feedsmith', nodeFlags: ['--expose-gc'] },
  refresh: { file: 'refresh.ts', summary: '10,000 feeds refreshed through scheduler, queue and feed service' },
  'web-offline': { file: 'web-offline.ts', summary: 'local database in Chromium: cold start offline with 10,000 entries and 1,000 subscriptions, writing a 100-entry page' },
  web: { file: 'web.ts', summary: 'reading screens in Chromium: first-route JS (gzip), first entry painted with 1,000 subscriptions, scrolling 10,000 entries' },
  actions: { file: 'actions.ts', summary: 'ingest of 10,000 entries for a subscriber with 50 action rules vs none (overhead target < 30 %)' },
  smtp: { file: 'smtp.ts', summary: 'newsletter-sized e-mail into inboxes over loopback SMTP: messages/s accepted (stored), DATA answer p50/p99' },
  ai: { file: 'ai.ts', summary: 'built-in extractive summaries of 1,000 article-sized texts (en, zh, ja): articles/s, p50/p99' },
  greader: { file: 'greader.ts', summary: 'Google Reader API: stream/contents of a 1,000,000-entry reading list (n=1000, continuations) at 20 connections vs the bare query' },
  search: { file: 'search.ts', summary: 'full-text search on SQLite over the bench/api database: two-word query p99 at 20 connections, indexing entries/s, index share of the database' },
  wallet: { file: 'wallet.ts', summary: 'POWER tips over HTTP at 100 connections: transfers/s, p50/p99, errors, the ledger invariant after the run (SQLite; PostgreSQL with DATABASE_URL)' },
  desktop: { file: 'desktop.ts', summary: 'desktop app under Xvfb: cold launch to the first entry on screen with 1,000 subscriptions, memory of shell + server + window' },
  api: { file: 'api.ts', summary: 'reading API under autocannon: 1,000 subscriptions, 1,000,000 entries; req/s, p50/p99, errors, bare-DB ratio' },
}

function runScript(file: string, args: string[], nodeFlags: string[] = []): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...nodeFlags, path.join(here, file), ...args], { stdio: 'inherit', cwd: here })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

async function main(): Promise<number> {
  const [name, ...args] = process.argv.slice(2)
  if (name === '--help' || name === '-h' || name === 'help') {
    console.log('usage: npm run bench [-- <name> [args]]\n')
    for (const [key, b] of Object.entries(benchmarks)) console.log(`  ${key.padEnd(10)} ${b.summary}`)
    return 0
  }
  if (name) {
    const file = benchmarks[name]?.file ?? `${name}.ts`
    if (!fs.existsSync(path.join(here, file))) {
      console.error(`bench: no benchmark "${name}" (known: ${Object.keys(benchmarks).join(', ')})`)
      return 1
    }
    return runScript(file, args, benchmarks[name]?.nodeFlags)
  }
  let failed = 0
  for (const [key, b] of Object.entries(benchmarks)) {
    if (!fs.existsSync(path.join(here, b.file))) {
      console.log(`\n== ${key}: skipped (${b.file} not present)`)
      continue
    }
    console.log(`\n== ${key}: ${b.summary}`)
    if ((await runScript(b.file, [], b.nodeFlags)) !== 0) failed++
  }
  return failed ? 1 : 0
}

process.exitCode = await main()
