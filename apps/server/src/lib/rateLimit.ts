/**
 * Abuse limits for the routes that make the server fetch other sites or do expensive work:
 * hono-rate-limiter counting per signed-in user and per client address, in memory for one
 * process or in Redis (REDIS_URL) so every web process shares the counts. A limited request
 * gets 429 with `Retry-After` and the catalogue envelope (code 1008).
 */
import type { MiddlewareHandler } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { MemoryStore, RedisStore, rateLimiter, type Store } from 'hono-rate-limiter'
import type { Redis } from 'ioredis'
import { ErrorCatalogue } from '@brook/shared'
import type { AppEnv } from './context.ts'

/**
 * Routes that make the server fetch other sites for a user, limited per user and per address
 * (GET /api/feeds only when it looks a feed up by `url`). OPML import has its own daily quota.
 * The feed-claim challenge fetches the feed and its site at once (docs/power.md).
 */
export const FETCHING_ROUTES: [method: 'GET' | 'POST', path: string][] = [
  ['POST', '/api/discover'],
  ['GET', '/api/feeds'],
  ['POST', '/api/feeds/refresh'],
  ['POST', '/api/subscriptions'],
  ['POST', '/api/entries/preview'],
  ['POST', '/api/entries/readability'],
  ['POST', '/api/feeds/claim/challenge'],
]

/** One limit: at most `limit` requests per `windowMs` for one key. */
export type RateLimitPolicy = { name: string; limit: number; windowMs: number }

/** The Redis commands RedisStore needs, over an ioredis client. */
function redisClient(redis: Redis) {
  return {
    scriptLoad: (script: string) => redis.script('LOAD', script) as Promise<string>,
    evalsha: <TArgs extends unknown[], TData = unknown>(sha1: string, keys: string[], args: TArgs) =>
      redis.evalsha(sha1, keys.length, ...keys, ...(args as (string | number)[])) as Promise<TData>,
    decr: (key: string) => redis.decr(key),
    del: (key: string) => redis.del(key),
  }
}

/** The address the request came from (the TCP peer: a proxy in front is one client). */
export function clientAddress(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

export type RateLimits = {
  /**
   * A middleware enforcing `policy` per signed-in user and `addressLimit` per client address
   * (an anonymous request counts only against its address).
   */
  limit(policy: RateLimitPolicy, addressLimit: number): MiddlewareHandler<AppEnv>
  /** Closes the Redis connection, if any. */
  close(): void
}

/** Builds limiters over one store kind: Redis when a client is given, else this process's memory. */
export function createRateLimits(options: { redis?: Redis | null; prefix?: string } = {}): RateLimits {
  const prefix = options.prefix ?? 'brook:rl:'
  // While Redis is unreachable the limiter lets requests through (see limit()); ioredis keeps
  // reconnecting in the background, and its errors would otherwise be printed as unhandled.
  options.redis?.on('error', () => {})
  const store = (name: string): Store<AppEnv> =>
    options.redis ? new RedisStore<AppEnv>({ client: redisClient(options.redis), prefix: `${prefix}${name}:` }) : new MemoryStore<AppEnv>()

  const limiter = (name: string, limit: number, windowMs: number, key: (c: Parameters<MiddlewareHandler<AppEnv>>[0]) => string | null): MiddlewareHandler<AppEnv> =>
    rateLimiter<AppEnv>({
      windowMs,
      limit,
      standardHeaders: 'draft-6',
      store: store(name),
      skip: (c) => key(c) === null,
      keyGenerator: (c) => key(c) ?? '',
      handler: (c) => {
        const info = c.get('rateLimit' as never) as { resetTime?: Date } | undefined
        const seconds = Math.max(1, Math.ceil(((info?.resetTime?.getTime() ?? Date.now() + windowMs) - Date.now()) / 1000))
        c.header('Retry-After', String(seconds))
        return c.json({ code: 1008, message: ErrorCatalogue[1008], reason: `At most ${limit} requests a minute for this action; try again in ${seconds} s`, data: { retryAfter: seconds } }, 429)
      },
    })

  return {
    close() {
      options.redis?.disconnect()
    },
    limit(policy, addressLimit) {
      const perUser = limiter(`${policy.name}:user`, policy.limit, policy.windowMs, (c) => {
        const user = c.get('user')
        return user ? user.id : null
      })
      const perAddress = limiter(`${policy.name}:addr`, addressLimit, policy.windowMs, (c) => clientAddress(c))
      return async (c, next) => {
        let passed = false
        let refusal: Response | void
        try {
          refusal = await perAddress(c, async () => {
            const inner = await perUser(c, async () => {
              passed = true
              await next()
            })
            if (!passed && inner) c.res = inner
          })
        } catch (error) {
          if (passed) throw error
          // The store failed (Redis down): serve the request rather than refuse everyone.
          c.get('log')?.warn({ err: error }, 'rate limit store unavailable; request not counted')
          await next()
          return
        }
        // A refusal by either limiter is the answer.
        if (!passed) return refusal ?? c.res
      }
    },
  }
}
