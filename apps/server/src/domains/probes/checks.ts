/** Health checks of the configured backing services. */
import type { Redis } from 'ioredis'
import { redisReady } from '../health/service.ts'
import type { Queue } from 'bullmq'
import { bullmq } from '../../lib/redisModules.ts'
import { undici } from '../../lib/undiciModule.ts'
import type { OpenDatabase } from '../../db/openDatabase.ts'
import { databaseVersion } from '../../db/health.ts'
import { REFRESH_QUEUE } from '../../jobs/queueNames.ts'

export type ProbeResult =
  | { status: 'ok'; latencyMs: number; detail?: Record<string, unknown> }
  | { status: 'not_configured' }
  | { status: 'error'; latencyMs: number; message: string }

async function timed(run: () => Promise<Record<string, unknown> | void>): Promise<ProbeResult> {
  const start = performance.now()
  try {
    const detail = await run()
    return { status: 'ok', latencyMs: Math.round(performance.now() - start), ...(detail ? { detail } : {}) }
  } catch (error) {
    return { status: 'error', latencyMs: Math.round(performance.now() - start), message: error instanceof Error ? error.message : String(error) }
  }
}

export async function probeDatabase(database: OpenDatabase): Promise<ProbeResult> {
  if (database.dialect !== 'postgres') return { status: 'not_configured' }
  return timed(async () => ({ version: await databaseVersion(database) }))
}

/** PING over the process's shared Redis connection (domains/health); nothing new is opened. */
export async function probeRedis(redis: Redis | null): Promise<ProbeResult> {
  if (!redis) return { status: 'not_configured' }
  return timed(async () => {
    await redisReady(redis)
    return { reply: await redis.ping() }
  })
}

/** One Queue handle per shared connection, made on first use. */
const queues = new WeakMap<Redis, Queue>()

/** The refresh queue's job counts, over the shared connection. */
export async function probeBullmq(redis: Redis | null): Promise<ProbeResult> {
  if (!redis) return { status: 'not_configured' }
  return timed(async () => {
    await redisReady(redis)
    let queue = queues.get(redis)
    if (!queue) {
      queue = new (bullmq().Queue)(REFRESH_QUEUE, { connection: redis })
      queue.on('error', () => {})
      queues.set(redis, queue)
    }
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed')
    return { queue: REFRESH_QUEUE, counts }
  })
}

export async function probeRsshub(url: string | undefined): Promise<ProbeResult> {
  if (!url) return { status: 'not_configured' }
  return timed(async () => {
    const r = await undici().request(url, { method: 'GET', headersTimeout: 5000, bodyTimeout: 5000 })
    await r.body.dump()
    if (r.statusCode >= 500) throw new Error(`HTTP ${r.statusCode}`)
    return { httpStatus: r.statusCode }
  })
}
