/**
 * Who tipped a feed (SPEC §3 feeds.tipUserIds, §7 items' tipUsers) over HTTP on both databases:
 * entry and feed tips count for the feed, latest tipper first, once per tipper; a replayed key,
 * a refused tip or a tip to a user adds nobody; the timeline, the feed lookup and the subscription
 * list all carry them; tips sent before migration 0018 are found by its backfill.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { sql } from 'kysely'
import { power } from '@brook/shared'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { insertEntries, insertFeed } from '../../test/factories.ts'
import { subscribeUser } from '../../test/feedEngineFixtures.ts'
import * as m0018 from '../../db/migrations/0018_feed_tippers.ts'

describeEachDialect('feed tippers', (dialect) => {
  let server: TestServer
  let reader: TestClient
  let bob: TestClient
  let carol: TestClient
  const ids: Record<string, string> = {}
  let tipped: string
  let quiet: string
  let entries: string[]

  const idOf = async (client: TestClient) => (await client.get('/api/auth/get-session')).body.user.id as string
  const timeline = async () => (await reader.get(`/api/entries?feedIdList=${tipped},${quiet}&limit=20`)).body.data as any[]

  beforeAll(async () => {
    server = await startTestServer(dialect)
    reader = await signedUpClient(server, 'reader-tippers@example.com')
    bob = await signedUpClient(server, 'bob-tippers@example.com')
    carol = await signedUpClient(server, 'carol-tippers@example.com')
    ids.reader = await idOf(reader)
    ids.bob = await idOf(bob)
    ids.carol = await idOf(carol)
    await server.database.db.updateTable('user').set({ name: 'Carol Tipper', handle: 'carol' }).where('id', '=', ids.carol).execute()
    tipped = await insertFeed(server.database.db, { title: 'Tipped' })
    quiet = await insertFeed(server.database.db, { title: 'Quiet' })
    entries = await insertEntries(server.database.db, tipped, 3)
    await insertEntries(server.database.db, quiet, 2, { guidPrefix: 'quiet' })
    await subscribeUser(server.database, ids.reader, tipped)
    await subscribeUser(server.database, ids.reader, quiet)
    for (const name of ['bob', 'carol']) await server.deps.wallets.rewardUser({ userId: ids[name], amount: power(5), reference: 'test', idempotencyKey: `tippers-${ids[name]}` })
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
  })

  it('shows nobody before any tip', async () => {
    const items = await timeline()
    expect(items.length).toBe(5)
    for (const item of items) {
      expect(item.tipUsers).toEqual([])
      expect(item.feeds.tipUserIds).toEqual([])
    }
  })

  it('lists entry and feed tippers on every entry of the feed, latest first, each once, with public profiles only', async () => {
    expect((await bob.request('POST', '/api/wallets/transactions/tip', { amount: '10', entryId: entries[0] }, { 'Idempotency-Key': 'tip-once' })).status).toBe(200)
    expect((await carol.post('/api/wallets/transactions/tip', { amount: '10', feedId: tipped })).status).toBe(200)
    // Bob again, on another entry: still one row, now the latest.
    expect((await bob.post('/api/wallets/transactions/tip', { amount: '10', entryId: entries[1] })).status).toBe(200)
    // The same key replayed moves nothing and counts nothing; a refused tip and a tip to a user count nothing either.
    expect((await bob.request('POST', '/api/wallets/transactions/tip', { amount: '10', entryId: entries[0] }, { 'Idempotency-Key': 'tip-once' })).status).toBe(200)
    expect((await reader.post('/api/wallets/transactions/tip', { amount: '10', feedId: quiet })).body.code).toBe(4002)
    expect((await carol.post('/api/wallets/transactions/tip', { amount: '10', userId: ids.bob })).status).toBe(200)

    const items = await timeline()
    const ofTipped = items.filter((i) => i.entries.feedId === tipped)
    const ofQuiet = items.filter((i) => i.entries.feedId === quiet)
    expect(ofTipped).toHaveLength(3)
    for (const item of ofTipped) {
      expect(item.tipUsers.map((u: any) => u.id)).toEqual([ids.bob, ids.carol])
      expect(item.feeds.tipUserIds).toEqual([ids.bob, ids.carol])
      expect(item.tipUsers[1]).toEqual({ id: ids.carol, name: 'Carol Tipper', handle: 'carol', image: null })
      for (const user of item.tipUsers) expect(Object.keys(user).sort()).toEqual(['handle', 'id', 'image', 'name'])
    }
    for (const item of ofQuiet) expect(item.tipUsers).toEqual([])
    const row = await server.database.db.selectFrom('feed_tippers').selectAll().where('feedId', '=', tipped).where('userId', '=', ids.bob).executeTakeFirstOrThrow()
    expect(Number(row.tips)).toBe(2)
    expect((await server.deps.wallets.audit()).ok).toBe(true)
  })

  it('carries the tippers in the feed lookup and the subscription list (so neither wipes them on the client)', async () => {
    expect((await reader.get(`/api/feeds?id=${tipped}`)).body.data.feed.tipUserIds).toEqual([ids.bob, ids.carol])
    expect((await reader.get(`/api/feeds?id=${quiet}`)).body.data.feed.tipUserIds).toEqual([])
    const subs = (await reader.get('/api/subscriptions')).body.data as any[]
    expect(subs.find((s) => s.feedId === tipped).feeds.tipUserIds).toEqual([ids.bob, ids.carol])
    expect(subs.find((s) => s.feedId === quiet).feeds.tipUserIds).toEqual([])
  })

  it('rebuilds the tippers of tips sent before migration 0018', async () => {
    await sql`drop table feed_tippers`.execute(server.database.db)
    await m0018.up(server.database.db as never)
    const items = await timeline()
    expect(items.find((i) => i.entries.feedId === tipped).tipUsers.map((u: any) => u.id)).toEqual([ids.bob, ids.carol])
    const row = await server.database.db.selectFrom('feed_tippers').selectAll().where('feedId', '=', tipped).where('userId', '=', ids.bob).executeTakeFirstOrThrow()
    expect(Number(row.tips)).toBe(2)
    expect(await server.database.db.selectFrom('feed_tippers').select('userId').where('feedId', '=', quiet).execute()).toEqual([])
  })
})
