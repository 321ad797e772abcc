/**
 * Crash safety: a real server process (apps/server/src/main.ts) ingests (feed refreshes against the
 * farm, inbox webhooks) and marks entries read under concurrent traffic, and is killed with SIGKILL
 * mid-way. After a restart on the same database: no entry is duplicated, every acknowledged
 * delivery and read is there, and every unread counter equals the true count.
 */
import { afterEach, expect, it } from 'vitest'
import { sql } from 'kysely'
import { createTestDatabase, describeEachDialect, type TestDatabase } from './testDatabase.ts'
import { startFeedFarm, type FeedFarm } from './feedFarm.ts'
import { TestClient } from './testServer.ts'
import { kill, startChild, type Child } from './childServer.ts'

const LOAD_MS = 1500

import { unreadRepo } from '../domains/unread/repo.ts'

describeEachDialect('crash safety', (dialect) => {
  let database: TestDatabase | undefined
  let farm: FeedFarm | undefined
  let child: Child | undefined

  afterEach(async () => {
    await kill(child)
    await database?.dispose()
    await farm?.close()
    database = undefined
    farm = undefined
  })

  it('SIGKILL mid-way loses no acknowledged write and leaves exact counters', async () => {
    database = await createTestDatabase(dialect)
    farm = await startFeedFarm()
    child = await startChild(database.location)
    const a = new TestClient(child.url)
    await a.signUp('crash-admin@example.com') // first user: admin, may refresh feeds

    const feedIds: string[] = []
    for (let i = 0; i < 4; i++) {
      const r = await a.post('/api/subscriptions', { url: farm.url(`/gen/rss/${900 + i}?entries=10&changing=1`), view: 0 })
      expect(r.status).toBe(200)
      feedIds.push(r.body.data.feed.id)
    }
    const list = (await a.post('/api/lists', { title: 'All', view: 1, fee: 0 })).body.data
    await a.post('/api/lists/feeds', { listId: list.id, feedIds: feedIds.slice(0, 2) })
    await a.post('/api/subscriptions', { listId: list.id })
    const inbox = (await a.post('/api/inboxes', { handle: 'crash-box' })).body.data

    const ackedDeliveries = new Set<string>()
    const ackedReads = new Set<string>()
    const ackedMarkAll: { feedId: string; before: string }[] = []
    let refreshes = 0
    const deadline = Date.now() + LOAD_MS
    const until = async (work: () => Promise<void>) => {
      while (Date.now() < deadline) await work().catch(() => {})
    }
    const killer = new Promise<void>((resolve) => setTimeout(() => void kill(child).then(resolve), LOAD_MS - 200 + Math.random() * 400))

    let k = 0
    await Promise.all([
      killer,
      until(async () => {
        const r = await a.post('/api/feeds/refresh', { id: feedIds[refreshes++ % feedIds.length] })
        if (r.status !== 200) throw new Error('refresh refused')
      }),
      until(async () => {
        const guid = `w-${k++}`
        const r = await a.request('POST', '/api/inboxes/webhook', { guid, title: guid, content: `<p>${guid}</p>` }, { 'x-inbox-handle': 'crash-box', 'x-inbox-secret': inbox.secret })
        if (r.status === 200) ackedDeliveries.add(guid)
      }),
      until(async () => {
        const page = await a.get('/api/entries?read=false&limit=5')
        const ids = (page.body?.data ?? []).map((i: any) => i.entries.id as string)
        if (ids.length === 0) return
        const r = await a.post('/api/reads', { entryIds: ids })
        if (r.status === 200) for (const id of ids) ackedReads.add(id)
      }),
      until(async () => {
        const feedId = feedIds[k % feedIds.length]
        const before = new Date(Date.now() - 50).toISOString()
        const r = await a.post('/api/reads/all', { feedId, insertedBefore: before })
        if (r.status === 200) ackedMarkAll.push({ feedId, before })
        await new Promise((resolve) => setTimeout(resolve, 100))
      }),
    ])
    // The load did real work before the kill (typically hundreds of reads and deliveries).
    expect(ackedReads.size).toBeGreaterThan(10)
    expect(ackedDeliveries.size).toBeGreaterThan(10)
    expect(refreshes).toBeGreaterThan(5)

    // Restart on the same database.
    child = await startChild(database.location)
    const again = new TestClient(child.url)
    expect((await again.signIn('crash-admin@example.com')).status).toBe(200)
    const db = database.db

    // No duplicates, by the unique keys of ingest.
    const dupFeeds = await sql<{ n: number }>`select count(*) as n from (select ${sql.ref('feedId')}, guid from entries where ${sql.ref('feedId')} is not null group by ${sql.ref('feedId')}, guid having count(*) > 1) d`.execute(db)
    const dupInbox = await sql<{ n: number }>`select count(*) as n from (select ${sql.ref('inboxId')}, guid from entries where ${sql.ref('inboxId')} is not null group by ${sql.ref('inboxId')}, guid having count(*) > 1) d`.execute(db)
    expect(Number(dupFeeds.rows[0].n)).toBe(0)
    expect(Number(dupInbox.rows[0].n)).toBe(0)

    // Every acknowledged delivery is there once; delivering it again creates nothing.
    const stored = new Set((await db.selectFrom('entries').select('guid').where('inboxId', '=', 'crash-box').execute()).map((r) => r.guid))
    for (const guid of ackedDeliveries) expect(stored.has(guid), guid).toBe(true)
    for (const guid of [...ackedDeliveries].slice(0, 20)) {
      const r = await again.request('POST', '/api/inboxes/webhook', { guid, title: guid }, { 'x-inbox-handle': 'crash-box', 'x-inbox-secret': inbox.secret })
      expect(r.body.data.created).toBe(false)
    }

    // Every acknowledged read is still read.
    const me = (await again.get('/api/auth/get-session')).body.user.id
    const reads = new Set((await db.selectFrom('entry_reads').select('entryId').where('userId', '=', me).execute()).map((r) => r.entryId))
    for (const id of ackedReads) expect(reads.has(id), id).toBe(true)
    for (const { feedId, before } of ackedMarkAll) {
      const unread = await db
        .selectFrom('entries as e')
        .select('e.id')
        .where('e.feedId', '=', feedId)
        .where('e.insertedAt', '<', before)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('entry_reads as r').select('r.entryId').whereRef('r.entryId', '=', 'e.id').where('r.userId', '=', me))))
        .execute()
      expect(unread, `mark-all of ${feedId} before ${before}`).toEqual([])
    }

    // Counters equal the true counts, and keep doing so as the restarted server works on.
    const audit = await unreadRepo(db, dialect).auditCounters()
    expect(audit.wrong).toEqual([])
    expect(audit.checked).toBe(audit.subscriptions)
    await again.post('/api/feeds/refresh', { id: feedIds[0] })
    const page = await again.get('/api/entries?read=false&limit=3')
    if (page.body.data.length) await again.post('/api/reads', { entryIds: page.body.data.map((i: any) => i.entries.id) })
    expect((await unreadRepo(db, dialect).auditCounters()).wrong).toEqual([])
  }, 120_000)
})
