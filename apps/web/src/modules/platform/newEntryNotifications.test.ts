import { describe, expect, it } from 'vitest'
import { newestInserted, noticesFor, type NewEntryItem } from './newEntryNotifications.ts'
import { totalUnread } from './unreadBadge.ts'

const item = (id: string, feedId: string | null, insertedAt: string, extra: Partial<NewEntryItem> = {}): NewEntryItem => ({ id, feedId, title: `T ${id}`, insertedAt, feedTitle: `F ${feedId}`, view: 0, read: false, ruleSaysNotify: false, ...extra })

describe('desktop notifications for new entries', () => {
  const since = '2026-01-01T10:00:00.000Z'
  it('only entries inserted after the last poll, unread, from feeds that notify or marked by a rule; oldest first', () => {
    const items = [
      item('b', 'f1', '2026-01-01T10:02:00.000Z'),
      item('a', 'f1', '2026-01-01T10:01:00.000Z'),
      item('old', 'f1', '2026-01-01T09:59:00.000Z'),
      item('read', 'f1', '2026-01-01T10:03:00.000Z', { read: true }),
      item('quiet', 'f2', '2026-01-01T10:03:00.000Z'),
      item('rule', 'f2', '2026-01-01T10:04:00.000Z', { ruleSaysNotify: true }),
    ]
    const notices = noticesFor(items, since, new Set(['f1']))
    expect(notices.map((n) => (n.kind === 'entry' ? n.item.id : n.kind))).toEqual(['a', 'b', 'rule'])
  })

  it('more than 3 new entries of one feed become one "N new entries" notice for it', () => {
    const items = ['1', '2', '3', '4'].map((n) => item(n, 'f1', `2026-01-01T10:0${n}:00.000Z`))
    expect(noticesFor(items, since, new Set(['f1']))).toEqual([{ kind: 'summary', feedId: 'f1', feedTitle: 'F f1', view: 0, count: 4 }])
    expect(noticesFor(items.slice(0, 3), since, new Set(['f1']))).toHaveLength(3)
  })

  it('the next poll starts after the newest entry seen', () => {
    expect(newestInserted([item('a', 'f', '2026-01-01T10:01:00.000Z'), item('b', 'f', '2026-01-01T10:05:00.000Z')], since)).toBe('2026-01-01T10:05:00.000Z')
    expect(newestInserted([], since)).toBe(since)
  })

  it('the badge counts unread entries of subscribed feeds and inboxes, not lists', () => {
    const subscriptions = [
      { feedId: 'f1', inboxId: null },
      { feedId: 'f2', inboxId: null },
      { feedId: null, inboxId: 'i1' },
      { feedId: null, inboxId: null },
    ]
    expect(totalUnread({ f1: 3, f2: 0, i1: 2, l1: 9, other: 5 }, subscriptions)).toBe(5)
  })
})
