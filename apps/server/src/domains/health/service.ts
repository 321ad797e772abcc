/**
 * The process's health, cheaply: the database answers, and Redis answers when it is configured.
 * One Redis connection is made on first use and kept for the life of the process (the probes
 * share it), so a health check every few seconds opens nothing new.
 */
import type { Redis } from 'ioredis'
import { ioredis } from '../../lib/redisModules.ts'
import type { OpenDatabase } from '../../db/openDatabase.ts'
import { databasePing } from '../../db/health.ts'

export type CheckResult = { status: 'ok'; latencyMs: number } | { status: 'error'; latencyMs: number; message: string } | { status: 'not_configured' }

export type HealthReport = { status: 'ok' | 'error'; checks: { database: CheckResult; redis: CheckResult } }

/** Bounds one check so a hung dependency answers "error" instead of hanging the health check. */
async function timed(run: () => Promise<unknown>, timeoutMs: number): Promise<CheckResult> {
  const start = performance.now()
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([
      run(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)
      }),
    ])
    return { status: 'ok', latencyMs: Math.round(performance.now() - start) }
  } catch (error) {
    return { status: 'error', latencyMs: Math.round(performance.now() - start), message: error instanceof Error ? error.message : String(error) }
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Connects a kept connection when it is not connected yet, waiting at most `timeoutMs` (ioredis
 * keeps retrying an unreachable Redis in the background; the caller answers at once).
 */
export async function redisReady(redis: Redis, timeoutMs = 3000): Promise<void> {
  if (redis.status === 'ready') return
  if (redis.status === 'wait' || redis.status === 'end') redis.connect().catch(() => {})
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([
      new Promise<void>((resolve) => redis.once('ready', () => resolve())),
      new Promise<void>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`Redis did not connect within ${timeoutMs} ms`)), timeoutMs)
      }),
    ])
  } finally {
    clearTimeout(timer)
  }
}

export function createHealthService(deps: { database: OpenDatabase; redisUrl?: string; timeoutMs?: number }) {
  const timeoutMs = deps.timeoutMs ?? 3000
  let redis: Redis | null = null

  /** The shared Redis connection (made on first use); null without REDIS_URL. */
  function redisConnection(): Redis | null {
    if (!deps.redisUrl) return null
    if (!redis) {
      // Fail fast while Redis is down (no offline queue), reconnect in the background.
      redis = new (ioredis().Redis)(deps.redisUrl, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false })
      redis.on('error', () => {})
    }
    return redis
  }

  async function pingRedis(): Promise<unknown> {
    const connection = redisConnection()!
    await redisReady(connection, timeoutMs)
    return connection.ping()
  }

  return {
    redisConnection,

    async check(): Promise<HealthReport> {
      const [database, redisCheck] = await Promise.all([
        timed(() => databasePing(deps.database), timeoutMs),
        deps.redisUrl ? timed(pingRedis, timeoutMs) : Promise.resolve<CheckResult>({ status: 'not_configured' }),
      ])
      const status = database.status === 'ok' && redisCheck.status !== 'error' ? 'ok' : 'error'
      return { status, checks: { database, redis: redisCheck } }
    },

    close(): void {
      redis?.disconnect()
      redis = null
    },
  }
}

export type HealthService = ReturnType<typeof createHealthService>
