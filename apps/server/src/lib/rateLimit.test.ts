/**
 * The abuse limiter on both stores: this process's memory, and Redis (TEST_REDIS_URL), where two
 * app instances — two web processes — share one count.
 */
import crypto from 'node:crypto'
import { Hono } from 'hono'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { testEnv } from '../env.ts'
import type { AppEnv, SessionUser } from './context.ts'
import { createRateLimits, type RateLimits } from './rateLimit.ts'

const policy = { name: 'fetch', limit: 3, windowMs: 60_000 }

/** A tiny app whose `x-user` header signs the request in as that user. */
function appWith(limits: RateLimits, addressLimit: number) {
  const app = new Hono<AppEnv>()
  app.use('*', async (c, next) => {
    const id = c.req.header('x-user')
    c.set('user', id ? ({ id } as SessionUser) : null)
    await next()
  })
  app.post('/fetch', limits.limit(policy, addressLimit), (c) => c.json({ code: 0, data: 'fetched' }))
  return app
}

// app.request() has no socket: every request comes from the same (unknown) address.
const call = (app: Hono<AppEnv>, user?: string) => app.request('/fetch', { method: 'POST', headers: user ? { 'x-user': user } : {} })

const redisUrl = testEnv.redisUrl
const stores: [string, () => { limits: () => RateLimits; cleanup: () => Promise<void> }][] = [['memory', () => ({ limits: () => createRateLimits(), cleanup: async () => {} })]]
const clients: Redis[] = []
if (redisUrl) {
  stores.push([
    'redis',
    () => {
      const prefix = `brook-test-rl-${crypto.randomBytes(5).toString('hex')}:`
      return {
        limits: () => {
          const redis = new Redis(redisUrl)
          clients.push(redis)
          return createRateLimits({ redis, prefix })
        },
        cleanup: async () => {
          const redis = clients[0]
          const keys = await redis.keys(`${prefix}*`)
          if (keys.length) await redis.del(...keys)
        },
      }
    },
  ])
} else {
  describe.skip('rate limits on Redis (TEST_REDIS_URL not set)', () => it('skipped', () => {}))
}
afterAll(async () => {
  for (const c of clients) c.disconnect()
})

describe.each(stores)('rate limits (%s store)', (_name, make) => {
  it('lets a user make `limit` requests, then answers 429 with Retry-After and code 1008; other users are not affected', async () => {
    const store = make()
    const app = appWith(store.limits(), 100)
    for (let i = 0; i < 3; i++) expect((await call(app, 'alice')).status).toBe(200)
    const refused = await call(app, 'alice')
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    const body = (await refused.json()) as { reason: string }
    expect(body).toMatchObject({ code: 1008, message: 'Too many requests, try again later', data: { retryAfter } })
    expect(body.reason).toContain('try again in')
    expect((await call(app, 'bob')).status).toBe(200)
    await store.cleanup()
  })

  it('limits one address across users and anonymous requests', async () => {
    const store = make()
    const app = appWith(store.limits(), 4)
    const statuses = []
    for (const user of ['a', 'b', undefined, 'c', 'd', undefined]) statuses.push((await call(app, user)).status)
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429])
    await store.cleanup()
  })
})

if (redisUrl) {
  it('two processes sharing Redis share one count', async () => {
    const prefix = `brook-test-rl-${crypto.randomBytes(5).toString('hex')}:`
    const one = new Redis(redisUrl)
    const two = new Redis(redisUrl)
    clients.push(one, two)
    const first = appWith(createRateLimits({ redis: one, prefix }), 100)
    const second = appWith(createRateLimits({ redis: two, prefix }), 100)
    expect((await call(first, 'alice')).status).toBe(200)
    expect((await call(second, 'alice')).status).toBe(200)
    expect((await call(first, 'alice')).status).toBe(200)
    expect((await call(second, 'alice')).status).toBe(429)
    const keys = await one.keys(`${prefix}*`)
    if (keys.length) await one.del(...keys)
  })
}
