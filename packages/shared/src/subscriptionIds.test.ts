import { describe, expect, it } from 'vitest'
import { INBOX_HANDLE_PATTERN, parseSubscriptionId, subscriptionId, subscriptionType } from './subscriptionIds.ts'

describe('subscription ids', () => {
  it('are type/id', () => {
    expect(subscriptionId({ feedId: '1' })).toBe('feed/1')
    expect(subscriptionId({ listId: '2', feedId: null })).toBe('list/2')
    expect(subscriptionId({ inboxId: 'box' })).toBe('inbox/box')
    expect(subscriptionType({ inboxId: 'box' })).toBe('inbox')
    expect(() => subscriptionId({})).toThrow()
  })

  it('parse back, and nothing else does', () => {
    expect(parseSubscriptionId('feed/123')).toEqual({ type: 'feed', id: '123' })
    expect(parseSubscriptionId('inbox/a/b')).toEqual({ type: 'inbox', id: 'a/b' })
    for (const bad of ['feed/', '/1', 'topic/1', '123']) expect(parseSubscriptionId(bad)).toBeNull()
  })

  it('inbox handles never look like numeric ids', () => {
    expect(INBOX_HANDLE_PATTERN.test('news-box')).toBe(true)
    expect(INBOX_HANDLE_PATTERN.test('123456789012345')).toBe(false)
    expect(INBOX_HANDLE_PATTERN.test('ab')).toBe(false)
  })
})
