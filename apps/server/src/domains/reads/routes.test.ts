/** /api/reads through HTTP on both databases: counts, read/unread, mark-all scopes and windows, total. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { newId } from '@brook/shared'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { insertEntries, insertFeed } from '../../test/factories.ts'
import { unreadRepo } from '../unread/repo.ts'

describeEachDialect('reads API', (dialect) => {
  let server: TestServer
  let a: TestClient
  let f0: string // view 0, 10 entries one day apart
  let f1: string // view 1, 5 entries
  let fPrivate: string // view 0, private, 3 entries

  beforeAll(async () => {
    server = await startTestServer(dialect, { AUTH_RATE_LIMIT: 'false', SERVICES: 'web' })
    a = await signedUpClient(server, 'a@example.com')
    const db = server.database.db
    f0 = await insertFeed(db)
    f1 = await insertFeed(db)
    fPrivate = await insertFeed(db)
    await insertEntries(db, f0, 10, { newest: new Date(Date.UTC(2025, 0, 10)), stepMs: 86_400_000 })
    await insertEntries(db, f1, 5)
    await insertEntries(db, fPrivate, 3)
    await a.post('/api/subscriptions', { feedId: f0, view: 0 })
    await a.post('/api/subscriptions', { feedId: f1, view: 1 })
    await a.post('/api/subscriptions', { feedId: fPrivate, view: 0, isPrivate: true })
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
  })

  const counts = async (query = '') => (await a.get(`/api/reads${query}`)).body.data as Record<string, number>
  const ids = async (feedId: string) => (await a.get(`/api/entries?feedId=${feedId}&limit=100`)).body.data.map((i: any) => i.entries.id) as string[]

  it('counts by source, per view, and in total', async () => {
    expect(await counts()).toEqual({ [f0]: 10, [f1]: 5, [fPrivate]: 3 })
    expect(await counts('?view=1')).toEqual({ [f1]: 5 })
    expect((await a.get('/api/reads/total-count')).body.data.count).toBe(18)
  })

  it('marks read and unread; repeats change nothing', async () => {
    const [x, y] = await ids(f0)
    expect((await a.post('/api/reads', { entryIds: [x, y] })).body.data.count).toBe(2)
    expect((await a.post('/api/reads', { entryIds: [x, y], isInbox: false })).body.data.count).toBe(0)
    expect((await counts())[f0]).toBe(8)
    expect((await a.delete('/api/reads', { entryId: x })).body.data.count).toBe(1)
    expect((await a.delete('/api/reads', { entryIds: [x, y] })).body.data.count).toBe(1)
    expect((await counts())[f0]).toBe(10)
    expect((await a.post('/api/reads', { entryIds: [newId()] })).body.code).toBe(3000)
    expect((await a.delete('/api/reads', {})).body.code).toBe(4)
    expect((await a.post('/api/reads', { entryIds: [] })).status).toBe(400)
  })

  it('mark all: by feed within a publish window, before an insert time, by view (private kept when asked), by list', async () => {
    const window = await a.post('/api/reads/all', { feedId: f0, startTime: Date.UTC(2025, 0, 5), endTime: '2025-01-07T00:00:00.000Z' })
    expect(window.body.data.count).toBe(3)
    expect((await counts())[f0]).toBe(7)
    expect((await a.post('/api/reads/all', { feedId: f0, insertedBefore: Date.now() - 3_600_000 })).body.data.count).toBe(0)
    const view0 = await a.post('/api/reads/all', { view: 0, excludePrivate: true })
    expect(view0.body.data.count).toBe(7)
    expect(await counts()).toEqual({ [f0]: 0, [f1]: 5, [fPrivate]: 3 })
    expect((await a.post('/api/reads/all', { view: 0 })).body.data.count).toBe(3)
    // At once, the unread timeline of that view is empty (every page, no cursor or behind one).
    expect((await a.get('/api/entries?view=0&read=false')).body.data).toEqual([])
    expect((await a.get(`/api/entries?view=0&read=false&publishedAfter=${encodeURIComponent('2030-01-01T00:00:00.000Z')}`)).body.data).toEqual([])
    const list = (await a.post('/api/lists', { title: 'L', view: 1, fee: 0 })).body.data
    await a.post('/api/lists/feeds', { listId: list.id, feedId: f1 })
    await a.post('/api/subscriptions', { listId: list.id })
    expect((await counts())[list.id]).toBe(5)
    expect((await a.post('/api/reads/all', { listId: list.id })).body.data.count).toBe(5)
    expect(await counts()).toEqual({ [f0]: 0, [f1]: 0, [fPrivate]: 0, [list.id]: 0 })
    expect((await a.get('/api/reads/total-count')).body.data.count).toBe(0)
    expect((await a.post('/api/reads/all', { feedId: f0, listId: list.id })).body.code).toBe(4)
    expect((await a.post('/api/reads/all', { listId: newId() })).body.code).toBe(8000)
    expect((await a.post('/api/reads/all', { inboxId: 'nobody-box' })).body.code).toBe(10000)
    expect((await a.post('/api/reads/all', { startTime: 'yesterday-ish' })).status).toBe(400)
    expect((await unreadRepo(server.database.db, dialect).auditCounters()).wrong).toEqual([])
  })

  it('new entries count in; unsubscribing drops the counter', async () => {
    await insertEntries(server.database.db, f1, 2)
    expect((await counts())[f1]).toBe(2)
    await a.delete('/api/subscriptions', { feedId: f1 })
    expect((await counts())[f1]).toBeUndefined()
  })
})
