import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api } from '../api/client.ts'
import { localDb, openLocalDb } from '../db/index.ts'
import { upsertEntries } from '../db/repositories/entries.ts'
import { markRead } from '../store/actions/reads.ts'
import { useEntryStore } from '../store/entities/entries.ts'
import { timelineKey } from '../store/timeline.ts'
import type { Entry, Timeline } from '../store/types.ts'
import { nodeSqliteBackend } from '../test/nodeSqliteBackend.ts'
import { hydrateStores, isHydrated, resetStores } from './hydrate.ts'
import { loadTimeline, prefetchTimeline } from './timelines.ts'

const timeline: Timeline = { view: 0, unreadOnly: true }
const key = timelineKey(timeline)

/** One entries page as GET /entries answers it: e1 of feed f1, unread. */
const serverPage = () => [
  {
    entries: { id: 'e1', title: 'From the server', publishedAt: '2025-01-02T00:00:00.000Z', insertedAt: '2025-01-02T00:00:00.000Z', feedId: 'f1' },
    feeds: { id: 'f1', type: 'feed', title: 'Feed one', url: 'https://example.com/rss' },
    read: false,
  },
]

const localEntry = (id: string): Entry => ({
  id, title: `Local ${id}`, url: null, content: null, readabilityContent: null, readabilityUpdatedAt: null, description: null, guid: id,
  author: null, authorUrl: null, authorAvatar: null, insertedAt: '2025-01-01T00:00:00.000Z', publishedAt: '2025-01-01T00:00:00.000Z',
  media: null, categories: null, attachments: null, extra: null, language: null, feedId: 'f1', inboxHandle: null, read: false, sources: null, settings: null,
})

beforeEach(() => {
  // Nobody signed in from this browser before (setup.ts clears local storage): a first visit.
  resetStores()
})

afterEach(async () => {
  vi.restoreAllMocks()
  await localDb.close()
})

describe('first visit (docs/web-reading.md)', () => {
  it('shows the server page before the local database is open, writes it there once it is, and asks only once', async () => {
    const get = vi.spyOn(api, 'get').mockImplementation((async (path: string) => (path === '/entries' ? serverPage() : [])) as typeof api.get)
    let open!: () => void
    const opening = new Promise<void>((resolve) => (open = resolve))
    const backend = nodeSqliteBackend()
    void openLocalDb({ create: async () => (await opening, { backend, opened: { storage: 'memory' } }) })

    prefetchTimeline(timeline)
    expect(get).toHaveBeenCalledWith('/entries', { view: 0, limit: 50, read: false }, { quietUnauthorized: true })
    await vi.waitFor(() => expect(useEntryStore.getState().timelines[key]?.ids).toEqual(['e1']))
    expect(isHydrated()).toBe(false)
    expect(useEntryStore.getState().timelines[key].source).toBe('server')

    open()
    await hydrateStores()
    await loadTimeline(timeline)
    expect(useEntryStore.getState().timelines[key]).toMatchObject({ ids: ['e1'], source: 'server', status: 'success' })
    expect(get.mock.calls.filter(([path]) => path === '/entries')).toHaveLength(1)
    expect(await localDb.all('SELECT id, title FROM entries')).toEqual([{ id: 'e1', title: 'From the server' }])
  })

  it('does not use an early page when the outbox held writes it could not have seen: asks again and applies them over it', async () => {
    const backend = nodeSqliteBackend()
    await openLocalDb({ create: async () => ({ backend, opened: { storage: 'memory' } }) })
    // An earlier session marked e1 read offline: the row waits in the outbox.
    useEntryStore.getState().upsert([localEntry('e1')])
    await localDb.write(upsertEntries([localEntry('e1')]))
    await markRead(['e1'])
    resetStores()

    let answerEarly!: () => void
    const early = new Promise<void>((resolve) => (answerEarly = resolve))
    const get = vi.spyOn(api, 'get').mockImplementation((async (path: string, _query: unknown, init?: { quietUnauthorized?: boolean }) => {
      if (init?.quietUnauthorized) await early
      return path === '/entries' ? serverPage() : []
    }) as typeof api.get)

    prefetchTimeline(timeline)
    await hydrateStores()
    answerEarly()
    await loadTimeline(timeline)

    expect(get.mock.calls.filter(([path]) => path === '/entries')).toHaveLength(2)
    expect(useEntryStore.getState().timelines[key]).toMatchObject({ ids: ['e1'], source: 'server' })
    // The server's page says unread; the waiting write is applied over it.
    expect(useEntryStore.getState().byId.e1.read).toBe(true)
  })
})
