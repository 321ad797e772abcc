/**
 * The per-host fetch limit shared through Redis (TEST_REDIS_URL): two worker processes refreshing
 * feeds of one loopback host never fetch from it more than REFRESH_HOST_CONCURRENCY at once in
 * total — with a limit per process they would reach twice that. Without TEST_REDIS_URL the suite
 * is reported as skipped.
 */
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Redis } from 'ioredis'
import { newId } from '@brook/shared'
import { testEnv } from '../../env.ts'
import { createLogger } from '../../lib/logger.ts'
import { createTestDatabase, type TestDatabase } from '../../test/testDatabase.ts'
import { startRefreshWorker, type RefreshWorker } from '../../test/refreshWorkerProcess.ts'
import { createBullmqQueue } from '../../jobs/bullmqQueue.ts'
import { createRedisKeyedLimiter } from './redisKeyedLimiter.ts'

const redisUrl = testEnv.redisUrl
const suite = redisUrl ? describe : describe.skip
const title = redisUrl ? 'per-host fetch limits shared through Redis' : 'per-host fetch limits shared through Redis — skipped: TEST_REDIS_URL is not set'
const logger = createLogger('silent')
const LIMIT = 2

/**
 * One loopback host serving a small RSS document at /feed/<n>, counting requests in flight. Each
 * answer waits until one more request than the limit is in flight (the limit is broken: answer at
 * once, the maximum is recorded) or 250 ms have passed — so requests overlap whenever the
 * processes let them.
 */
async function startHost(limit: number) {
  let inFlight = 0
  let max = 0
  let served = 0
  const waiting = new Set<() => void>()
  const server = http.createServer((req, res) => {
    inFlight++
    max = Math.max(max, inFlight)
    const answer = () => {
      waiting.delete(answer)
      clearTimeout(timer)
      inFlight--
      served++
      res.setHeader('content-type', 'application/rss+xml')
      res.end(`<?xml version="1.0"?><rss version="2.0"><channel><title>${req.url}</title><link>http://example.com/</link><item><guid>${req.url}-1</guid><title>one</title></item></channel></rss>`)
    }
    const timer = setTimeout(answer, 250)
    waiting.add(answer)
    if (inFlight > limit) for (const waiter of [...waiting]) waiter()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    max: () => max,
    served: () => served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

suite(title, () => {
  let database: TestDatabase
  let prefix: string
  beforeAll(async () => {
    database = await createTestDatabase('sqlite')
    prefix = `brook-test-${crypto.randomBytes(5).toString('hex')}`
  })
  afterAll(async () => {
    await database.dispose()
    const redis = new Redis(redisUrl!)
    const keys = await redis.keys(`${prefix}:*`)
    if (keys.length) await redis.del(...keys)
    await redis.quit()
  })

  it('two worker processes fetch one host at most REFRESH_HOST_CONCURRENCY at once between them, and both work', async () => {
    const host = await startHost(LIMIT)
    const now = new Date().toISOString()
    const feeds = Array.from({ length: 24 }, (_, i) => ({ id: newId(), url: `${host.origin}/feed/${i}`, title: `Feed ${i}`, nextCheckAt: now, subscriptionCount: 1, createdAt: now, updatedAt: now }))
    await database.db.insertInto('feeds').values(feeds).execute()
    const env = { ...database.location, REDIS_URL: redisUrl!, FETCH_ALLOW_PRIVATE_NETWORKS: 'true', REFRESH_CONCURRENCY: '6', REFRESH_HOST_CONCURRENCY: String(LIMIT), LOG_LEVEL: 'silent' }
    const workers: RefreshWorker[] = [startRefreshWorker({ ...env, WORKER_ID: '1' }, prefix), startRefreshWorker({ ...env, WORKER_ID: '2' }, prefix)]
    try {
      await Promise.all(workers.map((w) => w.ready))
      const producer = createBullmqQueue({ url: redisUrl!, logger, prefix })
      await producer.enqueue(feeds.map((f) => ({ feedId: f.id, url: f.url })))
      for (;;) {
        const checked = await database.db.selectFrom('feeds').select('id').where('checkedAt', 'is not', null).where('leaseOwner', 'is', null).execute()
        if (checked.length === feeds.length) break
        await new Promise((r) => setTimeout(r, 100))
      }
      await producer.close()
      const results = await Promise.all(workers.map((w) => w.stop()))
      expect(host.served()).toBe(feeds.length)
      // Both processes refreshed feeds, and together never more than the limit at once (the limit was reached).
      expect(results.map((r) => r.refreshed > 0)).toEqual([true, true])
      expect(results[0].refreshed + results[1].refreshed).toBe(feeds.length)
      expect(host.max()).toBe(LIMIT)
      const errors = await database.db.selectFrom('feeds').select('id').where('errorCount', '>', 0).execute()
      expect(errors).toEqual([])
    } finally {
      await Promise.allSettled(workers.map((w) => w.stop()))
      await host.close()
    }
  })

  it('a slot held by a process that died comes back when its lease ends', async () => {
    const first = createRedisKeyedLimiter({ url: redisUrl!, limit: 1, leaseMs: 300, logger, prefix })
    const second = createRedisKeyedLimiter({ url: redisUrl!, limit: 1, leaseMs: 300, logger, prefix })
    let release!: () => void
    let started!: () => void
    const holding = new Promise<void>((resolve) => (started = resolve))
    // The first limiter takes the slot and never gives it back while the test runs (a stuck or dead holder).
    const stuck = first.run('lease.example', () => new Promise<void>((resolve) => {
      release = resolve
      started()
    }))
    await holding
    const order: string[] = []
    await second.run('lease.example', async () => void order.push('second ran'))
    order.push('after')
    expect(order).toEqual(['second ran', 'after'])
    release()
    await stuck
    await first.close()
    await second.close()
  })
})
