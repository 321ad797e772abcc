import { describe, expect, it } from 'vitest'
import { parseEntriesPage, toFeed, toSubscription } from './writers.ts'

describe('server → local mapping (SPEC §3)', () => {
  it('reads GET /entries items: entries with their feeds, read flags and stars', () => {
    const page = parseEntriesPage([
      {
        entries: { id: '1', feedId: 'f1', inboxHandle: null, guid: 'g1', title: 'One', url: null, description: null, author: null, authorUrl: null, authorAvatar: null, publishedAt: '2025-01-02T00:00:00.000Z', insertedAt: '2025-01-02T00:00:01.000Z', categories: null, media: null, attachments: null, extra: null, language: null },
        feeds: { type: 'feed', id: 'f1', url: 'https://a.example/feed', title: 'A', tipUsers: [{ id: 'u9', name: 'Tipper' }] },
        read: true,
        view: 2,
        collections: { createdAt: '2025-01-03T00:00:00.000Z' },
        tipUsers: [],
      },
      {
        entries: { id: '2', feedId: null, inboxHandle: 'box', guid: 'g2', title: 'Mail', publishedAt: '2025-01-01T00:00:00.000Z', insertedAt: '2025-01-01T00:00:00.000Z' },
        feeds: { type: 'inbox', id: 'box', title: 'Box', ownerUserId: 'me' },
        read: false,
        view: 0,
        collections: null,
        tipUsers: [],
      },
    ])
    expect(page.entries.map((e) => [e.id, e.read, e.sources, e.settings, e.content])).toEqual([
      ['1', true, null, null, null],
      ['2', false, null, null, null],
    ])
    expect(page.entries[1]).toMatchObject({ inboxHandle: 'box', feedId: null })
    expect(page.feeds.map((f) => f.id)).toEqual(['f1'])
    expect(page.collections).toEqual([{ entryId: '1', feedId: 'f1', createdAt: '2025-01-03T00:00:00.000Z', view: 2 }])
    const feed = page.feeds.find((f) => f.id === 'f1')!
    expect(feed).toMatchObject({ type: 'feed', url: 'https://a.example/feed', tipUserIds: ['u9'] })
    expect(page.users.map((u) => u.id)).toEqual(['u9'])
  })

  it('entries without a read flag start unread', () => {
    const page = parseEntriesPage([{ entries: { id: '3', guid: 'g', publishedAt: 'x', insertedAt: 'x' }, feeds: null }])
    expect(page.entries[0].read).toBe(false)
  })

  it('maps subscriptions and refuses one that names no target', () => {
    expect(toSubscription({ type: 'list', listId: 'l1', userId: 'u', view: 1, isPrivate: true, hideFromTimeline: false, title: null, category: 'C', createdAt: 'x' })).toMatchObject({
      id: 'list/l1', type: 'list', listId: 'l1', isPrivate: true, view: 1, category: 'C',
    })
    expect(() => toSubscription({ userId: 'u', view: 0 })).toThrow('A subscription needs a feedId, listId or inboxId')
    expect(toFeed({ id: 'f', url: 'u', analytics: { subscriptionCount: 4 } }).subscriptionCount).toBe(4)
  })
})

describe('profiles batch (SPEC §7)', () => {
  it('collects ids for 100 ms and asks once', async () => {
    const { vi } = await import('vitest')
    const { api } = await import('../api/client.ts')
    const { requestProfiles } = await import('./profiles.ts')
    const { useUserStore } = await import('../store/entities/users.ts')
    const post = vi.spyOn(api, 'post').mockResolvedValue({ a: { id: 'a', name: 'A' }, b: { id: 'b', name: 'B' } })
    const localDb = (await import('../db/index.ts')).localDb
    vi.spyOn(localDb, 'write').mockResolvedValue([])
    vi.useFakeTimers()
    requestProfiles(['a'])
    requestProfiles(['b', 'a'])
    await vi.advanceTimersByTimeAsync(100)
    vi.useRealTimers()
    expect(post).toHaveBeenCalledTimes(1)
    expect(post.mock.calls[0]).toEqual(['/profiles/batch', { ids: ['a', 'b'] }])
    expect(Object.keys(useUserStore.getState().byId).sort()).toEqual(['a', 'b'])
    vi.restoreAllMocks()
  })
})
