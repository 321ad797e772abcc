/** Health checks of the configured backing services. */
import { Redis } from 'ioredis'
import { Queue } from 'bullmq'
import { request } from 'undici'
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

function redisClient(url: string): Redis {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null })
  // Failures surface through the probe's result; without a listener ioredis would print them.
  redis.on('error', () => {})
  return redis
}

export async function probeRedis(url: string | undefined): Promise<ProbeResult> {
  if (!url) return { status: 'not_configured' }
  const redis = redisClient(url)
  try {
    return await timed(async () => {
      await redis.connect()
      const pong = await redis.ping()
      return { reply: pong }
    })
  } finally {
    redis.disconnect()
  }
}

export async function probeBullmq(url: string | undefined): Promise<ProbeResult> {
  if (!url) return { status: 'not_configured' }
  const connection = redisClient(url)
  const queue = new Queue(REFRESH_QUEUE, { connection })
  queue.on('error', () => {})
  try {
    return await timed(async () => {
      await queue.waitUntilReady()
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed')
      return { queue: REFRESH_QUEUE, counts }
    })
  } finally {
    await queue.close().catch(() => {})
    connection.disconnect()
  }
}

export async function probeRsshub(url: string | undefined): Promise<ProbeResult> {
  if (!url) return { status: 'not_configured' }
  return timed(async () => {
    const r = await request(url, { method: 'GET', headersTimeout: 5000, bodyTimeout: 5000 })
    await r.body.dump()
    if (r.statusCode >= 500) throw new Error(`HTTP ${r.statusCode}`)
    return { httpStatus: r.statusCode }
  })
}
