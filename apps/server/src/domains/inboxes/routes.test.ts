/** /api/inboxes and inbox entries through HTTP on both databases: handles, secrets, the webhook, deletion. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { unreadRepo } from '../unread/repo.ts'

describeEachDialect('inboxes API', (dialect) => {
  let server: TestServer
  let a: TestClient
  let b: TestClient

  beforeAll(async () => {
    server = await startTestServer(dialect, { AUTH_RATE_LIMIT: 'false', SERVICES: 'web' })
    a = await signedUpClient(server, 'a@example.com')
    b = await signedUpClient(server, 'b@example.com')
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
  })

  const deliver = (handle: string, secret: string, body: unknown) =>
    fetch(`${server.url}/api/inboxes/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-inbox-handle': handle, 'x-inbox-secret': secret }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }))

  it('creates an inbox with a secret and subscribes its owner', async () => {
    const r = await a.post('/api/inboxes', { handle: 'News-Box', title: 'News' })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ type: 'inbox', id: 'news-box', title: 'News' })
    expect(r.body.data.secret).toMatch(/^[\w-]{40,}$/)
    expect((await a.get('/api/subscriptions')).body.data.find((s: any) => s.inboxId === 'news-box')).toMatchObject({ id: 'inbox/news-box', type: 'inbox' })
    expect((await a.get('/api/inboxes/list')).body.data.map((i: any) => i.id)).toEqual(['news-box'])
    expect((await a.get('/api/inboxes?handle=news-box')).body.data.secret).toBe(r.body.data.secret)
    expect((await b.post('/api/inboxes', { handle: 'news-box' })).body.code).toBe(10001)
    expect((await b.post('/api/inboxes', { handle: '9lives' })).body.code).toBe(1002)
    expect((await a.get('/api/inboxes?handle=nobody-here')).body.code).toBe(10000)
  })

  it('only the owner sees or changes an inbox (10003)', async () => {
    expect((await b.get('/api/inboxes?handle=news-box')).body.code).toBe(10003)
    expect((await b.put('/api/inboxes', { handle: 'news-box', title: 'Mine now' })).body.code).toBe(10003)
    expect((await b.delete('/api/inboxes', { handle: 'news-box' })).body.code).toBe(10003)
    expect((await b.get('/api/inboxes/list')).body.data).toEqual([])
    expect((await a.put('/api/inboxes', { handle: 'news-box', title: 'Renamed' })).body.data.title).toBe('Renamed')
  })

  it('the webhook stores entries once per guid, authenticated by the secret, and counts them unread', async () => {
    const secret = (await a.get('/api/inboxes?handle=news-box')).body.data.secret
    expect((await deliver('news-box', 'wrong', { guid: 'x' })).body.code).toBe(10003)
    expect((await deliver('nobody-here', secret, { guid: 'x' })).body.code).toBe(10000)
    const missingHeader = await fetch(`${server.url}/api/inboxes/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"guid":"x"}' })
    expect(missingHeader.status).toBe(400)
    expect((await deliver('news-box', secret, { guid: 'x', colour: 'red' })).status).toBe(400)
    const first = await deliver('news-box', secret, { guid: 'm-1', title: 'Hello', content: '<p>Hi<script>alert(1)</script></p>', url: 'https://mail.example/1', publishedAt: '2025-01-01T00:00:00Z' })
    expect(first.status).toBe(200)
    expect(first.body.data.created).toBe(true)
    const again = await deliver('news-box', secret, { guid: 'm-1', title: 'Hello again' })
    expect(again.body.data).toEqual({ id: first.body.data.id, created: false })
    await deliver('news-box', secret, { guid: 'm-2', title: 'Seen', read: true })
    expect((await a.get('/api/reads')).body.data['news-box']).toBe(1)
    const page = await a.get('/api/entries?inboxId=news-box')
    expect(page.body.data.map((i: any) => i.entries.guid)).toEqual(['m-2', 'm-1'])
    expect(page.body.data[1]).toMatchObject({ read: false, feeds: { type: 'inbox', id: 'news-box' } })
    const detail = await a.get(`/api/entries/inbox?id=${first.body.data.id}`)
    expect(detail.body.data.entries.content).toBe('<p>Hi</p>')
    expect(detail.body.data.entries.inboxHandle).toBe('news-box')
    const posted = await a.post('/api/entries/inbox', { inboxId: 'news-box', read: false })
    expect(posted.body.data.map((i: any) => i.entries.guid)).toEqual(['m-1'])
    // The all-feeds timeline of the inbox's view shows it too.
    expect((await a.get('/api/entries?view=0')).body.data.some((i: any) => i.entries.id === first.body.data.id)).toBe(true)
  })

  it("inbox entries are the owner's alone", async () => {
    const [item] = (await a.get('/api/entries?inboxId=news-box&read=false')).body.data
    const id = item.entries.id
    expect((await b.get(`/api/entries?inboxId=news-box`)).body.code).toBe(10003)
    expect((await b.get(`/api/entries?id=${id}`)).body.code).toBe(3000)
    expect((await b.get(`/api/entries/inbox?id=${id}`)).body.code).toBe(3000)
    expect((await b.post('/api/reads', { entryIds: [id] })).body.code).toBe(3000)
    expect((await b.post('/api/collections', { entryId: id })).body.code).toBe(3000)
    expect((await b.delete('/api/entries/inbox', { entryId: id })).body.code).toBe(10003)
    const stream = await b.request('POST', '/api/entries/stream', { ids: [id] })
    expect(stream.body ?? '').toBe('')
  })

  it('DELETE /entries/inbox removes an entry and its unread count', async () => {
    const [item] = (await a.get('/api/entries?inboxId=news-box&read=false')).body.data
    expect((await a.get('/api/reads')).body.data['news-box']).toBe(1)
    expect((await a.delete('/api/entries/inbox', { entryId: item.entries.id })).status).toBe(200)
    expect((await a.get('/api/reads')).body.data['news-box']).toBe(0)
    expect((await a.get(`/api/entries?id=${item.entries.id}`)).body.code).toBe(3000)
    expect((await unreadRepo(server.database.db, dialect).auditCounters()).wrong).toEqual([])
  })

  it('deleting an inbox takes its entries, subscription and counter', async () => {
    expect((await a.delete('/api/inboxes', { handle: 'news-box' })).status).toBe(200)
    expect((await a.get('/api/inboxes/list')).body.data).toEqual([])
    expect((await a.get('/api/subscriptions')).body.data.find((s: any) => s.inboxId === 'news-box')).toBeUndefined()
    expect((await a.get('/api/reads')).body.data['news-box']).toBeUndefined()
    const left = await server.database.db.selectFrom('entries').select('id').where('inboxId', '=', 'news-box').execute()
    expect(left).toEqual([])
  })
})
