import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Hono } from 'hono'
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, ok } from './lib/router.ts'
import { testEnv } from './env.ts'
import { describeEachDialect } from './test/testDatabase.ts'
import { startTestServer, TestClient, type TestServer } from './test/testServer.ts'
import { onError } from './lib/onError.ts'
import { AppError } from './lib/appError.ts'
import { createLogger } from './lib/logger.ts'

describeEachDialect('API envelope', (dialect) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(dialect)
  })
  afterAll(async () => server?.stop())

  it('answers status/configs publicly with version 0.7.0, features and limits', async () => {
    const r = await new TestClient(server.url).get('/api/status/configs')
    expect(r.status).toBe(200)
    expect(r.body.code).toBe(0)
    expect(r.body.data.version).toBe('0.7.0')
    expect(r.body.data.features.database).toBe(dialect)
    expect(r.body.data.limits.requestBodyBytes).toBe(1024 * 1024)
  })

  it('answers unknown /api paths 404 in the envelope', async () => {
    const r = await new TestClient(server.url).get('/api/no/such/thing')
    expect(r.status).toBe(404)
    expect(r.body).toMatchObject({ code: 6, message: 'Not found' })
  })

  it('refuses oversized bodies with 413 and a reason, and stays up', async () => {
    const c = new TestClient(server.url)
    const r = await c.request('POST', '/api/status/configs', 'x'.repeat(1024 * 1024 + 10), { 'content-type': 'application/json' })
    expect(r.status).toBe(413)
    expect(r.body.code).toBe(4)
    expect(r.body.reason).toMatch(/exceeds/)
    expect((await c.get('/api/status/configs')).status).toBe(200)
  })

  it('describes every route in /api/openapi.json', async () => {
    const r = await new TestClient(server.url).get('/api/openapi.json')
    expect(r.status).toBe(200)
    expect(r.body.openapi).toMatch(/^3\./)
    for (const path of ['/api/status/configs', '/api/probes/postgresql', '/api/probes/redis', '/api/probes/bullmq', '/api/probes/rsshub']) {
      expect(Object.keys(r.body.paths)).toContain(path)
    }
  })

  it('reports the database probe truthfully', async () => {
    const r = await new TestClient(server.url).get('/api/probes/postgresql')
    expect(r.status).toBe(200)
    expect(r.body.data.status).toBe(dialect === 'postgres' ? 'ok' : 'not_configured')
  })

  it('serves the web app (or says it is not built) for non-API paths', async () => {
    const r = await new TestClient(server.url).get('/timeline/view-0/all')
    expect([200, 503]).toContain(r.status)
    if (r.status === 200) expect(String(r.body)).toContain('<div id="root"')
  })
})

describe('probes against real services', () => {
  const redis = testEnv.redisUrl
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('sqlite', redis ? { REDIS_URL: redis } : {})
  })
  afterAll(async () => server?.stop())

  it.skipIf(!redis)('redis and bullmq answer ok when REDIS_URL points at a live server', async () => {
    const c = new TestClient(server.url)
    const r = await c.get('/api/probes/redis')
    expect(r.body.data.status).toBe('ok')
    const q = await c.get('/api/probes/bullmq')
    expect(q.body.data.status).toBe('ok')
    expect(q.body.data.detail.counts).toHaveProperty('waiting')
  })

  it('a configured but unreachable service answers 503 with the reason', async () => {
    const broken = await startTestServer('sqlite', { REDIS_URL: 'redis://127.0.0.1:1', RSSHUB_URL: 'http://127.0.0.1:1/' })
    try {
      const c = new TestClient(broken.url)
      for (const name of ['redis', 'bullmq', 'rsshub']) {
        const r = await c.get(`/api/probes/${name}`)
        expect(r.status, name).toBe(503)
        expect(r.body.code).toBe(1005)
        expect(r.body.reason).toContain(name)
      }
    } finally {
      await broken.stop()
    }
  })

  it('unconfigured services say so', async () => {
    const plain = await startTestServer('sqlite')
    try {
      const r = await new TestClient(plain.url).get('/api/probes/rsshub')
      expect(r.body).toEqual({ code: 0, data: { status: 'not_configured' } })
    } finally {
      await plain.stop()
    }
  })
})

describe('onError', () => {
  const app = new Hono()
  app.use('*', async (c, next) => {
    ;(c as any).set('log', createLogger('silent'))
    await next()
  })
  app.onError(onError as any)
  app.get('/app-error', () => {
    throw new AppError(8001, { reason: 'not your list' })
  })
  app.get('/boom', () => {
    throw new Error('secret internals: password=hunter2')
  })
  app.post('/json', async (c) => c.json(await c.req.json()))

  it('turns AppError into its code, message, status and reason', async () => {
    const r = await app.request('/app-error')
    expect(r.status).toBe(403)
    expect(await r.json()).toEqual({ code: 8001, message: 'List permission denied', reason: 'not your list' })
  })

  it('answers unexpected exceptions 500 without leaking internals', async () => {
    const r = await app.request('/boom')
    expect(r.status).toBe(500)
    const text = await r.text()
    expect(JSON.parse(text)).toEqual({ code: 1005, message: 'Internal error' })
    expect(text).not.toContain('hunter2')
  })
})

describe('validation', () => {
  const router = createRouter()
  router.onError(onError as any)
  router.use('*', async (c, next) => {
    c.set('log', createLogger('silent'))
    await next()
  })
  router.openapi(
    createRoute({
      method: 'post',
      path: '/things',
      request: { body: { content: { 'application/json': { schema: z.strictObject({ name: z.string().min(1), count: z.number().int() }) } } } },
      responses: { 200: { description: 'ok' } },
    }),
    (c) => c.json(ok(c.req.valid('json')), 200),
  )
  const post = (body: string) => router.request('/things', { method: 'POST', body, headers: { 'content-type': 'application/json' } })

  it('accepts a valid body', async () => {
    const r = await post('{"name":"a","count":2}')
    expect(await r.json()).toEqual({ code: 0, data: { name: 'a', count: 2 } })
  })

  it('answers malformed JSON with 400 code 4', async () => {
    const r = await post('{"name": ')
    expect(r.status).toBe(400)
    expect(((await r.json()) as any).code).toBe(4)
  })

  it('answers wrong types and unknown fields with 400 and the issues in data', async () => {
    const wrong = await post('{"name":"a","count":"two"}')
    expect(wrong.status).toBe(400)
    const body = (await wrong.json()) as any
    expect(body.code).toBe(4)
    expect(body.data[0].path).toEqual(['count'])
    const extra = await post('{"name":"a","count":1,"admin":true}')
    expect(extra.status).toBe(400)
    expect(((await extra.json()) as any).data[0].code).toBe('unrecognized_keys')
  })
})
