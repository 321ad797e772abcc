/** /api/lists through HTTP on both databases: ownership, feeds, counters that follow membership, export. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { newId } from '@brook/shared'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { insertEntries, insertFeed } from '../../test/factories.ts'
import { unreadRepo } from '../unread/repo.ts'

describeEachDialect('lists API', (dialect) => {
  let server: TestServer
  let owner: TestClient
  let other: TestClient
  let f1: string
  let f2: string

  beforeAll(async () => {
    server = await startTestServer(dialect, { AUTH_RATE_LIMIT: 'false', SERVICES: 'web' })
    owner = await signedUpClient(server, 'owner@example.com')
    other = await signedUpClient(server, 'other@example.com')
    f1 = await insertFeed(server.database.db, { title: 'One' })
    f2 = await insertFeed(server.database.db, { title: 'Two' })
    await insertEntries(server.database.db, f1, 4)
    await insertEntries(server.database.db, f2, 6)
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
  })

  it('creates, shows, edits and lists owned lists', async () => {
    const created = await owner.post('/api/lists', { title: ' Reading ', description: 'Good stuff', view: 0, fee: 0 })
    expect(created.status).toBe(200)
    const list = created.body.data
    expect(list).toMatchObject({ type: 'list', title: 'Reading', description: 'Good stuff', view: 0, fee: 0, feedIds: [], subscriptionCount: 0 })
    const shown = await other.get(`/api/lists?listId=${list.id}`)
    expect(shown.body.data).toMatchObject({ subscriptionCount: 0, feedCount: 0, subscription: null })
    expect((await owner.patch('/api/lists', { listId: list.id, title: 'Reads', image: 'https://img.example/x.png' })).body.data).toMatchObject({ title: 'Reads', image: 'https://img.example/x.png' })
    expect((await owner.get('/api/lists/list')).body.data.map((l: any) => l.id)).toContain(list.id)
    expect((await other.get('/api/lists/list')).body.data).toEqual([])
    expect((await owner.get(`/api/lists?listId=${newId()}`)).body.code).toBe(8000)
    expect((await owner.post('/api/lists', { title: '', view: 0 })).status).toBe(400)
    expect((await owner.post('/api/lists', { title: 'x', view: 9 })).status).toBe(400)
  })

  it('only the owner changes a list (8001)', async () => {
    const list = (await owner.post('/api/lists', { title: 'Mine', view: 0, fee: 0 })).body.data
    expect((await other.patch('/api/lists', { listId: list.id, title: 'Hijacked' })).body.code).toBe(8001)
    expect((await other.post('/api/lists/feeds', { listId: list.id, feedId: f1 })).body.code).toBe(8001)
    expect((await other.delete('/api/lists/feeds', { listId: list.id, feedId: f1 })).body.code).toBe(8001)
    expect((await other.delete('/api/lists', { listId: list.id })).body.code).toBe(8001)
    expect((await owner.get(`/api/lists?listId=${list.id}`)).body.data.list.title).toBe('Mine')
  })

  it('feeds: add (8003 when there, 2001 when unknown), remove; subscribers’ counters follow', async () => {
    const list = (await owner.post('/api/lists', { title: 'Counted', view: 0, fee: 0 })).body.data
    const sub = await other.post('/api/subscriptions', { listId: list.id })
    expect(sub.body.data.unread).toBe(0)
    const added = await owner.post('/api/lists/feeds', { listId: list.id, feedId: f1 })
    expect(added.body.data.map((f: any) => f.id)).toEqual([f1])
    expect((await other.get('/api/reads')).body.data[list.id]).toBe(4)
    expect((await owner.post('/api/lists/feeds', { listId: list.id, feedIds: [f1, f2] })).body.code).toBe(8003)
    expect((await owner.post('/api/lists/feeds', { listId: list.id, feedIds: [newId()] })).body.code).toBe(2001)
    await owner.post('/api/lists/feeds', { listId: list.id, feedIds: [f2] })
    expect((await other.get('/api/reads')).body.data[list.id]).toBe(10)
    // Reading an entry of f2 lowers the list counter.
    const page = await other.get(`/api/entries?listId=${list.id}&limit=100`)
    expect(page.body.data).toHaveLength(10)
    const fromF2 = page.body.data.find((i: any) => i.feeds.id === f2).entries.id
    await other.post('/api/reads', { entryIds: [fromF2] })
    expect((await other.get('/api/reads')).body.data[list.id]).toBe(9)
    expect((await owner.delete('/api/lists/feeds', { listId: list.id, feedId: f2 })).status).toBe(200)
    expect((await other.get('/api/reads')).body.data[list.id]).toBe(4)
    expect((await owner.delete(`/api/lists/${list.id}/feeds/${f1}`)).status).toBe(200)
    expect((await other.get('/api/reads')).body.data[list.id]).toBe(0)
    expect((await owner.delete(`/api/lists/${list.id}/feeds/${f1}`)).body.code).toBe(2001)
    expect((await unreadRepo(server.database.db, dialect).auditCounters()).wrong).toEqual([])
  })

  it('a new view moves the list’s subscriptions along', async () => {
    const list = (await owner.post('/api/lists', { title: 'Moving', view: 0, fee: 0 })).body.data
    await other.post('/api/subscriptions', { listId: list.id })
    await owner.patch('/api/lists', { listId: list.id, view: 3 })
    expect((await other.get('/api/subscriptions?view=3')).body.data.map((s: any) => s.listId)).toContain(list.id)
  })

  it('a followed list cannot be deleted (8004); unfollowed, it can', async () => {
    const list = (await owner.post('/api/lists', { title: 'Followed', view: 0, fee: 0 })).body.data
    await other.post('/api/subscriptions', { listId: list.id })
    expect((await owner.delete('/api/lists', { listId: list.id })).body.code).toBe(8004)
    await other.delete('/api/subscriptions', { listId: list.id })
    expect((await owner.delete('/api/lists', { listId: list.id })).status).toBe(200)
    expect((await owner.get(`/api/lists?listId=${list.id}`)).body.code).toBe(8000)
  })

  it('exports a list as OPML', async () => {
    const list = (await owner.post('/api/lists', { title: 'Export me', view: 0, fee: 0 })).body.data
    await owner.post('/api/lists/feeds', { listId: list.id, feedIds: [f1, f2] })
    const r = await other.get(`/api/lists/${list.id}/export`)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toMatch(/opml/)
    expect(String(r.body)).toContain('Export me')
    expect(String(r.body)).toContain('text="One"')
    expect((await other.get(`/api/lists/${newId()}/export`)).body.code).toBe(8000)
  })
})
