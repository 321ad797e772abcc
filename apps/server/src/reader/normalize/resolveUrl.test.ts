import { describe, expect, it } from 'vitest'
import { createRandom } from '../../test/random.ts'
import { isCanonicalWebUrl, resolveUrl, webUrl } from './resolveUrl.ts'

// Pieces that move the WHATWG URL parser: case, ports, userinfo, IPv4 numbers, punycode, dot
// segments (plain and percent-encoded), characters each component percent-encodes, backslashes.
const SCHEMES = ['http://', 'https://', 'http://', 'https://', 'HTTP://', 'https:', 'https:/', 'ftp://', 'javascript:', '//', '']
const HOSTS = [
  'example.com', 'cdn.example.com', 'example.com', 'a.b-c.example', 'EXAMPLE.com', 'x', '127.0.0.1', '0x7f.1', '1.2.3', 'a.123', 'a.0x1f', 'xn--nxasmq6b.com',
  'xn--zz', 'user@host.com', 'host.com:80', 'host.com:8080', 'host..com', 'host.com.', '-a.com', 'a_b.com', 'ex%41mple.com', 'ünï.com',
]
const PATH_PIECES = [
  '/', 'a', 'B', '.', '..', '%2e', '%2E', '%41', '%zz', '%', '~', '-', '_', '!', '$', '&', "'", '(', ')', '*', '+', ',', ';', '=', ':',
  '@', '?', '#', ' ', '"', '<', '>', '`', '{', '}', '^', '|', '\\', '[', ']', 'é', '\t', 'q=1', 'index.html', '.well-known',
]

const COMMON_PIECES = ['/', 'a', 'B', '-', '_', '.', '~', '%41', '?', '&', '=', '#', 'q=1', 'index.html', '2024']

function randomUrl(r: () => number): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]
  let url = pick(SCHEMES) + pick(HOSTS) + (r() < 0.8 ? '/' : '')
  const n = Math.floor(r() * 8)
  // Mostly the characters of ordinary paths, so that the shortcut is taken often.
  for (let i = 0; i < n; i++) url += r() < 0.8 ? pick(COMMON_PIECES) : pick(PATH_PIECES)
  return url
}

describe('resolveUrl', () => {
  it('returns what URL.parse serializes, with or without the shortcut for canonical http(s) URLs', () => {
    const r = createRandom(7).next
    let shortcuts = 0
    for (let i = 0; i < 20_000; i++) {
      const value = randomUrl(r)
      const base = r() < 0.5 ? 'https://base.example/dir/page.html' : undefined
      const parsed = URL.parse(value.trim(), base)
      if (isCanonicalWebUrl(value)) {
        shortcuts++
        // The shortcut may only take URLs the parser accepts and leaves exactly as written.
        expect(parsed?.href, value).toBe(value)
      }
      if (value.trim() !== '') {
        expect(resolveUrl(value, base), value).toBe(parsed ? parsed.href : value.trim())
        const web = parsed && (parsed.protocol === 'http:' || parsed.protocol === 'https:') ? parsed.href : null
        expect(webUrl(value, base), value).toBe(web)
      }
    }
    // The generator must reach the shortcut often enough for the comparison to mean something.
    expect(shortcuts).toBeGreaterThan(1000)
  })

  it('sends URLs the parser rewrites to the parser', () => {
    for (const value of [
      'https://Example.com/', 'https://example.com', 'https://example.com/a/../b', 'https://example.com/a/%2e%2e/b',
      'https://0x7f.1/', 'https://1.2.3/', 'https://example.com:443/', 'https://u@example.com/', "https://example.com/?q='", 'https://example.com/a b',
      'https://example.com/é', 'https://xn--zz/', 'https://example.com/a\\b', 'https://example.com/{x}',
    ]) {
      expect(isCanonicalWebUrl(value), value).toBe(false)
    }
    expect(isCanonicalWebUrl('https://cdn.example.com/img/1.jpg?w=1&h=2#top')).toBe(true)
  })
})
