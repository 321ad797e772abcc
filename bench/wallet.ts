/**
 * bench/wallet: POWER transfers over HTTP (issue 11). Starts Brook (`apps/server/src/main.ts`, the
 * start script's V8 flags) in its own process on a fresh database (bench/apiSeed.ts), signs up
 * `users` readers over HTTP, credits each from the treasury, then drives tips between random
 * readers (`POST /api/wallets/transactions/tip`, 1 unit, each with its own Idempotency-Key as the
 * web app sends) with autocannon at `connections` concurrent connections for `duration` seconds.
 * Prints transfers/s (200 answers ÷ autocannon's run length), p50/p99 latency, errors, and —
 * after the run — the ledger's invariant (`wallets.audit()`) and that the ledger holds one
 * transfer per 200 answer (plus at most one per connection: requests still in flight when
 * autocannon stops counting are committed without being counted). The machine load (os.loadavg, 1 minute) is printed before
 * and after: the machine may be shared.
 *
 * Target (issue 11): ≥ 1,000 transfers/s, p99 < 50 ms, 0 errors at 100 connections on SQLite; the
 * same on PostgreSQL. SQLite by default; PostgreSQL when DATABASE_URL (or TEST_DATABASE_URL) is
 * postgres://. Usage: `npm run bench -- wallet [users=100] [duration=10] [connections=100] [warmup=3] [profile=DIR]`
 * (warmup: seconds of the same load before the measured run, not counted; profile=DIR: the server runs with `--cpu-prof` and writes its CPU profile to DIR when it stops).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import { walletsRepo } from '../apps/server/src/domains/wallets/repo.ts'
import { createWalletsService } from '../apps/server/src/domains/wallets/service.ts'
import { api, openBenchPlace, startBrook, type Child } from './apiSeed.ts'
import { benchArgs } from './args.ts'

const args = benchArgs()
const USERS = Number(args.get('users') ?? 100)
const DURATION = Number(args.get('duration') ?? 10)
const CONNECTIONS = Number(args.get('connections') ?? 100)
const WARMUP = Number(args.get('warmup') ?? 3)
const PROFILE_DIR = args.get('profile') ? path.resolve(args.get('profile') as string) : undefined
const TARGET_TPS = 1000
const TARGET_P99_MS = 50
const url = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL
const DATABASE_URL = url && /^postgres(ql)?:\/\//.test(url) ? url : undefined

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after "pid (comm) ".
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return null
  }
}

function log(message: string): void {
  process.stderr.write(`[bench/wallet] ${message}\n`)
}

async function main(): Promise<number> {
  const place = await openBenchPlace({ name: 'wallet', databaseUrl: DATABASE_URL })
  let server: Child | null = null
  try {
    await migrateToLatest(place.database.db)
    server = await startBrook({ ...place.env, POWER_DAILY_BASE: '10' }, PROFILE_DIR)
    log(`${place.label}; server ${server.url}`)
    const wallets = createWalletsService({ repo: walletsRepo(place.database.db), config: { POWER_DAILY_BASE: 10 } })
    const users: Array<{ id: string; cookie: string }> = []
    for (let i = 0; i < USERS; i++) {
      const signUp = await api(server.url, 'POST', '/api/auth/sign-up/email', { email: `wallet-${i}@example.com`, password: 'bench password 1', name: `Reader ${i}` })
      if (signUp.status !== 200) throw new Error(`sign-up ${i}: ${signUp.status} ${JSON.stringify(signUp.json)}`)
      const id = signUp.json.user.id as string
      users.push({ id, cookie: signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') })
      // Plenty for the run: a tip moves 1 unit.
      await wallets.rewardUser({ userId: id, amount: 10n ** 24n, reference: 'bench', idempotencyKey: `bench-${id}` })
    }
    log(`${USERS} readers signed up and credited`)
    const tipRequest = (req: any) => {
      const from = users[Math.floor(Math.random() * users.length)]
      let to = users[Math.floor(Math.random() * users.length)]
      if (to === from) to = users[(users.indexOf(from) + 1) % users.length]
      return {
        ...req,
        method: 'POST',
        path: '/api/wallets/transactions/tip',
        headers: { cookie: from.cookie, origin: server!.url, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ amount: '1', userId: to.id }),
      }
    }
    // Warm-up (not measured): the same load for WARMUP seconds, so the run measures the server's
    // steady state rather than V8 compiling the tip path under 100 connections at once.
    if (WARMUP > 0) {
      const warm = await autocannon({ url: server.url, connections: CONNECTIONS, duration: WARMUP, requests: [{ setupRequest: tipRequest }] })
      log(`warm-up: ${warm['2xx']} tips in ${WARMUP} s (not counted)`)
    }
    const tipsBefore = await place.database.db.selectFrom('ledger_transfers').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'tip').executeTakeFirstOrThrow()
    const loadBefore = os.loadavg()[0]
    const cpuBefore = cpuSeconds(server.process.pid)
    const started = performance.now()
    const result = await autocannon({ url: server.url, connections: CONNECTIONS, duration: DURATION, requests: [{ setupRequest: tipRequest }] })
    const seconds = result.duration || (performance.now() - started) / 1000
    const loadAfter = os.loadavg()[0]
    const cpuAfter = cpuSeconds(server.process.pid)
    const tipsAfter = await place.database.db.selectFrom('ledger_transfers').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'tip').executeTakeFirstOrThrow()
    const transfers = Number(tipsAfter.n) - Number(tipsBefore.n)
    const ok2xx = result['2xx']
    const errors = result.errors + result.timeouts + result.non2xx
    const audit = await wallets.audit()
    const tps = ok2xx / seconds
    const ledgerMatches = transfers >= ok2xx && transfers <= ok2xx + CONNECTIONS
    console.log(`bench/wallet on ${DATABASE_URL ? 'PostgreSQL' : 'SQLite'}: ${USERS} readers, ${CONNECTIONS} connections, ${DURATION} s`)
    console.log(`  transfers: ${ok2xx} answered 200 in ${seconds.toFixed(1)} s = ${tps.toFixed(0)} transfers/s (ledger: ${transfers} tips, ${ledgerMatches ? 'one per 200 answer plus the requests in flight at the end' : 'DOES NOT MATCH the answers'})`)
    console.log(`  latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; errors ${errors}`)
    if (cpuBefore !== null && cpuAfter !== null && ok2xx > 0) {
      const cpu = cpuAfter - cpuBefore
      // What the server process itself spent per transfer: less sensitive to the machine's load than
      // transfers/s, since other processes' time is not counted (they still evict caches).
      console.log(`  server CPU: ${cpu.toFixed(1)} s for the run = ${((cpu * 1000) / ok2xx).toFixed(2)} ms per transfer (${(ok2xx / cpu).toFixed(0)} transfers per CPU-second); ${(cpu / seconds).toFixed(2)} cores used on average`)
    }
    console.log(`  invariant after the run: ${audit.ok ? 'holds' : 'BROKEN'} (minted ${audit.minted}, held ${audit.held}, negative ${audit.negative.length})`)
    console.log(`  machine load (1 min): ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after, ${os.cpus().length} cores`)
    const met = tps >= TARGET_TPS && result.latency.p99 < TARGET_P99_MS && errors === 0
    console.log(`  target (≥ ${TARGET_TPS} transfers/s, p99 < ${TARGET_P99_MS} ms, 0 errors): ${met ? 'met' : 'NOT met'}`)
    return audit.ok && ledgerMatches ? 0 : 1
  } finally {
    if (server && server.process.exitCode === null) {
      server.process.kill('SIGTERM')
      await new Promise((resolve) => server?.process.once('exit', resolve))
    }
    if (PROFILE_DIR) console.log(`server CPU profile: ${PROFILE_DIR}`)
    await place.cleanup()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
