/** GET /api/ai/translation over HTTP on both databases, against the loopback OpenAI-compatible fake. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { newId, splitParagraphs } from '@brook/shared'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { insertEntries, insertFeed } from '../../test/factories.ts'
import { startFakeAiProvider, translatingReply, type FakeAiProvider } from '../../test/fakeAiProvider.ts'
import { alreadyIn } from './translations.ts'

const unique = () => `${newId()}@example.com`
const html = '<p>The city council voted on Tuesday to turn the old rail yard into a park.</p><p><img src="x.png"></p><p>Residents have campaigned for a park since the site closed.</p>'

describeEachDialect('AI translation', (dialect) => {
  let fake: FakeAiProvider
  let server: TestServer
  let bare: TestServer
  let a: TestClient
  let feed: string

  beforeAll(async () => {
    fake = await startFakeAiProvider(translatingReply('[zh] '))
    server = await startTestServer(dialect, { AI_BASE_URL: fake.baseUrl, AI_MODEL: 'fake-model' })
    a = await signedUpClient(server, unique())
    feed = await insertFeed(server.database.db)
  }, 60_000)
  afterAll(async () => {
    await server?.stop()
    await bare?.stop()
    await fake?.close()
  })

  it('translates title, description and content paragraph by paragraph; a second request is served from storage', async () => {
    const [id] = await insertEntries(server.database.db, feed, 1, { content: html })
    const before = fake.requests.length
    const r = await a.get(`/api/ai/translation?id=${id}&language=zh-CN&fields=title,description,content`)
    expect(r.status).toBe(200)
    // The factory's title "Entry 0 of …" is short: translated, not trusted to detection.
    expect(r.body.data.title).toMatch(/^\[zh\] Entry 0 of/)
    expect(r.body.data.description).toBe('[zh] Description of entry 0')
    const pieces = splitParagraphs(html)
    expect(pieces).toHaveLength(3)
    expect(r.body.data.content).toBe('<p data-para="0">[zh] The city council voted on Tuesday to turn the old rail yard into a park.</p><p data-para="2">[zh] Residents have campaigned for a park since the site closed.</p>')
    const prompt = JSON.stringify(fake.requests[before].messages)
    expect(prompt).toContain('Chinese')
    expect(prompt).toContain('<field name=\\"content.0\\">')
    expect((await a.get(`/api/ai/translation?id=${id}&language=zh-CN&fields=title,content`)).body.data).toEqual({ title: r.body.data.title, content: r.body.data.content })
    expect(fake.requests.length).toBe(before + 1)
  })

  it('leaves out fields already in the target language and fields that do not exist', async () => {
    const [id] = await insertEntries(server.database.db, feed, 1, { content: html })
    await server.database.db.updateTable('entries').set({ description: null }).where('id', '=', id).execute()
    const before = fake.requests.length
    const r = await a.get(`/api/ai/translation?id=${id}&language=en&fields=description,content`)
    expect(r.body.data).toEqual({})
    expect(fake.requests.length).toBe(before)
  })

  it('bad fields are 4, an unknown entry 3000, a provider fault 1005', async () => {
    const [id] = await insertEntries(server.database.db, feed, 1, { content: html })
    expect((await a.get(`/api/ai/translation?id=${id}&language=ja&fields=secret`)).body.code).toBe(4)
    expect((await a.get(`/api/ai/translation?id=${newId()}&language=ja`)).body.code).toBe(3000)
    fake.reply(() => ({ text: 'Sure! Here is the translation.' }))
    const r = await a.get(`/api/ai/translation?id=${id}&language=ja`)
    expect(r.body.code).toBe(1005)
    fake.reply(translatingReply('[zh] '))
  })

  it('with no provider: 5 Missing configuration, saying what to configure', async () => {
    bare = await startTestServer(dialect)
    const b = await signedUpClient(bare, unique())
    const [id] = await insertEntries(bare.database.db, await insertFeed(bare.database.db), 1, { content: html })
    const r = await b.get(`/api/ai/translation?id=${id}&language=ja`)
    expect(r.body.code).toBe(5)
    expect(r.body.message).toBe('Missing configuration')
    expect(r.body.reason).toMatch(/Settings → AI/)
  })
})

it('language detection: long text in the language counts as translated, short text never does', () => {
  expect(alreadyIn('The city council voted on Tuesday to turn the old rail yard into a park.', 'en')).toBe(true)
  expect(alreadyIn('本市议会周二投票通过决定，将河东岸的旧铁路货场改建为公共公园。', 'zh-TW')).toBe(true)
  expect(alreadyIn('The city council voted on Tuesday to turn the old rail yard into a park.', 'ja')).toBe(false)
  expect(alreadyIn('Hello', 'en')).toBe(false)
})
