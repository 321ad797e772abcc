/**
 * `Idempotency-Key` on every mutating `/api` route (issue 5; the offline outbox relies on it).
 *
 * For a signed-in user's POST/PUT/PATCH/DELETE carrying the header:
 * - first time: the key is claimed (pending), the route runs, and its answer (status + JSON body)
 *   is stored with the key for 24 hours — refusals (4xx) too, since replaying them must refuse
 *   again; a 5xx or non-JSON answer releases the key so a retry runs the request again;
 * - again with the same request: the stored answer is returned as it was, with
 *   `Idempotent-Replayed: true`, and the route does not run;
 * - again while the first is still running: 409, code 1 "Previous operation is not completed";
 * - the same key with a different method, path or body: 422, code 3.
 * Keys belong to a user, so two users can never see each other's answers.
 */
import crypto from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { AppEnv } from '../../lib/context.ts'
import { idempotencyRepo } from './repo.ts'

export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
export const REPLAYED_HEADER = 'Idempotent-Replayed'
/** How long keys and their answers are kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
const PURGE_INTERVAL_MS = 10 * 60 * 1000
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export interface IdempotencyOptions {
  db: Kysely<Database>
  now?: () => number
}

function fingerprint(method: string, path: string, body: string): string {
  return crypto.createHash('sha256').update(`${method} ${path}\n${body}`).digest('hex')
}

export function idempotency({ db, now = Date.now }: IdempotencyOptions): MiddlewareHandler<AppEnv> {
  const repo = idempotencyRepo(db)
  let lastPurge = 0

  return async (c, next) => {
    const method = c.req.method
    const key = c.req.header(IDEMPOTENCY_HEADER)
    const user = c.get('user')
    if (!MUTATING.has(method) || key === undefined || !user) return next()
    if (!KEY_PATTERN.test(key)) return c.json({ code: 4, message: 'Invalid input', reason: 'Idempotency-Key must be 1 to 255 visible ASCII characters' }, 400)

    const at = now()
    if (at - lastPurge > PURGE_INTERVAL_MS) {
      lastPurge = at
      void repo.purgeExpired(new Date(at).toISOString()).catch((err) => c.get('log')?.warn({ err }, 'idempotency purge failed'))
    }

    const url = new URL(c.req.url)
    const path = url.pathname + url.search
    const body = await c.req.text()
    const print = fingerprint(method, path, body)
    const claim = await repo.claim({ userId: user.id, key, method, path, fingerprint: print, now: new Date(at).toISOString(), expiresAt: new Date(at + IDEMPOTENCY_TTL_MS).toISOString() })

    if (claim.kind === 'existing') {
      const { record } = claim
      if (record.fingerprint !== print) {
        return c.json({ code: 3, message: 'Unprocessable content', reason: 'This Idempotency-Key was used for a different request' }, 422)
      }
      if (record.state !== 'done' || record.responseStatus === null) {
        return c.json({ code: 1, message: 'Previous operation is not completed', reason: 'A request with this Idempotency-Key is still running' }, 409)
      }
      return new Response(record.responseBody ?? '', {
        status: record.responseStatus,
        headers: { 'content-type': record.responseType ?? 'application/json', [REPLAYED_HEADER]: 'true', 'cache-control': 'no-store' },
      })
    }

    try {
      await next()
    } catch (error) {
      await repo.release(user.id, key).catch(() => undefined)
      throw error
    }
    const res = c.res
    const type = res.headers.get('content-type')
    if (res.status >= 500 || !type?.includes('json')) {
      await repo.release(user.id, key)
      return
    }
    const text = await res.clone().text()
    await repo.complete(user.id, key, { status: res.status, type, body: text })
  }
}
