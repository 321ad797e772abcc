import { describe, expect, it } from 'vitest'
import { hostOf, normalizeFeedUrl } from './feedUrl.ts'

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
