import { describe, expect, it } from 'vitest'
import { hasCredentials, hostOf, normalizeFeedUrl } from './feedUrl.ts'

describe('normalizeFeedUrl', () => {
  it.each([
    ['https://Example.COM/feed.xml', 'https://example.com/feed.xml'],
    ['  http://example.com:80/a?b=1#top ', 'http://example.com/a?b=1'],
    ['example.com/rss', 'https://example.com/rss'],
    ['localhost:8080/rss', 'https://localhost:8080/rss'],
    ['feed://example.com/rss', 'http://example.com/rss'],
    ['feed:https://example.com/rss', 'https://example.com/rss'],
    ['//example.com/rss', 'https://example.com/rss'],
    ['https://example.com', 'https://example.com/'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeFeedUrl(input)).toBe(expected)
  })

  it.each(['', '   ', 'javascript:alert(1)', 'ftp://example.com/rss', 'file:///etc/passwd', 'http://', 'data:text/xml,<rss/>'])('refuses %j', (input) => {
    expect(normalizeFeedUrl(input)).toBeNull()
  })
})

describe('hostOf', () => {
  it('keeps the port and tolerates junk', () => {
    expect(hostOf('http://127.0.0.1:8080/a')).toBe('127.0.0.1:8080')
    expect(hostOf('not a url')).toBe('')
  })
})

describe('hasCredentials', () => {
  it('is true only for a user or password in the URL', () => {
    expect(hasCredentials('https://reader:secret@example.com/feed.xml')).toBe(true)
    expect(hasCredentials('https://reader@example.com/feed.xml')).toBe(true)
    expect(hasCredentials('https://example.com/feed.xml?next=a@b')).toBe(false)
    expect(hasCredentials('not a url')).toBe(false)
  })
})

describe('rsshub:// feed URLs', () => {
  it.each([
    ['rsshub://github/issue/DIYgod/RSSHub', 'rsshub://github/issue/DIYgod/RSSHub'],
    ['  RSSHub://GitHub/issue/DIYgod/RSSHub/  ', 'rsshub://github/issue/DIYgod/RSSHub'],
    ['rsshub://zhihu/hot?limit=5#top', 'rsshub://zhihu/hot?limit=5'],
    ['rsshub://bilibili', 'rsshub://bilibili'],
  ])('normalizes %j to %j', (input, expected) => {
    expect(normalizeFeedUrl(input)).toBe(expected)
  })
  it('refuses one without a namespace', () => {
    expect(normalizeFeedUrl('rsshub:///path')).toBeNull()
    expect(normalizeFeedUrl('rsshub://')).toBeNull()
  })
})
