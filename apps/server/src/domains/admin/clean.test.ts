/**
 * POST /api/admin/clean through HTTP on both databases: old entries of feeds nobody follows go
 * (starred ones stay), feeds left with nothing go (new ones and boosted ones stay), expired
 * sessions and idempotency keys go; followed feeds and their unread counters are untouched; the
 * answer counts what went; 1004 for non-admins.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { newId } from '@brook/shared'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, TestClient, type TestServer } from '../../test/testServer.ts'
import { insertEntries, insertFeed } from '../../test/factories.ts'

const DAY = 24 * 60 * 60 * 1000

describeEachDialect('admin clean', (dialect) => {
  let server: TestServer
  let admin: TestClient
  let bob: TestClient

  beforeAll(async () => {
    server = await startTestServer(dialect, { AUTH_RATE_LIMIT: 'false', SERVICES: 'web' })
    admin = await signedUpClient(server, 'admin-clean@example.com')
    bob = await signedUpClient(server, 'bob-clean@example.com')
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
  })

  it('purges what nothing needs, keeps what something points at, and counts it', async () => {
    const db = server.database.db
    const old = new Date(Date.now() - 100 * DAY)
    const bobId = (await bob.get('/api/auth/get-session')).body.user.id
    const entriesOf = async (feedId: string) => (await db.selectFrom('entries').select('id').where('feedId', '=', feedId).execute()).map((r) => r.id)
    const feedExists = async (id: string) => (await db.selectFrom('feeds').select('id').where('id', '=', id).executeTakeFirst()) !== undefined

    // Followed by Bob: old entries, kept.
    const followed = await insertFeed(db)
    await insertEntries(db, followed, 4, { newest: old })
    expect((await bob.post('/api/subscriptions', { feedId: followed, view: 0 })).status).toBe(200)
    const unreadBefore = (await bob.get('/api/reads')).body.data
    expect(unreadBefore[followed]).toBe(4)
    // Nobody follows it: 3 old entries (one starred by Bob) and 2 recent ones.
    const unfollowed = await insertFeed(db)
    const oldEntries = await insertEntries(db, unfollowed, 3, { newest: old, guidPrefix: 'old' })
    const recent = await insertEntries(db, unfollowed, 2, { newest: new Date(), guidPrefix: 'new' })
    await db.insertInto('collections').values({ userId: bobId, entryId: oldEntries[0], feedId: unfollowed, view: 0, createdAt: new Date().toISOString() }).execute()
    // In a list: its old entries stay.
    const listed = await insertFeed(db)
    await insertEntries(db, listed, 2, { newest: old, guidPrefix: 'listed' })
    const list = (await bob.post('/api/lists', { title: 'Bob’s list', view: 0, fee: 0 })).body.data.id
    expect((await bob.post('/api/lists/feeds', { listId: list, feedId: listed })).status).toBe(200)
    // Orphans: one added long ago (goes), one just added (stays), one boosted (stays).
    const orphan = await insertFeed(db)
    const fresh = await insertFeed(db)
    const boosted = await insertFeed(db)
    await db.updateTable('feeds').set({ createdAt: old.toISOString() }).where('id', 'in', [orphan, boosted]).execute()
    await db.insertInto('boosts').values({ id: newId(), feedId: boosted, userId: bobId, amount: '1', transferId: newId(), createdAt: old.toISOString(), expiresAt: old.toISOString() } as never).execute()

    // An expired session (Carol's) and an expired idempotency key (Bob's).
    const carol = new TestClient(server.url)
    const carolId = (await carol.signUp('carol-clean@example.com')).id
    await db.updateTable('session').set({ expiresAt: dialect === 'sqlite' ? old.toISOString() : (old as never) }).where('userId', '=', carolId).execute()
    expect((await bob.request('POST', '/api/collections', { entryId: recent[0], view: 0 }, { 'idempotency-key': 'clean-key-1' })).status).toBe(200)
    await db.updateTable('idempotency_keys').set({ expiresAt: old.toISOString() }).where('key', '=', 'clean-key-1').execute()

    // Only admins.
    expect((await bob.post('/api/admin/clean', {})).body.code).toBe(1004)
    expect((await new TestClient(server.url).post('/api/admin/clean', {})).body.code).toBe(1000)
    for (const body of [{ retentionDays: 0 }, { retentionDays: 'x' }, { retentionDays: 1.5 }, { retentionDays: 30, all: true }]) {
      expect((await admin.post('/api/admin/clean', body)).body.code, JSON.stringify(body)).toBe(4)
    }
    expect(await entriesOf(unfollowed)).toHaveLength(5)

    const cleaned = await admin.post('/api/admin/clean', { retentionDays: 30 })
    expect(cleaned.status).toBe(200)
    expect(cleaned.body.data).toMatchObject({ entries: 2, feeds: 1 })
    expect(cleaned.body.data.sessions).toBeGreaterThanOrEqual(1)
    expect(cleaned.body.data.idempotencyKeys).toBeGreaterThanOrEqual(1)

    expect((await entriesOf(unfollowed)).sort()).toEqual([oldEntries[0], ...recent].sort())
    expect(await entriesOf(followed)).toHaveLength(4)
    expect(await entriesOf(listed)).toHaveLength(2)
    expect([await feedExists(orphan), await feedExists(fresh), await feedExists(boosted), await feedExists(unfollowed)]).toEqual([false, true, true, true])
    expect(await db.selectFrom('session').select('id').where('userId', '=', carolId).execute()).toEqual([])
    expect((await carol.get('/api/auth/get-session')).body).toBeNull()
    expect(await db.selectFrom('idempotency_keys').select('key').where('key', '=', 'clean-key-1').execute()).toEqual([])
    // Bob's counters and stars are as they were; his session still works.
    expect((await bob.get('/api/reads')).body.data).toEqual(unreadBefore)
    expect((await bob.get('/api/collections')).status).not.toBe(500)
    expect(await db.selectFrom('collections').select('entryId').where('userId', '=', bobId).orderBy('entryId').execute()).toHaveLength(2)

    // Nothing left to purge: zeros.
    expect((await admin.post('/api/admin/clean', {})).body.data).toEqual({ entries: 0, feeds: 0, sessions: 0, idempotencyKeys: 0 })
    // Retention is by publication date: a day's retention still keeps today's entries.
    expect((await admin.post('/api/admin/clean', { retentionDays: 1 })).body.data.entries).toBe(0)
  })
})
