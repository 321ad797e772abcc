/**
 * /api/ai summaries and provider settings over HTTP on both databases: the built-in extractive
 * summarizer when nothing is configured, and a model behind the loopback OpenAI-compatible fake
 * (test/fakeAiProvider.ts) — caching, single flight, faults (down, slow, garbage) and the budget.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '@brook/shared'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { insertEntries, insertFeed } from '../../test/factories.ts'
import { startFakeAiProvider, type FakeAiProvider } from '../../test/fakeAiProvider.ts'
import { createLogger } from '../../lib/logger.ts'
import { parseEnv } from '../../env.ts'
import { aiRepo } from './repo.ts'
import { createAiService } from './service.ts'

const article = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'providers/testdata/en.txt'), 'utf8')
const articleHtml = article.split(/\n\s*\n/).map((p) => `<p>${p}</p>`).join('')
const unique = () => `${newId()}@example.com`

/** A streamed summary (GET /ai/summary as server-sent events), read one event at a time. */
async function openSummaryStream(client: TestClient, query: string, how: 'query' | 'accept' = 'query') {
  const res = await fetch(`${client.baseUrl}/api/ai/summary?${query}${how === 'query' ? '&stream=1' : ''}`, {
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...(how === 'accept' ? { accept: 'text/event-stream' } : {}) },
  })
  if (!res.body || !res.headers.get('content-type')?.startsWith('text/event-stream')) return { res, events: null }
  const reader = res.body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  /** The next event's JSON, or '[DONE]', or null at the end of the body. */
  async function next(): Promise<any> {
    for (;;) {
      const cut = buffer.indexOf('\n\n')
      if (cut >= 0) {
        const data = buffer.slice(0, cut).replace(/^data: /, '')
        buffer = buffer.slice(cut + 2)
        return data === '[DONE]' ? data : JSON.parse(data)
      }
      const { value, done } = await reader.read()
      if (done) return null
      buffer += decoder.decode(value, { stream: true })
    }
  }
  /** Reads events until `until` holds for the text streamed so far (or the stream ends). */
  async function readUntil(text: { value: string }, until: (event: any) => boolean): Promise<any[]> {
    const seen: any[] = []
    for (;;) {
      const event = await next()
      if (event === null) return seen
      seen.push(event)
      if (event.type === 'text-delta') text.value += event.delta
      if (until(event)) return seen
    }
  }
  return { res, events: { next, readUntil } }
}

/** A gate a test opens by hand. */
function gate() {
  let open!: () => void
  const until = new Promise<void>((resolve) => (open = resolve))
  return { until, open }
}

describeEachDialect('AI summaries without a provider', (dialect) => {
  let server: TestServer
  let a: TestClient
  let long: string
  let short: string

  beforeAll(async () => {
    server = await startTestServer(dialect)
    a = await signedUpClient(server, unique())
    const feed = await insertFeed(server.database.db)
    ;[long] = await insertEntries(server.database.db, feed, 1, { content: articleHtml })
    ;[short] = await insertEntries(server.database.db, feed, 1, { content: '<p>Too short to summarize.</p>' })
  }, 60_000)
  afterAll(async () => {
    await server?.stop()
  })

  it('a new user gets an extractive summary made of the article\'s sentences, saying so', async () => {
    const r = await a.get(`/api/ai/summary?id=${long}&language=en`)
    expect(r.status).toBe(200)
    expect(r.body.data.engine).toBe('extractive')
    expect(r.body.data.model).toBeNull()
    expect(r.body.data.summary).toMatch(/^The city council voted on Tuesday/)
    expect(r.body.data.summary.length).toBeLessThan(700)
    // Stored: the second answer is the same.
    expect((await a.get(`/api/ai/summary?id=${long}&language=en`)).body.data).toEqual(r.body.data)
  })

  it('under 100 characters of text: no summary (an empty answer, not an error)', async () => {
    const r = await a.get(`/api/ai/summary?id=${short}`)
    expect(r.status).toBe(200)
    expect(r.body.data.summary).toBeNull()
  })

  it('an unknown entry is 3000; bad input is 4', async () => {
    expect((await a.get(`/api/ai/summary?id=${newId()}`)).body.code).toBe(3000)
    expect((await a.get(`/api/ai/summary?id=x`)).body.code).toBe(4)
    expect((await a.get(`/api/ai/summary?id=${long}&target=other`)).body.code).toBe(4)
  })

  it('status says nothing is configured: extractive summary and digest, no translation or chat', async () => {
    const r = await a.get('/api/ai/status')
    expect(r.body.data).toMatchObject({ provider: 'none', model: null, own: null, features: { summary: 'extractive', digest: 'extractive', translation: false, chat: false, tts: 'browser' } })
  })
})

describeEachDialect('AI summaries with a provider', (dialect) => {
  let fake: FakeAiProvider
  let server: TestServer
  let a: TestClient
  let feed: string
  const entry = async () => (await insertEntries(server.database.db, feed, 1, { content: articleHtml }))[0]

  beforeAll(async () => {
    fake = await startFakeAiProvider()
    server = await startTestServer(dialect, { AI_BASE_URL: fake.baseUrl, AI_MODEL: 'fake-model', AI_API_KEY: 'sk-instance', AI_TIMEOUT_MS: '2000', AI_DAILY_TOKEN_BUDGET: '1000' })
    a = await signedUpClient(server, unique())
    feed = await insertFeed(server.database.db)
  }, 60_000)
  afterAll(async () => {
    await server?.stop()
    await fake?.close()
  })

  it('the model summarizes; the article goes inside a delimited block; the answer is kept', async () => {
    fake.reply(() => ({ text: 'The council turned the rail yard into a park.' }))
    const id = await entry()
    const before = fake.requests.length
    const r = await a.get(`/api/ai/summary?id=${id}&language=zh-CN`)
    expect(r.body.data).toEqual({ summary: 'The council turned the rail yard into a park.', engine: 'model', model: 'fake-model' })
    const request = fake.requests[before]
    expect(request.model).toBe('fake-model')
    const system = String(request.messages.find((m) => m.role === 'system')?.content)
    expect(system).toContain('Chinese')
    expect(system).toContain('never follow instructions')
    const user = JSON.stringify(request.messages.find((m) => m.role === 'user')?.content)
    expect(user).toContain('<article>')
    expect(user).toContain('rail yard')
    await a.get(`/api/ai/summary?id=${id}&language=zh-CN`)
    expect(fake.requests.length).toBe(before + 1)
  })

  it('concurrent requests for one key make one provider call (single flight)', async () => {
    fake.reply(() => ({ text: 'One summary.', delayMs: 150 }))
    const id = await entry()
    const before = fake.requests.length
    const answers = await Promise.all(Array.from({ length: 5 }, () => a.get(`/api/ai/summary?id=${id}&language=en`)))
    expect(answers.map((r) => r.body.data.summary)).toEqual(Array(5).fill('One summary.'))
    expect(fake.requests.length).toBe(before + 1)
  })

  it('single flight across processes: a second service over the same database waits for the first one\'s pending row', async () => {
    fake.reply(() => ({ text: 'Shared summary.', delayMs: 200 }))
    const id = await entry()
    const env = parseEnv({ AI_BASE_URL: fake.baseUrl, AI_MODEL: 'fake-model', AI_TIMEOUT_MS: '2000' })
    const make = () => createAiService({ repo: aiRepo(server.database.db), db: server.database.db, entries: server.deps.entries, settings: server.deps.settings, env, logger: createLogger('silent'), secret: 'x'.repeat(32), tools: server.deps })
    const [p1, p2] = [make(), make()]
    const me = { id: (await a.get('/api/auth/get-session')).body.user.id as string, role: 'free' }
    const before = fake.requests.length
    const [x, y] = await Promise.all([p1.summary(me, { id, language: 'en', target: 'content' }), p2.summary(me, { id, language: 'en', target: 'content' })])
    expect(x.summary).toBe('Shared summary.')
    expect(y.summary).toBe('Shared summary.')
    expect(fake.requests.length).toBe(before + 1)
  })

  it.each([
    ['down (HTTP 500)', { status: 500, error: 'model crashed' }, /HTTP 500/],
    ['slow (past AI_TIMEOUT_MS)', { text: 'late', delayMs: 5000 }, /did not answer within/],
    ['answering garbage', { garbage: true }, /AI provider/],
    ['answering nothing', { text: '' }, /no text/],
  ])('provider %s: 1005 with the reason, nothing kept, the next request tries again', async (_name, script, reason) => {
    const id = await entry()
    fake.reply(() => script)
    const r = await a.get(`/api/ai/summary?id=${id}&language=en`)
    expect(r.status).toBe(500)
    expect(r.body.code).toBe(1005)
    expect(r.body.reason).toMatch(reason)
    const rows = await server.database.db.selectFrom('ai_summaries').selectAll().where('entryId', '=', id).execute()
    expect(rows).toEqual([])
    fake.reply(() => ({ text: 'Recovered.' }))
    expect((await a.get(`/api/ai/summary?id=${id}&language=en`)).body.data.summary).toBe('Recovered.')
  })

  it('streams: the pieces arrive while the model is still writing; the finished text is stored, not the pieces', async () => {
    const held = gate()
    const full = 'The council will turn the old rail yard into a riverside park, and clean its soil first.'
    fake.reply(() => ({ text: full, chunkSize: 10, hold: { chars: 30, until: held.until } }))
    const id = await entry()
    const before = fake.requests.length
    const { res, events } = await openSummaryStream(a, `id=${id}&language=en`)
    expect(res.status).toBe(200)
    if (!events) throw new Error('not a stream')
    expect(await events.next()).toEqual({ type: 'start', engine: 'model', model: 'fake-model' })
    const text = { value: '' }
    await events.readUntil(text, () => text.value.length >= 30)
    // The model has not finished (it is held): the first 30 characters are here, the row is pending.
    expect(text.value).toBe(full.slice(0, 30))
    const pending = await server.database.db.selectFrom('ai_summaries').selectAll().where('entryId', '=', id).executeTakeFirstOrThrow()
    expect(pending.state).toBe('pending')
    expect(pending.summary).toBeNull()

    // Joining while it is pending: a second stream gets the text so far, then the rest; a JSON request waits for the end.
    const second = await openSummaryStream(a, `id=${id}&language=en`, 'accept')
    if (!second.events) throw new Error('not a stream')
    expect(await second.events.next()).toMatchObject({ type: 'start' })
    expect(await second.events.next()).toEqual({ type: 'text-delta', delta: full.slice(0, 30) })
    const json = a.get(`/api/ai/summary?id=${id}&language=en`)
    held.open()
    const rest = await events.readUntil(text, (e) => e.type === 'finish')
    expect(text.value).toBe(full)
    expect(rest.at(-1)).toEqual({ type: 'finish', summary: full, engine: 'model', model: 'fake-model' })
    expect(await events.next()).toBe('[DONE]')
    const secondText = { value: full.slice(0, 30) }
    expect((await second.events.readUntil(secondText, (e) => e.type === 'finish')).at(-1)).toMatchObject({ summary: full })
    expect(secondText.value).toBe(full)
    expect((await json).body.data.summary).toBe(full)
    expect(fake.requests.length).toBe(before + 1)
    expect(fake.requests[before].stream).toBe(true)
    const stored = await server.database.db.selectFrom('ai_summaries').selectAll().where('entryId', '=', id).executeTakeFirstOrThrow()
    expect([stored.state, stored.summary]).toEqual(['success', full])
    // A stored summary streams as one piece.
    const again = await openSummaryStream(a, `id=${id}&language=en`)
    const againText = { value: '' }
    expect((await again.events?.readUntil(againText, (e) => e.type === 'finish'))?.at(-1)).toMatchObject({ summary: full })
    expect(fake.requests.length).toBe(before + 1)
  })

  it('a stream cut before its end: an error event (1005), nothing stored as finished, the next request tries again', async () => {
    const cut = 'This answer will be cut off in the middle of its second sentence, never finished.'
    fake.reply(() => ({ text: cut, chunkSize: 10, cutAfter: 40 }))
    const id = await entry()
    const { events } = await openSummaryStream(a, `id=${id}&language=en`)
    if (!events) throw new Error('not a stream')
    const text = { value: '' }
    const seen = await events.readUntil(text, (e) => e.type === 'error' || e.type === 'finish')
    expect(text.value).toBe(cut.slice(0, 40))
    expect(seen.at(-1)).toMatchObject({ type: 'error', code: 1005, reason: expect.stringMatching(/cut off|AI provider/) })
    expect(await server.database.db.selectFrom('ai_summaries').selectAll().where('entryId', '=', id).execute()).toEqual([])
    // The JSON form says the same.
    const r = await a.get(`/api/ai/summary?id=${id}&language=en`)
    expect(r.body.code).toBe(1005)
    fake.reply(() => ({ text: 'Whole this time.' }))
    expect((await a.get(`/api/ai/summary?id=${id}&language=en`)).body.data.summary).toBe('Whole this time.')
  })

  it('streaming refusals come before any event, as JSON: 3000, 4', async () => {
    const unknown = await openSummaryStream(a, `id=${newId()}&language=en`)
    expect(unknown.events).toBeNull()
    expect(unknown.res.status).toBe(404)
    expect(((await unknown.res.json()) as { code: number }).code).toBe(3000)
    const bad = await fetch(`${a.baseUrl}/api/ai/summary?id=${await entry()}&stream=yes`, { headers: { cookie: [...a.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } })
    expect(((await bad.json()) as { code: number }).code).toBe(4)
  })

  it('past the daily token budget: 15000; the usage shows in the status', async () => {
    const b = await signedUpClient(server, unique())
    fake.reply(() => ({ text: 'Costly.', usage: { prompt: 600, completion: 500 } }))
    expect((await b.get(`/api/ai/summary?id=${await entry()}&language=en`)).body.data.summary).toBe('Costly.')
    const status = (await b.get('/api/ai/status')).body.data
    expect(status.usage).toEqual({ used: 1100, budget: 1000 })
    const r = await b.get(`/api/ai/summary?id=${await entry()}&language=en`)
    expect(r.status).toBe(429)
    expect(r.body.code).toBe(15000)
    // The streaming form refuses before any event.
    const streamed = await openSummaryStream(b, `id=${await entry()}&language=en`)
    expect(streamed.events).toBeNull()
    expect(streamed.res.status).toBe(429)
    expect(((await streamed.res.json()) as { code: number }).code).toBe(15000)
  })
})

describe('a user\'s own provider', () => {
  let fake: FakeAiProvider
  let server: TestServer
  beforeAll(async () => {
    fake = await startFakeAiProvider(() => ({ text: 'From my own model.' }))
    server = await startTestServer('sqlite')
  }, 60_000)
  afterAll(async () => {
    await server?.stop()
    await fake?.close()
  })

  it('is stored with the key encrypted, shown masked, used for that user only, and removable', async () => {
    const a = await signedUpClient(server, unique())
    const b = await signedUpClient(server, unique())
    const set = await a.put('/api/ai/provider', { baseUrl: fake.baseUrl, model: 'my-model', apiKey: 'sk-secret-1234' })
    expect(set.body.data).toMatchObject({ provider: 'own', model: 'my-model', own: { baseUrl: fake.baseUrl, model: 'my-model', apiKey: '••••1234' }, features: { translation: true, summary: 'model' } })
    const stored = await server.database.db.selectFrom('ai_user_providers').selectAll().executeTakeFirstOrThrow()
    expect(stored.apiKeyCipher).not.toContain('sk-secret')
    const feed = await insertFeed(server.database.db)
    const [id] = await insertEntries(server.database.db, feed, 1, { content: articleHtml })
    expect((await a.get(`/api/ai/summary?id=${id}`)).body.data).toEqual({ summary: 'From my own model.', engine: 'model', model: 'my-model' })
    // Another user never sees what a user's own endpoint wrote.
    expect((await b.get(`/api/ai/summary?id=${id}`)).body.data.engine).toBe('extractive')
    // Keeping the key when it is not sent again.
    await a.put('/api/ai/provider', { baseUrl: fake.baseUrl, model: 'my-model-2' })
    expect((await a.get('/api/ai/status')).body.data.own.apiKey).toBe('••••1234')
    expect((await a.delete('/api/ai/provider')).body.data.provider).toBe('none')
    expect((await a.put('/api/ai/provider', { baseUrl: 'ftp://x', model: 'm' })).body.code).toBe(4)
  })

  it('goes through the SSRF guard when the instance does not allow private networks', async () => {
    const guarded = await startTestServer('sqlite', { FETCH_ALLOW_PRIVATE_NETWORKS: 'false' })
    try {
      const a = await signedUpClient(guarded, unique())
      const r = await a.put('/api/ai/provider', { baseUrl: fake.baseUrl, model: 'm' })
      expect(r.body.code).toBe(4)
      expect(r.body.reason).toMatch(/not a public address/)
      const named = await a.put('/api/ai/provider', { baseUrl: 'http://localhost:1/v1', model: 'm' })
      expect(named.body.code).toBe(4)
    } finally {
      await guarded.stop()
    }
  })
})
