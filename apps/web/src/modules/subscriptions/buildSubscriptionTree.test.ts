import { describe, expect, it } from 'vitest'
import { buildSubscriptionTree } from './buildSubscriptionTree.ts'
import { feedSubscription } from '../../test/fixtures.ts'

const sub = (feedId: string, title: string, category: string | null = null) => feedSubscription(feedId, { title, category })

const base = { feeds: {}, lists: {}, inboxes: {}, view: 0, hideAllRead: false }

describe('buildSubscriptionTree', () => {
  const subscriptions = [sub('1', 'Zeta'), sub('2', 'alpha', 'Tech'), sub('3', 'Beta', 'Tech'), sub('4', 'Gamma', 'Art'), sub('5', 'Alpha')]
  const unread = { '1': 3, '2': 0, '3': 7, '4': 1, '5': 0 }

  it('lists folders first (closed), then loose subscriptions, sorted by title', () => {
    const rows = buildSubscriptionTree({ ...base, subscriptions, unread, openFolders: {} })
    expect(rows.map((r) => (r.kind === 'folder' ? `[${r.name}:${r.unread}]` : r.title))).toEqual(['[Art:1]', '[Tech:7]', 'Alpha', 'Zeta'])
  })

  it('shows the members of open folders, nested', () => {
    const rows = buildSubscriptionTree({ ...base, subscriptions, unread, openFolders: { '0:Tech': true } })
    expect(rows.map((r) => (r.kind === 'folder' ? `[${r.name}]` : `${r.nested ? '  ' : ''}${r.title}`))).toEqual(['[Art]', '[Tech]', '  alpha', '  Beta', 'Alpha', 'Zeta'])
  })

  it('hides subscriptions and folders with nothing unread when asked', () => {
    const rows = buildSubscriptionTree({ ...base, subscriptions, unread, openFolders: { '0:Tech': true }, hideAllRead: true })
    expect(rows.map((r) => (r.kind === 'folder' ? `[${r.name}]` : r.title))).toEqual(['[Art]', '[Tech]', 'Beta', 'Zeta'])
  })

  it('handles 1,000 subscriptions quickly', () => {
    const many = Array.from({ length: 1000 }, (_, i) => sub(String(i + 10), `Feed ${i}`, i % 10 === 0 ? `Cat ${i % 7}` : null))
    const started = performance.now()
    const rows = buildSubscriptionTree({ ...base, subscriptions: many, unread: {}, openFolders: {} })
    expect(performance.now() - started).toBeLessThan(100)
    expect(rows.length).toBe(900 + 7)
  })
})
