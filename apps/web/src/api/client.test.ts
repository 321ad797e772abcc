/** The client against a real (tiny) HTTP server: headers, envelopes and the SPEC §8 transport rules. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ApiError } from './ApiError.ts'
import { appHeaders, createApiClient, currentAppHeaders, fillPath, toQuery } from './client.ts'

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void

let server: Server
let base = ''
const handlers = new Map<string, Handler>()
const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = []

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body })
      const path = new URL(req.url!, 'http://x').pathname
      const handler = handlers.get(path)
      if (handler) handler(req, body, res)
      else json(res, 404, { code: 6, message: 'Not found' })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`

  handlers.set('/api/ok', (_req, _body, res) => json(res, 200, { code: 0, data: { hello: 'world' } }))
  handlers.set('/api/echo', (req, body, res) => json(res, 200, { code: 0, data: { method: req.method, url: req.url, body: body ? JSON.parse(body) : null } }))
  handlers.set('/api/lists/42/export', (_req, _body, res) => json(res, 200, { code: 0, data: 'exported' }))
  handlers.set('/api/refused', (_req, _body, res) => json(res, 200, { code: 2001, message: 'Feed not found', reason: 'no such id' }))
  handlers.set('/api/unauthorized', (_req, _body, res) => json(res, 401, { code: 1000, message: 'Unauthorized' }))
  handlers.set('/api/invitation', (_req, _body, res) => json(res, 400, { code: 1003, message: 'Invalid invitation' }))
  handlers.set('/api/invalid', (_req, _body, res) => json(res, 400, { code: 4, message: 'Invalid input', data: [{ path: ['url'], message: 'Required' }] }))
  handlers.set('/api/crash', (_req, _body, res) => {
    res.writeHead(502, 'Bad Gateway', { 'content-type': 'text/plain' })
    res.end('upstream down')
  })
  handlers.set('/api/entries/check-new', (req, _body, res) => json(res, 200, { code: 0, data: { hasNew: req.url!.includes('read=false'), entryId: null, latestAt: null } }))
  handlers.set('/api/settings/general', (req, body, res) => json(res, 200, { code: 0, data: { method: req.method, body: JSON.parse(body) } }))
  handlers.set('/api/slow', (_req, _body, res) => setTimeout(() => json(res, 200, { code: 0, data: 'late' }), 500))
})

afterAll(() => {
  server.closeAllConnections()
  return new Promise<void>((resolve) => server.close(() => resolve()))
})

function client(overrides: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  return createApiClient({
    baseUrl: base,
    headers: () => appHeaders({ clientId: 'c'.repeat(21), sessionId: 's'.repeat(21), platform: 'web' }),
    ...overrides,
  })
}

describe('api client', () => {
  it('unwraps the envelope and sends the identifying headers', async () => {
    expect(await client().request('GET', '/ok')).toEqual({ hello: 'world' })
    const { headers } = seen.at(-1)!
    expect(headers['x-app-platform']).toBe('web')
    expect(headers['x-app-name']).toBe('Brook')
    expect(headers['x-app-version']).toBe('0.7.0')
    expect(headers['x-client-id']).toBe('c'.repeat(21))
    expect(headers['x-session-id']).toBe('s'.repeat(21))
    expect(headers['cache-control']).toBe('no-store')
    expect(headers['x-app-dev']).toBeUndefined()
  })

  it('puts leftover GET input in the query and other input in a JSON body; fills path parameters', async () => {
    const got = await client().request('GET', '/echo', { view: 1, ids: ['a', 'b'], skip: undefined })
    expect(got).toMatchObject({ url: '/api/echo?view=1&ids=a&ids=b' })
    const posted = await client().request('POST', '/echo', { entryIds: ['1'] })
    expect(posted).toMatchObject({ method: 'POST', body: { entryIds: ['1'] } })
    expect(seen.at(-1)!.headers['content-type']).toBe('application/json')
    expect(await client().request('GET', '/lists/{id}/export', { id: 42 })).toBe('exported')
  })

  it('types calls by path and method from the contract (schema.d.ts): input in, data out', async () => {
    const answer = await client().get('/entries/check-new', { insertedAfter: 1700000000000, read: false, feedIdList: ['1', '2'] })
    // The answer's type is the route's `data`: a field the server does not send is a type error.
    expect(answer.hasNew).toBe(true)
    // @ts-expect-error the contract has no has_new (a hand-written type once read it)
    expect(answer.has_new).toBeUndefined()
    expect(seen.at(-1)!.url).toBe('/api/entries/check-new?insertedAfter=1700000000000&read=false&feedIdList=1&feedIdList=2')
    await client().patch('/settings/{tab}', { tab: 'general', unreadOnly: true })
    expect(seen.at(-1)).toMatchObject({ method: 'PATCH', url: '/api/settings/general', body: '{"unreadOnly":true}' })
    // @ts-expect-error not a route of the contract
    await client().get('/no-such-route').catch(() => undefined)
    // @ts-expect-error insertedAfter is required by GET /entries/check-new
    await client().get('/entries/check-new', { read: false }).catch(() => undefined)
  })

  it('sends a bearer token when one is set', async () => {
    await client({ getToken: () => 'tok' }).request('GET', '/ok')
    expect(seen.at(-1)!.headers.authorization).toBe('Bearer tok')
  })

  it('turns a code other than 0 into an ApiError with code, status, message and reason', async () => {
    const error = await client().request('GET', '/refused').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 2001, status: 200, message: 'Feed not found', reason: 'no such id' })
  })

  it('on 401 reports the lost session', async () => {
    const onUnauthorized = vi.fn()
    const error = await client({ onUnauthorized }).request('GET', '/unauthorized').catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 401, code: 1000, message: 'Unauthorized' })
    expect(onUnauthorized).toHaveBeenCalledOnce()
  })

  it('on 400 with code 1003 asks for an invitation', async () => {
    const onInvitationRequired = vi.fn()
    const error = await client({ onInvitationRequired }).request('POST', '/invitation', {}).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 400, code: 1003 })
    expect(onInvitationRequired).toHaveBeenCalledOnce()
  })

  it('on 400 with data makes a validation error carrying the issues', async () => {
    const error = (await client().request('POST', '/invalid', {}).catch((e: unknown) => e)) as ApiError
    expect(error.isValidation).toBe(true)
    expect(error.data).toEqual([{ path: ['url'], message: 'Required' }])
    expect(error.message).toBe('Invalid input')
  })

  it('uses the status text for a non-JSON failure and keeps the request line', async () => {
    const error = (await client().request('POST', '/crash', { a: 1 }).catch((e: unknown) => e)) as ApiError
    expect(error).toMatchObject({ status: 502, code: 502, message: 'Bad Gateway' })
    expect(error.requestLine).toBe(`POST ${base}/crash {"a":1}`)
  })

  it('times out with "Request timeout", status 408, code TIMEOUT_ERROR', async () => {
    const error = await client({ timeoutMs: 50 }).request('GET', '/slow').catch((e: unknown) => e)
    expect(error).toMatchObject({ message: 'Request timeout', status: 408, code: 'TIMEOUT_ERROR' })
  })

  it('marks the connection offline when no response comes, and online on any response', async () => {
    const onConnectivity = vi.fn()
    const dead = createApiClient({ baseUrl: 'http://127.0.0.1:1/api', onConnectivity })
    const error = await dead.request('GET', '/ok').catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' })
    expect(onConnectivity).toHaveBeenLastCalledWith(false)
    await client({ onConnectivity }).request('GET', '/ok')
    expect(onConnectivity).toHaveBeenLastCalledWith(true)
  })
})

describe('client helpers', () => {
  it('fills path parameters and keeps the rest', () => {
    expect(fillPath('/lists/{id}/feeds/{feedId}', { id: '1', feedId: 'a b', x: 2 })).toEqual({ path: '/lists/1/feeds/a%20b', rest: { x: 2 } })
    expect(() => fillPath('/lists/{id}', {})).toThrow(/Missing path parameter "id"/)
    expect(toQuery({})).toBe('')
  })

  it('persists a 21-character client id and a per-tab session id under the brook: prefix', () => {
    const first = currentAppHeaders()
    expect(first['X-Client-Id']).toMatch(/^[\w-]{21}$/)
    expect(first['X-Session-Id']).toMatch(/^[\w-]{21}$/)
    expect(localStorage.getItem('brook:client-id')).toBe(first['X-Client-Id'])
    expect(sessionStorage.getItem('brook:session-id')).toBe(first['X-Session-Id'])
    expect(currentAppHeaders()['X-Client-Id']).toBe(first['X-Client-Id'])
    expect(first['X-App-Platform']).toBe('web')
  })
})
