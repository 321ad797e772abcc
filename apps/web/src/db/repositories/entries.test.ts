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
