import { describe, expect, it } from 'vitest'
import { nodeSqliteBackend } from '../../test/nodeSqliteBackend.ts'
import type { Entry } from '../../store/types.ts'
import { migrate } from '../migrate.ts'
import { localMigrations } from '../migrations/index.ts'
import { upsertEntries } from './entries.ts'
import { searchLocalEntries } from './search.ts'

function entry(n: number, fields: Partial<Entry>): Entry {
  return {
    id: `e${n}`, title: null, url: null, content: null, readabilityContent: null, readabilityUpdatedAt: null, description: null,
    guid: `g${n}`, author: null, authorUrl: null, authorAvatar: null, insertedAt: new Date(Date.UTC(2025, 0, n)).toISOString(),
    publishedAt: new Date(Date.UTC(2025, 0, n)).toISOString(), media: null, categories: null, attachments: null, extra: null, language: null,
    feedId: 'f', inboxHandle: null, read: false, sources: null, settings: null, ...fields,
  }
}

describe('local search', () => {
  it('finds entries containing every word, title matches first, then newest; CJK by substring', async () => {
    const db = nodeSqliteBackend()
    await migrate(db, localMigrations)
    await db.run(
      upsertEntries([
        entry(1, { title: 'Old news', content: '<p>A Quantum leap</p>' }),
        entry(2, { title: 'Quantum computing', description: 'fresh' }),
        entry(3, { title: 'Newer', description: 'quantum computing again' }),
        entry(4, { title: '全文搜索上线了', content: '<p>支持中文</p>' }),
      ]),
      { transaction: true },
    )
    const ids = async (words: string[]) => (await searchLocalEntries(db, words, 10)).map((r) => r.id)
    expect(await ids(['quantum'])).toEqual(['e2', 'e3', 'e1'])
    expect(await ids(['quantum', 'computing'])).toEqual(['e2', 'e3'])
    expect(await ids(['搜索'])).toEqual(['e4'])
    expect(await ids(['中文'])).toEqual(['e4'])
    expect(await ids(['nothing'])).toEqual([])
    expect(await ids([])).toEqual([])
    expect((await searchLocalEntries(db, ['quantum'], 10))[2]!.content).toBe('<p>A Quantum leap</p>')
  })
})
