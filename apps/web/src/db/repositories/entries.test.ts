import { describe, expect, it } from 'vitest'
import { nodeSqliteBackend } from '../../test/nodeSqliteBackend.ts'
import type { Entry } from '../../store/types.ts'
import { migrate } from '../migrate.ts'
import { localMigrations } from '../migrations/index.ts'
import { toObjects } from '../types.ts'
import { upsertCollections } from './sources.ts'
import { countEntries, pruneEntries, readEntry, readTimeline, setEntriesRead, upsertEntries } from './entries.ts'

function entry(n: number, feedId: string | null, extra: Partial<Entry> = {}): Entry {
  return {
    id: `e${String(n).padStart(4, '0')}`, title: `t${n}`, url: null, content: null, readabilityContent: null, readabilityUpdatedAt: null, description: null,
    guid: `g${n}`, author: null, authorUrl: null, authorAvatar: null, insertedAt: new Date(Date.UTC(2025, 0, 1, 0, n)).toISOString(),
    publishedAt: new Date(Date.UTC(2025, 0, 1, 0, n)).toISOString(), media: null, categories: null, attachments: null, extra: null, language: null,
    feedId, inboxHandle: feedId ? null : 'box', read: false, sources: null, settings: null, ...extra,
  }
}

async function db() {
  const b = nodeSqliteBackend()
  await migrate(b, localMigrations)
  return b
}

describe('entries repository', () => {
  it('keeps a stored body when a list page without bodies arrives', async () => {
    const b = await db()
    await b.run(upsertEntries([entry(1, 'f', { content: '<p>body</p>' })]), { transaction: true })
    await b.run(upsertEntries([entry(1, 'f', { title: 'renamed' })]), { transaction: true })
    const stored = await readEntry(b, 'e0001')
    expect(stored).toMatchObject({ title: 'renamed', content: '<p>body</p>' })
  })

  it('reads timelines newest first, for few and many sources, with unread-only and a cursor', async () => {
    const b = await db()
    const feeds = Array.from({ length: 12 }, (_, i) => `f${i}`)
    const all = Array.from({ length: 120 }, (_, n) => entry(n, feeds[n % feeds.length]))
    all.push(entry(200, null))
    await b.run(upsertEntries(all), { transaction: true })
    await b.run(setEntriesRead(['e0119', 'e0118'], true), { transaction: true })

    const many = await readTimeline(b, { feedIds: feeds, inboxIds: ['box'], limit: 5 })
    expect(many.map((e) => e.id)).toEqual(['e0200', 'e0119', 'e0118', 'e0117', 'e0116'])
    const few = await readTimeline(b, { feedIds: ['f0'], inboxIds: [], limit: 3 })
    expect(few.map((e) => e.id)).toEqual(['e0108', 'e0096', 'e0084'])
    const unread = await readTimeline(b, { feedIds: feeds, inboxIds: [], unreadOnly: true, limit: 2 })
    expect(unread.map((e) => e.id)).toEqual(['e0117', 'e0116'])
    const next = await readTimeline(b, { feedIds: feeds, inboxIds: [], before: many[4].publishedAt, limit: 2 })
    expect(next.map((e) => e.id)).toEqual(['e0115', 'e0114'])
    expect(many[0].content).toBeNull()
  })

  it('prunes to 20 per source, keeping unread and starred entries', async () => {
    const b = await db()
    const rows = Array.from({ length: 30 }, (_, n) => entry(n, 'f'))
    await b.run(upsertEntries(rows), { transaction: true })
    await b.run(setEntriesRead(rows.map((e) => e.id), true), { transaction: true })
    await b.run(setEntriesRead(['e0000'], false), { transaction: true })
    await b.run(upsertCollections([{ entryId: 'e0001', feedId: 'f', view: 0, createdAt: 'x' }]), { transaction: true })
    await b.run(pruneEntries(), { transaction: true })
    expect(await countEntries(b)).toBe(22)
    const kept = toObjects<{ id: string }>((await b.run([{ sql: 'SELECT id FROM entries ORDER BY id' }]))[0]).map((r) => r.id)
    expect(kept).toContain('e0000')
    expect(kept).toContain('e0001')
    expect(kept).toContain('e0029')
    expect(kept).not.toContain('e0005')
  })
})

describe('the starting timeline read with hydration', () => {
  it('matches readTimeline over the same sources: feeds, list feeds and inboxes of the view, hidden ones left out', async () => {
    const { upsertSubscriptions, upsertLists } = await import('./sources.ts')
    const { viewTimelineStatement, parseTimelineRows } = await import('./entries.ts')
    const b = await db()
    const sub = (id: string, extra: Record<string, unknown>) => ({ id, type: 'feed', feedId: null, listId: null, inboxId: null, userId: 'u', view: 0, isPrivate: false, hideFromTimeline: false, title: null, category: null, createdAt: null, ...extra }) as never
    await b.run([
      ...upsertSubscriptions([
        sub('feed/a', { feedId: 'a' }),
        sub('feed/h', { feedId: 'h', hideFromTimeline: true }),
        sub('feed/o', { feedId: 'o', view: 1 }),
        sub('list/l', { type: 'list', listId: 'l' }),
        sub('inbox/box', { type: 'inbox', inboxId: 'box' }),
      ]),
      ...upsertLists([{ type: 'list', id: 'l', userId: null, title: 'L', feedIds: ['x'], description: null, view: 0, image: null, fee: 0, ownerUserId: null, subscriptionCount: null, purchaseAmount: null }]),
      ...upsertEntries([entry(1, 'a'), entry(2, 'h'), entry(3, 'o'), entry(4, 'x'), entry(5, null), entry(6, 'a', { read: true })]),
    ], { transaction: true })
    const [all, unread] = await b.run([viewTimelineStatement(0, false, 10), viewTimelineStatement(0, true, 10)])
    expect(parseTimelineRows(all).map((e) => e.id)).toEqual(['e0006', 'e0005', 'e0004', 'e0001'])
    expect(parseTimelineRows(unread).map((e) => e.id)).toEqual(['e0005', 'e0004', 'e0001'])
    const same = await readTimeline(b, { feedIds: ['a', 'x'], inboxIds: ['box'], limit: 10 })
    expect(same.map((e) => e.id)).toEqual(['e0006', 'e0005', 'e0004', 'e0001'])
  })
})
