import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFeedFarm, LEGACY_SAMPLE_TITLE, type FeedFarm } from '../../test/feedFarm.ts'
import { closeSharedAgents } from './dispatcher.ts'
import { DEFAULT_USER_AGENT, FetchError, fetchFeed, type FetchOptions, type FetchResult } from './fetchFeed.ts'

let farm: FeedFarm
const open: FetchOptions = { allowPrivateNetworks: true }

beforeAll(async () => {
  farm = await startFeedFarm()
})
afterAll(async () => {
  await farm.close()
  await closeSharedAgents()
})
beforeEach(() => farm.reset())

const text = (result: FetchResult) => (result.status === 200 ? new TextDecoder().decode(result.body) : '')

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(FetchError)
  return error as FetchError
}

describe('fetchFeed: a plain fetch', () => {
  it('returns the body, type, validators and final URL, sending the Brook headers', async () => {
    const result = await fetchFeed(farm.url('/gen/rss/1'), open)
    expect(result.status).toBe(200)
    if (result.status !== 200) return
    expect(text(result)).toContain('<rss version="2.0"')
    expect(result.contentType).toBe('application/rss+xml; charset=utf-8')
    expect(result.etag).toMatch(/^".+"$/)
    expect(result.lastModified).toBe('Mon, 01 Jan 2024 12:00:00 GMT')
    expect(result.finalUrl).toBe(farm.url('/gen/rss/1'))
    expect(result.maxAgeSeconds).toBeNull()
    const headers = farm.lastHeaders('/gen/rss/1')!
    expect(headers['user-agent']).toBe(DEFAULT_USER_AGENT)
    expect(headers['user-agent']).toBe('Brook/0.7.0 (+https://github.com/brook-reader/brook; feed fetcher)')
    expect(headers.accept).toBe(
      'application/rss+xml, application/atom+xml, application/feed+json, application/json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.8',
    )
    expect(headers['accept-encoding']).toBe('gzip, deflate, br')
    expect(headers['if-none-match']).toBeUndefined()
  })

  it('sends user:pass@ as Basic auth to that origin only', async () => {
    const withCredentials = farm.url('/gen/rss/2').replace('http://', 'http://reader:p%40ss@')
    await fetchFeed(withCredentials, open)
    expect(farm.lastHeaders('/gen/rss/2')!.authorization).toBe(`Basic ${Buffer.from('reader:p@ss').toString('base64')}`)
    const elsewhere = encodeURIComponent(farm.url('/gen/rss/3').replace('127.0.0.1', 'localhost'))
    await fetchFeed(farm.url(`/to?url=${elsewhere}`).replace('http://', 'http://reader:secret@'), open)
    expect(farm.lastHeaders('/to')!.authorization).toBeDefined()
    expect(farm.lastHeaders('/gen/rss/3')!.authorization).toBeUndefined()
  })

  it('reports Cache-Control max-age', async () => {
    const result = await fetchFeed(farm.url('/cache/900'), open)
    expect(result.maxAgeSeconds).toBe(900)
  })

  it('returns a garbage body as is (the parser judges it) and HTML served as RSS likewise', async () => {
    const garbage = await fetchFeed(farm.url('/garbage'), open)
    expect(garbage.status === 200 && garbage.body.length).toBe(4096)
    const html = await fetchFeed(farm.url('/html-instead'), open)
    expect(text(html)).toContain('<!doctype html>')
  })

  it('passes legacy-encoded bodies through untouched with their Content-Type', async () => {
    const header = await fetchFeed(farm.url('/charset/header'), open)
    expect(header.status === 200 && header.contentType).toBe('application/rss+xml; charset=windows-1252')
    const bytes = header.status === 200 ? header.body : new Uint8Array()
    expect(new TextDecoder('windows-1252').decode(bytes)).toContain(LEGACY_SAMPLE_TITLE)
    const xml = await fetchFeed(farm.url('/charset/xml'), open)
    expect(xml.status === 200 && xml.contentType).toBe('application/rss+xml')
    expect(text(xml)).toContain('encoding="windows-1252"')
  })
})

describe('fetchFeed: conditional GET', () => {
  it('answers 304 with If-None-Match', async () => {
    const first = await fetchFeed(farm.url('/gen/atom/7'), open)
    const second = await fetchFeed(farm.url('/gen/atom/7'), { ...open, etag: first.etag })
    expect(second).toEqual({
      status: 304,
      finalUrl: farm.url('/gen/atom/7'),
      movedTo: null,
      etag: first.etag,
      lastModified: first.lastModified,
      maxAgeSeconds: null,
    })
    expect(farm.lastHeaders('/gen/atom/7')!['if-none-match']).toBe(first.etag)
  })

  it('answers 304 with If-Modified-Since', async () => {
    const first = await fetchFeed(farm.url('/gen/json/7'), open)
    const second = await fetchFeed(farm.url('/gen/json/7'), { ...open, lastModified: first.lastModified })
    expect(second.status).toBe(304)
    expect(farm.lastHeaders('/gen/json/7')!['if-modified-since']).toBe(first.lastModified)
  })

  it('answers 200 with new validators once the feed changed', async () => {
    const first = await fetchFeed(farm.url('/gen/rss/8'), open)
    farm.touch('/gen/rss/8')
    const second = await fetchFeed(farm.url('/gen/rss/8'), { ...open, etag: first.etag, lastModified: first.lastModified })
    expect(second.status).toBe(200)
    expect(second.etag).not.toBe(first.etag)
    expect(text(second)).toContain('/gen/rss/8 entry 10')
  })

  it('keeps the validators across redirects and reports the final URL', async () => {
    const first = await fetchFeed(farm.url('/redirect/2/gen/rss/9'), open)
    expect(first.finalUrl).toBe(farm.url('/gen/rss/9'))
    const second = await fetchFeed(farm.url('/redirect/2/gen/rss/9'), { ...open, etag: first.etag })
    expect(second).toMatchObject({ status: 304, finalUrl: farm.url('/gen/rss/9') })
  })
})

describe('fetchFeed: redirects', () => {
  it('follows up to 5 redirects', async () => {
    const result = await fetchFeed(farm.url('/redirect/5/gen/rss/1?entries=2'), open)
    expect(result.status).toBe(200)
    expect(result.finalUrl).toBe(farm.url('/gen/rss/1?entries=2'))
    expect(farm.requests('/redirect/1/gen/rss/1')).toBe(1)
  })

  it('reports where permanent redirects lead (movedTo), and only while every hop so far is one', async () => {
    farm.setRedirect('/perm/a', '/perm/b', 301)
    farm.setRedirect('/perm/b', '/gen/rss/1', 308)
    expect((await fetchFeed(farm.url('/perm/a'), open)).movedTo).toBe(farm.url('/gen/rss/1'))
    farm.setRedirect('/perm/c', '/perm/d', 301)
    farm.setRedirect('/perm/d', '/gen/rss/1', 302)
    expect((await fetchFeed(farm.url('/perm/c'), open)).movedTo).toBe(farm.url('/perm/d'))
    expect((await fetchFeed(farm.url('/redirect/1/gen/rss/1'), open)).movedTo).toBeNull()
    expect((await fetchFeed(farm.url('/gen/rss/1'), open)).movedTo).toBeNull()
  })

  it('refuses a 6th redirect', async () => {
    const error = await failure(fetchFeed(farm.url('/redirect/6/gen/rss/1'), open))
    expect(error.kind).toBe('redirects')
    expect(farm.requests('/gen/rss/1')).toBe(0)
  })

  it('stops a redirect loop', async () => {
    const error = await failure(fetchFeed(farm.url('/loop/a'), open))
    expect(error.kind).toBe('redirects')
    expect(error.message).toMatch(/loop/)
  })

  it('refuses a redirect to another scheme', async () => {
    for (const target of ['ftp://example.com/feed', 'file:///etc/passwd', 'gopher://x/', 'data:text/xml,<rss/>']) {
      const error = await failure(fetchFeed(farm.url(`/to?url=${encodeURIComponent(target)}`), open))
      expect(error.kind).toBe('scheme')
    }
  })

  it('fails a redirect without Location', async () => {
    farm.setFeed('/no-location', (_req, res) => void res.writeHead(302).end())
    const error = await failure(fetchFeed(farm.url('/no-location'), open))
    expect(error).toMatchObject({ kind: 'http', status: 302 })
  })
})

describe('fetchFeed: errors', () => {
  it('turns 404 and 500 into http errors with the status', async () => {
    expect(await failure(fetchFeed(farm.url('/nowhere'), open))).toMatchObject({ kind: 'http', status: 404 })
    expect(await failure(fetchFeed(farm.url('/status/500'), open))).toMatchObject({ kind: 'http', status: 500 })
  })

  it('parses Retry-After seconds on 429', async () => {
    const error = await failure(fetchFeed(farm.url('/status/429?retryAfter=120'), open))
    expect(error).toMatchObject({ kind: 'http', status: 429, retryAfterSeconds: 120 })
  })

  it('parses a Retry-After HTTP date on 503', async () => {
    const at = new Date(Date.now() + 90_000).toUTCString()
    const error = await failure(fetchFeed(farm.url(`/status/503?retryAfter=${encodeURIComponent(at)}`), open))
    expect(error.status).toBe(503)
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(85)
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(91)
  })

  it('leaves retryAfterSeconds out when the header is missing or on other statuses', async () => {
    expect((await failure(fetchFeed(farm.url('/status/429'), open))).retryAfterSeconds).toBeUndefined()
    expect((await failure(fetchFeed(farm.url('/status/500?retryAfter=5'), open))).retryAfterSeconds).toBeUndefined()
  })

  it('reports a truncated body as a network error', async () => {
    const error = await failure(fetchFeed(farm.url('/truncated'), open))
    expect(error.kind).toBe('network')
  })

  it('reports a refused connection as a network error', async () => {
    const error = await failure(fetchFeed('http://127.0.0.1:1/feed', open))
    expect(error.kind).toBe('network')
  })

  it('rejects invalid URLs and other schemes before any request', async () => {
    expect((await failure(fetchFeed('not a url', open))).kind).toBe('invalid_url')
    expect((await failure(fetchFeed('ftp://example.com/feed', open))).kind).toBe('scheme')
    expect((await failure(fetchFeed('file:///etc/passwd', open))).kind).toBe('scheme')
    expect((await failure(fetchFeed('javascript:alert(1)', open))).kind).toBe('scheme')
  })
})

describe('fetchFeed: timeouts', () => {
  // The farm answers after 5 s: a 'timeout' failure is the 300 ms deadline firing first.
  it('fires while waiting for headers', async () => {
    const error = await failure(fetchFeed(farm.url('/slow/headers/5000'), { ...open, timeoutMs: 300 }))
    expect(error.kind).toBe('timeout')
  })

  it('fires while the body trickles (the deadline is total, not per phase)', async () => {
    const error = await failure(fetchFeed(farm.url('/slow/body/5000'), { ...open, timeoutMs: 300 }))
    expect(error.kind).toBe('timeout')
  })

  it('counts every redirect hop against the one deadline', async () => {
    farm.setFeed('/slow-hop', { delayMs: 200, body: '', status: 302, headers: { location: '/slow-hop-2' } })
    farm.setFeed('/slow-hop-2', { delayMs: 200, entries: 1 })
    const error = await failure(fetchFeed(farm.url('/slow-hop'), { ...open, timeoutMs: 300 }))
    expect(error.kind).toBe('timeout')
  })

  it('passes through a caller abort', async () => {
    const controller = new AbortController()
    setTimeout(() => controller.abort(new Error('shutting down')), 100)
    await expect(fetchFeed(farm.url('/slow/headers/5000'), { ...open, signal: controller.signal })).rejects.toThrow('shutting down')
  })
})

describe('fetchFeed: body size cap', () => {
  it('aborts a streamed body past the cap', async () => {
    const error = await failure(fetchFeed(farm.url('/huge?bytes=12000000'), open))
    expect(error.kind).toBe('too_large')
  })

  it('refuses a declared Content-Length over the cap without reading it', async () => {
    const error = await failure(fetchFeed(farm.url('/huge?bytes=12000000&length=1'), open))
    expect(error.kind).toBe('too_large')
  })

  it('honours a smaller maxBytes and accepts a body exactly at it', async () => {
    expect((await failure(fetchFeed(farm.url('/huge?bytes=4097'), { ...open, maxBytes: 4096 }))).kind).toBe('too_large')
    const ok = await fetchFeed(farm.url('/huge?bytes=4096'), { ...open, maxBytes: 4096 })
    expect(ok.status === 200 && ok.body.length).toBe(4096)
  })

  it('caps the decoded size too (a gzip bomb)', async () => {
    farm.setFeed('/gzip-bomb', { body: new Uint8Array(50 * 1024 * 1024), encoding: 'gzip', contentType: 'application/rss+xml' })
    const error = await failure(fetchFeed(farm.url('/gzip-bomb'), open))
    expect(error.kind).toBe('too_large')
  })
})

describe('fetchFeed: content encodings', () => {
  it.each(['gzip', 'deflate', 'deflate-raw', 'br'])('decodes %s', async (encoding) => {
    const result = await fetchFeed(farm.url(`/encoded/${encoding}`), open)
    expect(text(result)).toMatch(/^<\?xml/)
    expect(text(result)).toContain(`<title>Encoded ${encoding}</title>`)
    expect(text(result)).toContain('</rss>')
  })

  it('fails cleanly on a corrupt gzip body', async () => {
    farm.setFeed('/bad-gzip', { body: 'not gzip at all', contentType: 'application/rss+xml', headers: { 'content-encoding': 'gzip' } })
    const error = await failure(fetchFeed(farm.url('/bad-gzip'), open))
    expect(error.kind).toBe('network')
  })
})
