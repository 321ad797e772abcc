/**
 * A refresh worker process for tests that need more than one: the feed service and a BullMQ worker
 * over the database and Redis the test names, as `SERVICES=worker` builds them (the per-host fetch
 * limit shared through Redis included), on the test's own key prefix. Started by
 * `startRefreshWorker`; prints `ready` once it consumes, and on stdin's end closes and prints
 * `{"refreshed": n}` (the tasks it ran).
 *
 * Usage: node refreshWorkerProcess.ts '{"env": {...}, "prefix": "brook-test-…"}'
 */
import { spawn } from 'node:child_process'
import readline from 'node:readline'
import { fileURLToPath } from 'node:url'
import { setIdWorker } from '@brook/shared'
import { databaseLocation, parseEnv } from '../env.ts'
import { openDatabase } from '../db/openDatabase.ts'
import { createLogger } from '../lib/logger.ts'
import { feedsRepo } from '../domains/feeds/repo.ts'
import { createFeedService } from '../domains/feeds/service.ts'
import { createBullmqQueue } from '../jobs/bullmqQueue.ts'
import { runRefreshFeedTask } from '../jobs/RefreshFeedTask.ts'

export type RefreshWorker = { ready: Promise<void>; stop(): Promise<{ refreshed: number }> }

/** Starts one worker process; `env` is the server's environment (DATA_DIR/DATABASE_URL, REDIS_URL, limits, its own WORKER_ID). */
export function startRefreshWorker(env: Record<string, string>, prefix: string): RefreshWorker {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), JSON.stringify({ env, prefix })], { stdio: ['pipe', 'pipe', 'inherit'] })
  const lines = readline.createInterface({ input: child.stdout })
  let onReady: () => void
  let onResult: (result: { refreshed: number }) => void
  const ready = new Promise<void>((resolve) => (onReady = resolve))
  const result = new Promise<{ refreshed: number }>((resolve) => (onResult = resolve))
  lines.on('line', (line) => (line === 'ready' ? onReady() : line.startsWith('{') ? onResult(JSON.parse(line)) : undefined))
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`refresh worker exited with ${code}`))))
  return {
    ready: Promise.race([ready, exited]),
    async stop() {
      child.stdin.end()
      return Promise.race([result, exited])
    },
  }
}

async function main(): Promise<void> {
  const { env: vars, prefix } = JSON.parse(process.argv[2]) as { env: Record<string, string>; prefix: string }
  const env = parseEnv({ ...vars, SERVICES: 'worker' })
  // Its own snowflake worker id, as each process of an instance has (WORKER_ID): ids never collide.
  setIdWorker(env.WORKER_ID ?? 0)
  const logger = createLogger(env.LOG_LEVEL)
  const database = openDatabase(databaseLocation(env))
  const feeds = createFeedService({ repo: feedsRepo(database.db), env, logger, redisPrefix: prefix })
  const queue = createBullmqQueue({ url: env.REDIS_URL!, logger, prefix })
  let refreshed = 0
  queue.process(async (task) => {
    refreshed++
    return runRefreshFeedTask(feeds, task)
  }, { concurrency: env.REFRESH_CONCURRENCY })
  process.stdout.write('ready\n')
  process.stdin.resume()
  await new Promise((resolve) => process.stdin.once('end', resolve))
  await queue.close()
  await feeds.close()
  await database.close()
  process.stdout.write(`${JSON.stringify({ refreshed })}\n`)
  process.exit(0)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
