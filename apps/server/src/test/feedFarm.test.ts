import http from 'node:http'
import zlib from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { LEGACY_SAMPLE_TITLE, startFeedFarm, type FeedFarm } from './feedFarm.ts'

let farm: FeedFarm
beforeAll(async () => {
  farm = await startFeedFarm()
})
afterAll(() => farm.close())
beforeEach(() => farm.reset())

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

/** A bare node:http GET, so the farm is tested independently of the fetcher. */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(farm.url(path), { headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

describe('feed farm', () => {
  it('listens on 127.0.0.1 at a free port', () => {
    expect(farm.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(farm.url('/x')).toBe(`${farm.origin}/x`)
    expect(farm.url('x')).toBe(`${farm.origin}/x`)
  })

  it.each([
    ['rss', 'application/rss+xml; charset=utf-8', '<rss version="2.0"'],
    ['atom', 'application/atom+xml; charset=utf-8', '<feed xmlns="http://www.w3.org/2005/Atom"'],
    ['rdf', 'application/rdf+xml; charset=utf-8', '<rdf:RDF'],
    ['json', 'application/feed+json; charset=utf-8', '"version":"https://jsonfeed.org/version/1.1"'],
  ])('generates %s feeds from the path', async (format, type, marker) => {
    const answer = await get(`/gen/${format}/42?entries=3`)
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe(type)
    expect(answer.body.toString()).toContain(marker)
    expect(answer.body.toString()).toContain(`/gen/${format}/42 entry 2`)
  })

  it('serves 304 on a matching ETag or Last-Modified, and a new version after touch()', async () => {
    const first = await get('/gen/rss/5')
    const etag = String(first.headers.etag)
    expect((await get('/gen/rss/5', { 'if-none-match': etag })).status).toBe(304)
    expect((await get('/gen/rss/5', { 'if-modified-since': String(first.headers['last-modified']) })).status).toBe(304)
    farm.touch('/gen/rss/5')
    const changed = await get('/gen/rss/5', { 'if-none-match': etag })
    expect(changed.status).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
    expect(farm.requests('/gen/rss/5')).toBe(4)
  })

  it('changes on every request with ?changing=1', async () => {
    const a = await get('/gen/atom/1?changing=1')
    const b = await get('/gen/atom/1?changing=1', { 'if-none-match': String(a.headers.etag) })
    expect(b.status).toBe(200)
  })

  it('serves any of 10,000 distinct feed paths lazily', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => get(`/gen/rss/${i * 50}`)))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(200)
    expect((await get('/gen/json/9999')).status).toBe(200)
  })

  it('redirects n hops, loops and to any URL', async () => {
    expect((await get('/redirect/3/gen/rss/1')).headers.location).toBe('/redirect/2/gen/rss/1')
    expect((await get('/redirect/1/gen/rss/1?entries=2')).headers.location).toBe('/gen/rss/1?entries=2')
    expect((await get('/loop/a')).headers.location).toBe('/loop/b')
    const to = await get('/to?url=http%3A%2F%2F127.1%2F&status=301')
    expect([to.status, to.headers.location]).toEqual([301, 'http://127.1/'])
  })

  it('answers errors with Retry-After', async () => {
    const answer = await get('/status/429?retryAfter=30')
    expect([answer.status, answer.headers['retry-after']]).toEqual([429, '30'])
    expect((await get('/status/503')).status).toBe(503)
    expect((await get('/nothing/here')).status).toBe(404)
  })

  it('serves compressed bodies', async () => {
    const decoders = { gzip: zlib.gunzipSync, deflate: zlib.inflateSync, 'deflate-raw': zlib.inflateRawSync, br: zlib.brotliDecompressSync }
    for (const [name, decode] of Object.entries(decoders)) {
      const answer = await get(`/encoded/${name}`)
      expect(answer.headers['content-encoding']).toBe(name === 'deflate-raw' ? 'deflate' : name)
      expect(decode(answer.body).toString()).toContain(`<title>Encoded ${name}</title>`)
    }
  })

  it('serves windows-1252 bodies with the charset in the header or the prolog', async () => {
    const header = await get('/charset/header')
    expect(header.headers['content-type']).toBe('application/rss+xml; charset=windows-1252')
    expect(new TextDecoder('windows-1252').decode(header.body)).toContain(LEGACY_SAMPLE_TITLE)
    expect(header.body.toString('utf8')).not.toContain(LEGACY_SAMPLE_TITLE)
    const xml = await get('/charset/xml')
    expect(xml.headers['content-type']).toBe('application/rss+xml')
    expect(xml.body.toString('latin1')).toContain('encoding="windows-1252"')
  })

  it('streams huge bodies and serves entity attacks', async () => {
    const huge = await get('/huge?bytes=300000&length=1')
    expect([huge.body.length, huge.headers['content-length']]).toEqual([300000, '300000'])
    expect((await get('/bomb/billion-laughs')).body.toString()).toContain('<!ENTITY lol9')
    expect((await get('/bomb/quadratic')).body.length).toBeGreaterThan(60_000)
    expect((await get('/bomb/external-entity')).body.toString()).toContain(`SYSTEM "${farm.origin}/leak"`)
  })

  it('serves a site page with alternates, and an image feed', async () => {
    const site = (await get('/site/')).body.toString()
    expect(site).toContain('<link rel="alternate" type="application/rss+xml" href="feed.xml"')
    expect((await get('/site/feed.json')).headers['content-type']).toContain('feed+json')
    const images = (await get('/images.xml')).body.toString()
    expect(images.match(/<media:content /g)).toHaveLength(6)
  })

  it('is programmable: feeds, raw handlers, redirects, headers, delays', async () => {
    farm.setFeed('/mine.json', { format: 'json', title: 'Mine', entries: [{ title: 'Hello', author: 'Me' }], maxAge: 60, etag: '"v1"' })
    const mine = await get('/mine.json')
    expect(JSON.parse(mine.body.toString())).toMatchObject({ title: 'Mine', items: [{ title: 'Hello', authors: [{ name: 'Me' }] }] })
    expect([mine.headers['cache-control'], mine.headers.etag]).toEqual(['max-age=60', '"v1"'])
    expect((await get('/mine.json', { 'if-none-match': 'W/"v1"' })).status).toBe(304)

    farm.setFeed('/raw', (_req, res) => void res.writeHead(418, { 'x-test': 'yes' }).end('teapot'))
    const raw = await get('/raw')
    expect([raw.status, raw.headers['x-test'], raw.body.toString()]).toEqual([418, 'yes', 'teapot'])

    farm.setRedirect('/old', '/mine.json', 301)
    expect((await get('/old')).headers.location).toBe('/mine.json')

    farm.setFeed('/slow', { delayMs: 150, entries: 1 })
    const started = performance.now()
    await get('/slow')
    expect(performance.now() - started).toBeGreaterThanOrEqual(140)
    expect(farm.lastHeaders('/slow')?.host).toBe(farm.origin.replace('http://', ''))
    expect(farm.totalRequests()).toBe(5)
  })
})
