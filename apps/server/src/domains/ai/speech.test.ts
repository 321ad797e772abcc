/** GET /api/ai/speech (issue 10): the provider's /audio/speech reads an entry when AI_TTS_MODEL is set; else 5 (the web speaks in the browser). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '@brook/shared'
import { signedUpClient, startTestServer, type TestServer } from '../../test/testServer.ts'
import { insertEntries, insertFeed } from '../../test/factories.ts'
import { startFakeAiProvider, type FakeAiProvider } from '../../test/fakeAiProvider.ts'

const unique = () => `${newId()}@example.com`

describe('text-to-speech through the provider', () => {
  let fake: FakeAiProvider
  let server: TestServer
  let plain: TestServer
  beforeAll(async () => {
    fake = await startFakeAiProvider()
    server = await startTestServer('sqlite', { AI_BASE_URL: fake.baseUrl, AI_MODEL: 'fake-model', AI_API_KEY: 'sk-tts', AI_TTS_MODEL: 'fake-tts' })
    plain = await startTestServer('sqlite')
  }, 60_000)
  afterAll(async () => {
    await server?.stop()
    await plain?.stop()
    await fake?.close()
  })

  it('answers the audio the provider made from the entry\'s title and text; the status says provider', async () => {
    const a = await signedUpClient(server, unique())
    const feed = await insertFeed(server.database.db)
    const [id] = await insertEntries(server.database.db, feed, 1, { content: `<p>${'Long text. '.repeat(600)}</p>` })
    expect((await a.get('/api/ai/status')).body.data.features.tts).toBe('provider')
    const r = await fetch(`${server.url}/api/ai/speech?id=${id}&voice=nova`, { headers: { cookie: [...a.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } })
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('audio/wav')
    const audio = Buffer.from(await r.arrayBuffer())
    expect(audio.subarray(0, 4).toString()).toBe('RIFF')
    const request = fake.speechRequests.at(-1)!
    expect(request).toMatchObject({ model: 'fake-tts', voice: 'nova' })
    expect(String(request.input)).toMatch(/^Entry 0 of .+\n\nLong text\./)
    expect(String(request.input).length).toBe(4096)
    expect((await a.get(`/api/ai/speech?id=${newId()}`)).body.code).toBe(3000)
  })

  it('without AI_TTS_MODEL: 5 — the browser reads aloud', async () => {
    const a = await signedUpClient(plain, unique())
    const feed = await insertFeed(plain.database.db)
    const [id] = await insertEntries(plain.database.db, feed, 1)
    expect((await a.get('/api/ai/status')).body.data.features.tts).toBe('browser')
    expect((await a.get(`/api/ai/speech?id=${id}`)).body.code).toBe(5)
  })
})
