/**
 * @module The per-host fetch cap shared by every Brook process through Redis (REDIS_URL): at most
 * `limit` fetches of one host run at once across all worker and web processes, where the in-process
 * limiter (keyedLimiter.ts) allowed `limit` per process — k workers hit a host k times as hard.
 *
 * A slot is a member of a sorted set per host (`{prefix}:host-slots:{host}`) scored with the time
 * its lease ends (Redis's own clock, so machines' clocks do not matter). Taking a slot is one Lua
 * script: drop ended leases, count, add when below the limit. A process that dies holding slots
 * loses them when their leases end (the fetch deadline plus a margin: no fetch outlives it). A
 * waiter asks again after a short, growing delay (10 → 100 ms, jittered); in front of Redis each
 * process keeps its own limiter with the same limit, so at most `limit` of its tasks per host ever
 * ask. When Redis does not answer, the fetch runs under the process's own limit (logged once per
 * outage) rather than not at all.
 */
import crypto from 'node:crypto'
import type { Redis } from 'ioredis'
import type { Logger } from '../../lib/logger.ts'
import { ioredis } from '../../lib/redisModules.ts'
import { createKeyedLimiter, type KeyedLimiter } from './keyedLimiter.ts'

const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
  return 1
end
return 0
`

export type RedisKeyedLimiterOptions = {
  url: string
  limit: number
  /** How long a slot is held at most (the fetch deadline plus a margin). */
  leaseMs: number
  logger: Logger
  /** Key prefix (BullMQ's, `brook` by default; tests use their own). */
  prefix?: string
}

export type SharedKeyedLimiter = KeyedLimiter & { close(): Promise<void> }

export function createRedisKeyedLimiter(options: RedisKeyedLimiterOptions): SharedKeyedLimiter {
  const prefix = options.prefix ?? 'brook'
  const local = createKeyedLimiter(options.limit)
  let redis: Redis | null = null
  let outage = false
  /** Tasks inside run() now; close() waits for them so their slots are given back, not left to expire. */
  let inFlight = 0
  let drained: (() => void) | null = null
  const connection = () => (redis ??= new (ioredis().Redis)(options.url, { maxRetriesPerRequest: 1 }))
  const keyOf = (key: string) => `${prefix}:host-slots:${key}`

  /** Waits for a slot of `key` in Redis; false when Redis fails (the caller goes on without it). */
  async function acquire(key: string, token: string): Promise<boolean> {
    let delay = 10
    for (;;) {
      try {
        const taken = await connection().eval(ACQUIRE, 1, keyOf(key), options.limit, token, options.leaseMs)
        if (outage) options.logger.info('per-host fetch limits are shared through Redis again')
        outage = false
        if (taken === 1) return true
      } catch (error) {
        if (!outage) options.logger.warn({ err: error }, 'Redis did not answer: per-host fetch limits apply per process until it does')
        outage = true
        return false
      }
      await new Promise((resolve) => setTimeout(resolve, delay * (0.5 + Math.random())))
      delay = Math.min(100, delay * 2)
    }
  }

  return {
    async run(key, task) {
      inFlight++
      try {
        return await local.run(key, async () => {
          const token = crypto.randomBytes(9).toString('base64url')
          const held = await acquire(key, token)
          try {
            return await task()
          } finally {
            if (held) await connection().zrem(keyOf(key), token).catch(() => 0)
          }
        })
      } finally {
        if (--inFlight === 0) drained?.()
      }
    },
    active: (key) => local.active(key),
    async close() {
      if (inFlight > 0) await new Promise<void>((resolve) => (drained = resolve))
      await redis?.quit().catch(() => {})
      redis = null
    },
  }
}
