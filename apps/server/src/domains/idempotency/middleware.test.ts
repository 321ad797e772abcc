import { afterEach, beforeEach, expect, it } from 'vitest'
import { Hono } from 'hono'
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../../test/testDatabase.ts'
import type { AppEnv, SessionUser } from '../../lib/context.ts'
import { onError } from '../../lib/onError.ts'
import { AppError } from '../../lib/appError.ts'
import { IDEMPOTENCY_TTL_MS, REPLAYED_HEADER, idempotency } from './middleware.ts'
import { idempotencyRepo } from './repo.ts'

describeEachDialect('Idempotency-Key', (dialect) => {
  let database: TestDatabase
  let clock = Date.parse('2026-01-01T00:00:00.000Z')
  let runs = 0
  let gate: Promise<void> = Promise.resolve()
  /** How many requests reached the route (counted before the gate). */
  let entered = 0

  async function addUser(id: string) {
    const now = new Date().toISOString()
    await database.db
      .insertInto('user')
      .values({ id, name: id, email: `${id}@example.com`, emailVerified: false, image: null, createdAt: now, updatedAt: now, twoFactorEnabled: false, role: 'free', roleEndAt: null, handle: null, bio: null, website: null, socialLinks: null } as never)
      .execute()
  }

  /** A small app: a fake session from the `x-user` header, then the middleware, then routes that count their runs. */
  function app() {
    const a = new Hono<AppEnv>()
    a.onError(onError)
    a.use('*', async (c, next) => {
      const id = c.req.header('x-user')
      c.set('user', id ? ({ id, role: 'free' } as SessionUser) : null)
      await next()
    })
    a.use('/api/*', idempotency({ db: database.db, now: () => clock }))
    a.post('/api/things', async (c) => {
      entered++
      await gate
      runs++
      const body = await c.req.json()
      return c.json({ code: 0, data: { run: runs, echo: body } })
    })
    a.post('/api/refuse', () => {
      runs++
      throw new AppError(3000)
    })
    a.post('/api/crash', () => {
      runs++
      throw new Error('boom')
    })
    a.get('/api/things', (c) => c.json({ code: 0, data: runs }))
    return a
  }

  const send = (a: Hono<AppEnv>, path: string, body: unknown, headers: Record<string, string>) =>
    a.request(path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-user': 'u1', ...headers } })

  beforeEach(async () => {
    database = await createTestDatabase(dialect)
    await addUser('u1')
    await addUser('u2')
    runs = 0
    entered = 0
    gate = Promise.resolve()
    clock = Date.parse('2026-01-01T00:00:00.000Z')
  })
  afterEach(async () => database?.dispose())

  it('runs a request once and replays the stored answer for the same key', async () => {
    const a = app()
    const first = await send(a, '/api/things', { x: 1 }, { 'Idempotency-Key': 'k-1' })
    const second = await send(a, '/api/things', { x: 1 }, { 'Idempotency-Key': 'k-1' })
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    expect(await second.json()).toEqual(await first.json())
    expect(second.headers.get(REPLAYED_HEADER)).toBe('true')
    expect(runs).toBe(1)
  })

  it('runs every request without a key, and every request with a new key', async () => {
    const a = app()
    await send(a, '/api/things', { x: 1 }, {})
    await send(a, '/api/things', { x: 1 }, {})
    await send(a, '/api/things', { x: 1 }, { 'Idempotency-Key': 'a' })
    await send(a, '/api/things', { x: 1 }, { 'Idempotency-Key': 'b' })
    expect(runs).toBe(4)
  })

  it('never runs two concurrent requests with one key', async () => {
    const a = app()
    let open: () => void = () => undefined
    gate = new Promise((resolve) => (open = resolve))
    const first = send(a, '/api/things', { x: 1 }, { 'Idempotency-Key': 'same' })
    // The first request has claimed the key once it is inside the route (however slow the database).
    while (entered === 0) await new Promise((r) => setTimeout(r, 5))
    const second = await send(a, '/api/things', { x: 1 }, { 'Idempotency-Key': 'same' })
    expect(second.status).toBe(409)
    expect(((await second.json()) as { code: number }).code).toBe(1)
    open()
    expect((await first).status).toBe(200)
    const third = await send(a, '/api/things', { x: 1 }, { 'Idempotency-Key': 'same' })
    expect(third.headers.get(REPLAYED_HEADER)).toBe('true')
    expect(runs).toBe(1)
  })

  it('many simultaneous duplicates: exactly one runs', async () => {
    const a = app()
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(a, '/api/things', { x: 2 }, { 'Idempotency-Key': 'burst' })))
    expect(runs).toBe(1)
    const statuses = answers.map((r) => r.status).sort()
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1)
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true)
  })

  it('replays a refusal (4xx) instead of running the route again', async () => {
    const a = app()
    const first = await send(a, '/api/refuse', {}, { 'Idempotency-Key': 'r' })
    const second = await send(a, '/api/refuse', {}, { 'Idempotency-Key': 'r' })
    expect(first.status).toBe(404)
    expect(second.status).toBe(404)
    expect(((await second.json()) as { code: number }).code).toBe(3000)
    expect(runs).toBe(1)
  })

  it('releases the key after a 5xx so a retry runs again', async () => {
    const a = app()
    expect((await send(a, '/api/crash', {}, { 'Idempotency-Key': 'c' })).status).toBe(500)
    expect((await send(a, '/api/crash', {}, { 'Idempotency-Key': 'c' })).status).toBe(500)
    expect(runs).toBe(2)
  })

  it('refuses a key reused for a different request', async () => {
    const a = app()
    await send(a, '/api/things', { x: 1 }, { 'Idempotency-Key': 'd' })
    const other = await send(a, '/api/things', { x: 2 }, { 'Idempotency-Key': 'd' })
    expect(other.status).toBe(422)
    expect(((await other.json()) as { code: number }).code).toBe(3)
    expect(runs).toBe(1)
  })

  it('keeps keys per user', async () => {
    const a = app()
    await send(a, '/api/things', { x: 1 }, { 'Idempotency-Key': 'shared' })
    const other = await send(a, '/api/things', { x: 1 }, { 'Idempotency-Key': 'shared', 'x-user': 'u2' })
    expect(other.headers.get(REPLAYED_HEADER)).toBeNull()
    expect(runs).toBe(2)
  })

  it('forgets keys after 24 hours', async () => {
    const a = app()
    await send(a, '/api/things', { x: 1 }, { 'Idempotency-Key': 'old' })
    clock += IDEMPOTENCY_TTL_MS - 1000
    expect((await send(a, '/api/things', { x: 1 }, { 'Idempotency-Key': 'old' })).headers.get(REPLAYED_HEADER)).toBe('true')
    clock += 2000
    expect((await send(a, '/api/things', { x: 1 }, { 'Idempotency-Key': 'old' })).headers.get(REPLAYED_HEADER)).toBeNull()
    expect(runs).toBe(2)
    expect(await idempotencyRepo(database.db).purgeExpired(new Date(clock + IDEMPOTENCY_TTL_MS + 1).toISOString())).toBe(1)
  })

  it('ignores reads, anonymous requests, and rejects malformed keys', async () => {
    const a = app()
    expect((await a.request('/api/things', { headers: { 'Idempotency-Key': 'g', 'x-user': 'u1' } })).status).toBe(200)
    const anon = await a.request('/api/things', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', 'Idempotency-Key': 'z' } })
    expect(anon.status).toBe(200)
    const bad = await send(a, '/api/things', {}, { 'Idempotency-Key': 'has space' })
    expect(bad.status).toBe(400)
  })
})
