/**
 * POST /api/ai/chat against the loopback OpenAI-compatible provider on both databases: the model
 * calls the search tool over the user's own entries, the answer streams in the UI message stream
 * protocol, sessions and messages persist (and go with their session), another user sees none of
 * it, the limits answer 5 / 15001, and a client that hangs up stops the provider's stream.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { newId } from '@brook/shared'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { insertEntries, insertFeed } from '../../test/factories.ts'
import { contentText, startFakeAiProvider, type ChatRequest, type FakeAiProvider } from '../../test/fakeAiProvider.ts'

const unique = () => `${newId()}@example.com`
const userMessage = (text: string) => ({ id: newId(), role: 'user' as const, parts: [{ type: 'text', text }] })

/** The model: search first, then answer with the titles the tool returned. */
function searchingModel(request: ChatRequest) {
  const last = request.messages.at(-1)
  if (last?.role === 'tool') {
    const titles = [...contentText(last).matchAll(/"title":"([^"]+)"/g)].map((m) => m[1])
    return { text: `I found: ${titles.join('; ')}.` }
  }
  const question = contentText([...request.messages].reverse().find((m) => m.role === 'user'))
  return { toolCalls: [{ name: 'searchEntries', arguments: { query: question.includes('orchard') ? 'orchard' : question } }] }
}

/** The SSE events of a chat answer. */
function events(body: string): Record<string, unknown>[] {
  return body
    .split('\n\n')
    .map((block) => block.replace(/^data: /, '').trim())
    .filter((data) => data && data !== '[DONE]')
    .map((data) => JSON.parse(data))
}

describeEachDialect('AI chat', (dialect) => {
  let fake: FakeAiProvider
  let server: TestServer
  let a: TestClient
  let b: TestClient
  let orchardEntry: string

  beforeAll(async () => {
    fake = await startFakeAiProvider(searchingModel)
    server = await startTestServer(dialect, { AI_BASE_URL: fake.baseUrl, AI_MODEL: 'fake-model', AI_CHAT_ROLES: 'free,admin' })
    a = await signedUpClient(server, unique())
    b = await signedUpClient(server, unique())
    const feed = await insertFeed(server.database.db)
    ;[orchardEntry] = await insertEntries(server.database.db, feed, 1, { content: '<p>The orchard flooded after the spring rain, and the bees moved uphill.</p>' })
    await server.database.db.updateTable('entries').set({ title: 'Rain on the orchard' }).where('id', '=', orchardEntry).execute()
    await a.post('/api/subscriptions', { feedId: feed, view: 0 })
  }, 60_000)
  afterAll(async () => {
    await server?.stop()
    await fake?.close()
  })

  it('streams an answer that used the search tool over the user\'s entries, and keeps the conversation', async () => {
    const chatId = newId()
    const before = fake.requests.length
    const r = await a.post('/api/ai/chat', { id: chatId, messages: [userMessage('What happened at the orchard?')] })
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toMatch(/text\/event-stream/)
    expect(r.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1')
    const chunks = events(r.body as string)
    const types = chunks.map((c) => c.type)
    expect(types[0]).toBe('start')
    expect(types).toContain('tool-input-available')
    expect(types).toContain('tool-output-available')
    expect(types.at(-1)).toBe('finish')
    const output = chunks.find((c) => c.type === 'tool-output-available') as { output: { id: string }[] }
    expect(output.output.map((e) => e.id)).toEqual([orchardEntry])
    const text = chunks.filter((c) => c.type === 'text-delta').map((c) => c.delta).join('')
    expect(text).toBe('I found: Rain on the orchard.')
    // Provider calls: the tool call, the answer with the tool's result, then the session's title.
    expect(fake.requests.length).toBe(before + 3)
    expect(fake.requests[before + 1].messages.at(-1)?.role).toBe('tool')
    expect(String(fake.requests[before + 2].messages[0].content)).toContain('short titles')
    expect(fake.requests[before].tools?.map((t) => t.function.name).sort()).toEqual(['listUnread', 'markRead', 'readEntry', 'searchEntries'])
    expect(fake.requests[before].stream).toBe(true)

    const sessions = (await a.get('/api/ai/chat/sessions')).body.data
    expect(sessions.map((s: { chatId: string }) => s.chatId)).toEqual([chatId])
    expect(sessions[0].title).toBeTruthy()
    const messages = (await a.get(`/api/ai/chat/sessions/${chatId}/messages`)).body.data
    expect(messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant'])
    expect(messages[1].status).toBe('completed')
    expect(messages[1].finishedAt).toBeTruthy()
    expect(JSON.stringify(messages[1].parts)).toContain('tool-searchEntries')

    // Another user: no sessions, no messages, cannot continue this chat.
    expect((await b.get('/api/ai/chat/sessions')).body.data).toEqual([])
    expect((await b.get(`/api/ai/chat/sessions/${chatId}/messages`)).body.code).toBe(6)
    expect((await b.post('/api/ai/chat', { id: chatId, messages: [userMessage('hi')] })).body.code).toBe(6)
    // B's search finds nothing of A's feed.
    const bChat = await b.post('/api/ai/chat', { id: newId(), messages: [userMessage('orchard')] })
    const bOutput = events(bChat.body as string).find((c) => c.type === 'tool-output-available') as { output: unknown[] }
    expect(bOutput.output).toEqual([])

    // Deleting the session deletes its messages.
    expect((await a.delete(`/api/ai/chat/sessions/${chatId}`)).body.data).toEqual({ chatId })
    expect((await a.get(`/api/ai/chat/sessions/${chatId}/messages`)).body.code).toBe(6)
    expect(await server.database.db.selectFrom('ai_chat_messages').selectAll().where('chatId', '=', chatId).execute()).toEqual([])
  })

  it('a client that hangs up stops the provider\'s stream', async () => {
    fake.reply(() => ({ text: 'word '.repeat(400), chunkSize: 5, chunkDelayMs: 20 }))
    const controller = new AbortController()
    const response = await fetch(`${server.url}/api/ai/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: [...a.cookies].map(([k, v]) => `${k}=${v}`).join('; '), origin: server.url },
      body: JSON.stringify({ id: newId(), messages: [userMessage('Tell me a long story')] }),
      signal: controller.signal,
    })
    const reader = response.body!.getReader()
    await reader.read()
    await reader.read()
    controller.abort()
    await expect.poll(() => fake.abortedStreams, { timeout: 5000 }).toBeGreaterThan(0)
    fake.reply(searchingModel)
  })

  it('roles without chat get 15001; bad input 4', async () => {
    // AI_CHAT_ROLES is free,admin here: a pro user (signed in after the change) may not chat.
    const email = unique()
    await signedUpClient(server, email)
    await server.database.db.updateTable('user').set({ role: 'pro' }).where('email', '=', email).execute()
    const proAgain = new (a.constructor as typeof TestClient)(server.url)
    await proAgain.post('/api/auth/sign-in/email', { email, password: 'correct horse battery' })
    const r = await proAgain.post('/api/ai/chat', { id: newId(), messages: [userMessage('hello')] })
    expect(r.status).toBe(403)
    expect(r.body.code).toBe(15001)
    expect((await a.post('/api/ai/chat', { id: newId(), messages: [] })).body.code).toBe(4)
  })
})

describeEachDialect('AI chat without a provider', (dialect) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(dialect)
  }, 60_000)
  afterAll(async () => {
    await server?.stop()
  })

  it('answers 5 Missing configuration, saying what to configure; summary-title falls back to the text', async () => {
    const a = await signedUpClient(server, unique())
    const r = await a.post('/api/ai/chat', { id: newId(), messages: [userMessage('hello')] })
    expect(r.body.code).toBe(5)
    expect(r.body.reason).toMatch(/Settings → AI/)
    expect((await a.post('/api/ai/summary-title', { text: 'What is new in the garden this week?' })).body.data).toEqual({ title: 'What is new in the garden this week?' })
  })
})
