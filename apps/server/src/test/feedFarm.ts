/**
 * @module The loopback feed farm: a real `node:http` server on 127.0.0.1 (port 0) serving feeds
 * and every misbehaviour the feed engine must survive. Bodies are generated from the path on each
 * request, so thousands of distinct feeds cost nothing until asked for.
 *
 * Built-in paths (anything else is 404 unless `setFeed` / `setRedirect` defined it):
 * | path | answer |
 * |---|---|
 * | `/gen/{rss,atom,json,rdf}/{n}?entries=10&maxAge=` | feed n, ETag + Last-Modified, 304 on a match; `touch(path)` publishes a new entry; `?changing=1` changes on every request |
 * | `/redirect/{hops}/{rest}` | exactly `hops` (≥ 1) 302s, the last one to `/{rest}` (query kept) |
 * | `/loop/a`, `/loop/b` | redirect to each other |
 * | `/to?url=&status=302` | a redirect to any URL (SSRF tests) |
 * | `/status/{code}?retryAfter=` | that status, with Retry-After when given |
 * | `/slow/headers/{ms}`, `/slow/body/{ms}` | delay before the headers / in the middle of the body |
 * | `/truncated` | Content-Length larger than what is sent, then the socket closes |
 * | `/garbage` | random bytes labelled as RSS |
 * | `/html-instead` | an HTML page labelled as RSS |
 * | `/encoded/{gzip,deflate,deflate-raw,br}` | an RSS feed with that Content-Encoding |
 * | `/charset/{header,xml,both}` | a windows-1252 RSS body, charset in the header / prolog / both |
 * | `/huge?bytes=11534336&length=0` | a streamed RSS body of that size (Content-Length with length=1) |
 * | `/bomb/{billion-laughs,quadratic,external-entity}` | entity attacks; `/leak` counts XXE fetches |
 * | `/cache/{seconds}` | a feed with Cache-Control max-age |
 * | `/images.xml` | an RSS feed whose entries carry media:content pictures |
 * | `/site/`, `/site/base/` | a blog page with `<link rel=alternate>` (rss, atom, json) and feed anchors |
 * | `/site/feed.xml`, `/site/atom.xml`, `/site/feed.json`, `/site/comments/feed` | the feeds that page links |
 * | `/article` | a long article page for readability |
 */
import http from 'node:http'
import { randomBytes } from 'node:crypto'
import zlib from 'node:zlib'
import type { AddressInfo } from 'node:net'
import {
  FORMAT_CONTENT_TYPES,
  articlePageHtml,
  billionLaughsXml,
  externalEntityXml,
  quadraticBlowupXml,
  renderFeed,
  sitePageHtml,
  windows1252Rss,
  type FarmEntry,
  type FarmFeed,
  type FarmFormat,
} from './feedFarmBodies.ts'

export * from './feedFarmBodies.ts'

/** A programmable answer for one path. Every field is optional. */
export type FeedSpec = {
  format?: FarmFormat
  title?: string
  siteUrl?: string
  description?: string
  entries?: FarmEntry[] | number
  /** A raw body instead of a generated feed. */
  body?: string | Uint8Array
  contentType?: string | null
  status?: number
  headers?: Record<string, string>
  /** `true` derives a strong ETag from the body; a string is used as is. 304 on If-None-Match. */
  etag?: boolean | string
  /** `true` = a fixed date; 304 when If-Modified-Since is not older. */
  lastModified?: boolean | string | Date
  maxAge?: number
  retryAfter?: number | string
  encoding?: 'gzip' | 'deflate' | 'deflate-raw' | 'br'
  /** Delay before the status line. */
  delayMs?: number
  /** Sends half the body, waits this long, sends the rest. */
  bodyDelayMs?: number
}

export type FarmHandler = (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => void | Promise<void>

export type FeedFarm = {
  /** Origin, e.g. `http://127.0.0.1:40123`. */
  origin: string
  port: number
  url(path: string): string
  setFeed(path: string, spec: FeedSpec | FarmHandler): void
  setRedirect(path: string, to: string, status?: number): void
  /** Publishes a new version of a `/gen/...` or `setFeed` path (new entry, new validators). */
  touch(path: string): void
  /** How many requests reached this path (query ignored). */
  requests(path: string): number
  /** The request headers of the last request to this path. */
  lastHeaders(path: string): http.IncomingHttpHeaders | undefined
  totalRequests(): number
  reset(): void
  close(): Promise<void>
}

const FIXED_DATE = new Date(Date.UTC(2024, 0, 1, 12))

const sleep = (ms: number, res: http.ServerResponse) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    res.once('close', () => {
      clearTimeout(timer)
      resolve()
    })
  })

function encode(body: Uint8Array, encoding: FeedSpec['encoding']): Uint8Array {
  switch (encoding) {
    case 'gzip':
      return zlib.gzipSync(body)
    case 'deflate':
      return zlib.deflateSync(body)
    case 'deflate-raw':
      return zlib.deflateRawSync(body)
    case 'br':
      return zlib.brotliCompressSync(body)
    default:
      return body
  }
}

function weakHash(bytes: Uint8Array): string {
  let h = 2166136261
  for (const b of bytes) h = Math.imul(h ^ b, 16777619)
  return (h >>> 0).toString(16)
}

function generatedEntries(count: number, version: number, seed: string): FarmEntry[] {
  // Version v adds entries at the top, so an old entry keeps its id across versions.
  return Array.from({ length: count }, (_, i) => {
    const n = version + count - 1 - i
    return { id: `${seed}#${n}`, title: `${seed} entry ${n}`, published: new Date(FIXED_DATE.getTime() + n * 3_600_000) }
  })
}

/** Starts a farm on 127.0.0.1 at a free port. */
export async function startFeedFarm(): Promise<FeedFarm> {
  const specs = new Map<string, FeedSpec | FarmHandler>()
  const versions = new Map<string, number>()
  const hits = new Map<string, number>()
  const headersSeen = new Map<string, http.IncomingHttpHeaders>()
  let total = 0
  let origin = ''

  const feedSpecFor = (path: string, url: URL): FeedSpec | FarmHandler | null => {
    const own = specs.get(path)
    if (own) return own
    return builtIn(path, url)
  }

  async function serveSpec(req: http.IncomingMessage, res: http.ServerResponse, path: string, spec: FeedSpec) {
    const version = versions.get(path) ?? 0
    if (spec.delayMs) await sleep(spec.delayMs, res)
    if (res.destroyed) return
    let body: Uint8Array
    let contentType: string | null
    if (spec.body !== undefined) {
      body = typeof spec.body === 'string' ? Buffer.from(spec.body) : spec.body
      contentType = spec.contentType === undefined ? 'application/octet-stream' : spec.contentType
    } else {
      const format = spec.format ?? 'rss'
      const count = typeof spec.entries === 'number' ? spec.entries : null
      const entries: FarmEntry[] = typeof spec.entries === 'number' ? generatedEntries(spec.entries, version, path) : (spec.entries ?? [])
      const feed: FarmFeed = { format, title: spec.title ?? `Feed ${path}`, feedUrl: origin + path, siteUrl: spec.siteUrl ?? `${origin}/`, description: spec.description, entries }
      if (count === null && version > 0) {
        feed.entries = [...generatedEntries(version, 0, path).reverse(), ...entries]
      }
      body = Buffer.from(renderFeed(feed))
      contentType = spec.contentType === undefined ? FORMAT_CONTENT_TYPES[format] : spec.contentType
    }
    const headers: Record<string, string> = {}
    if (contentType) headers['content-type'] = contentType
    if (spec.maxAge !== undefined) headers['cache-control'] = `max-age=${spec.maxAge}`
    if (spec.retryAfter !== undefined) headers['retry-after'] = String(spec.retryAfter)
    const etag = spec.etag === true ? `"${weakHash(body)}-${version}"` : spec.etag || null
    if (etag) headers.etag = etag
    const lastModified =
      spec.lastModified === true
        ? new Date(FIXED_DATE.getTime() + version * 3_600_000).toUTCString()
        : spec.lastModified
          ? new Date(spec.lastModified).toUTCString()
          : null
    if (lastModified) headers['last-modified'] = lastModified
    Object.assign(headers, spec.headers)

    const status = spec.status ?? 200
    if (status === 200 && isNotModified(req, etag, lastModified)) {
      const { 'content-type': _, ...rest } = headers
      res.writeHead(304, rest).end()
      return
    }
    const wire = encode(body, spec.encoding)
    if (spec.encoding) headers['content-encoding'] = spec.encoding === 'deflate-raw' ? 'deflate' : spec.encoding
    headers['content-length'] = String(wire.length)
    res.writeHead(status, headers)
    if (spec.bodyDelayMs) {
      const half = Math.floor(wire.length / 2)
      res.write(wire.subarray(0, half))
      await sleep(spec.bodyDelayMs, res)
      if (!res.destroyed) res.end(wire.subarray(half))
      return
    }
    res.end(wire)
  }

  function builtIn(path: string, url: URL): FeedSpec | FarmHandler | null {
    const parts = path.split('/').filter(Boolean)
    const [head, a, b] = parts
    const q = url.searchParams
    switch (head) {
      case 'gen': {
        if (!['rss', 'atom', 'json', 'rdf'].includes(a) || !b) return null
        if (q.get('changing') === '1') versions.set(path, (versions.get(path) ?? 0) + 1)
        const maxAge = q.get('maxAge')
        return {
          format: a as FarmFormat,
          title: `Generated ${a} ${b}`,
          entries: Number(q.get('entries') ?? 10),
          etag: true,
          lastModified: true,
          ...(maxAge ? { maxAge: Number(maxAge) } : {}),
        }
      }
      case 'redirect': {
        const hops = Number(a)
        if (!Number.isInteger(hops) || hops < 1) return null
        const rest = parts.slice(2).join('/')
        const target = hops === 1 ? `/${rest}` : `/redirect/${hops - 1}/${rest}`
        return redirect(target + url.search, 302)
      }
      case 'loop':
        return a === 'a' ? redirect('/loop/b', 302) : a === 'b' ? redirect('/loop/a', 302) : null
      case 'to':
        return redirect(q.get('url') ?? '/', Number(q.get('status') ?? 302))
      case 'status': {
        const retryAfter = q.get('retryAfter')
        return { status: Number(a), body: `status ${a}`, contentType: 'text/plain', ...(retryAfter ? { retryAfter } : {}) }
      }
      case 'slow':
        return a === 'headers' ? { delayMs: Number(b), entries: 3 } : a === 'body' ? { bodyDelayMs: Number(b), entries: 50 } : null
      case 'truncated':
        return (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-length': '5000' })
          res.write('<?xml version="1.0"?><rss version="2.0"><channel><title>Trunc')
          setTimeout(() => res.destroy(), 20)
        }
      case 'garbage':
        return { body: randomBytes(4096), contentType: 'application/rss+xml' }
      case 'html-instead':
        return { body: sitePageHtml({ title: 'Not a feed', alternates: [] }), contentType: 'application/rss+xml' }
      case 'encoded':
        return ['gzip', 'deflate', 'deflate-raw', 'br'].includes(a)
          ? { entries: 20, title: `Encoded ${a}`, encoding: a as FeedSpec['encoding'] }
          : null
      case 'charset': {
        const inXml = a === 'xml' || a === 'both'
        const inHeader = a === 'header' || a === 'both'
        return { body: windows1252Rss(inXml), contentType: inHeader ? 'application/rss+xml; charset=windows-1252' : 'application/rss+xml' }
      }
      case 'huge':
        return hugeHandler(Number(q.get('bytes') ?? 11 * 1024 * 1024), q.get('length') === '1')
      case 'bomb':
        if (a === 'billion-laughs') return { body: billionLaughsXml(), contentType: 'application/rss+xml' }
        if (a === 'quadratic') return { body: quadraticBlowupXml(), contentType: 'application/rss+xml' }
        if (a === 'external-entity') return { body: externalEntityXml(`${origin}/leak`), contentType: 'application/rss+xml' }
        return null
      case 'leak':
        return { body: 'secret', contentType: 'text/plain' }
      case 'cache':
        return { entries: 3, maxAge: Number(a), etag: true }
      case 'images.xml':
        return {
          title: 'Pictures',
          entries: Array.from({ length: 6 }, (_, i) => ({
            title: `Picture ${i}`,
            content: `<p><img src="${origin}/img/${i}.jpg" alt="picture ${i}"></p>`,
            image: { url: `${origin}/img/${i}.jpg`, type: 'image/jpeg', width: 800, height: 600 },
          })),
        }
      case 'article':
        return { body: articlePageHtml('Growing feeds on a farm', 12), contentType: 'text/html; charset=utf-8' }
      case 'site':
        return siteRoute(parts.slice(1))
      default:
        return null
    }
  }

  function siteRoute(rest: string[]): FeedSpec | null {
    const path = rest.join('/')
    const alternates = [
      { href: 'feed.xml', type: 'application/rss+xml', title: 'Farm Blog (RSS)' },
      { href: 'atom.xml', type: 'application/atom+xml', title: 'Farm Blog (Atom)' },
      { href: '/site/feed.json', type: 'application/feed+json', title: 'Farm Blog (JSON)' },
    ]
    if (path === '' || path === 'base') {
      const html = sitePageHtml({
        title: 'Farm Blog',
        alternates,
        anchors: ['/site/comments/feed', '/about'],
        // Relative hrefs of /site/base/ resolve against /site/ through <base>.
        ...(path === 'base' ? { baseHref: `${origin}/site/` } : {}),
      })
      return { body: html, contentType: 'text/html; charset=utf-8' }
    }
    const siteUrl = `${origin}/site/`
    if (path === 'feed.xml') return { format: 'rss', title: 'Farm Blog', siteUrl, entries: 3 }
    if (path === 'atom.xml') return { format: 'atom', title: 'Farm Blog', siteUrl, entries: 3 }
    if (path === 'feed.json') return { format: 'json', title: 'Farm Blog', siteUrl, entries: 3 }
    if (path === 'comments/feed') return { format: 'rss', title: 'Farm Blog comments', siteUrl, entries: 2 }
    return null
  }

  const redirect = (location: string, status: number): FarmHandler => (_req, res) => {
    res.writeHead(status, { location, 'content-type': 'text/plain' }).end(`see ${location}`)
  }

  const hugeHandler = (bytes: number, withLength: boolean): FarmHandler => (_req, res) => {
    const headers: Record<string, string> = { 'content-type': 'application/rss+xml' }
    if (withLength) headers['content-length'] = String(bytes)
    res.writeHead(200, headers)
    const chunk = Buffer.alloc(64 * 1024, '<item><title>padding</title></item>\n')
    let sent = 0
    const pump = () => {
      while (sent < bytes && !res.destroyed) {
        const piece = chunk.subarray(0, Math.min(chunk.length, bytes - sent))
        sent += piece.length
        if (!res.write(piece)) return void res.once('drain', pump)
      }
      if (!res.destroyed) res.end()
    }
    pump()
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://farm.invalid')
    const path = url.pathname
    total++
    hits.set(path, (hits.get(path) ?? 0) + 1)
    headersSeen.set(path, req.headers)
    const spec = feedSpecFor(path, url)
    const done = (error?: unknown) => {
      if (error && !res.headersSent) res.writeHead(500).end(String(error))
      else if (error) res.destroy()
    }
    try {
      if (!spec) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      const run = typeof spec === 'function' ? spec(req, res, url) : serveSpec(req, res, path, spec)
      Promise.resolve(run).then(() => done(), done)
    } catch (error) {
      done(error)
    }
  })
  server.keepAliveTimeout = 5_000
  server.maxRequestsPerSocket = 0

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  origin = `http://127.0.0.1:${port}`

  return {
    origin,
    port,
    url: (path) => origin + (path.startsWith('/') ? path : `/${path}`),
    setFeed: (path, spec) => void specs.set(path, spec),
    setRedirect: (path, to, status = 302) => void specs.set(path, redirect(to, status)),
    touch: (path) => void versions.set(path, (versions.get(path) ?? 0) + 1),
    requests: (path) => hits.get(path) ?? 0,
    lastHeaders: (path) => headersSeen.get(path),
    totalRequests: () => total,
    reset: () => {
      specs.clear()
      versions.clear()
      hits.clear()
      headersSeen.clear()
      total = 0
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}

/** RFC 7232 §6: If-None-Match wins over If-Modified-Since. */
function isNotModified(req: http.IncomingMessage, etag: string | null, lastModified: string | null): boolean {
  const ifNoneMatch = req.headers['if-none-match']
  if (ifNoneMatch !== undefined) {
    if (!etag) return false
    const strip = (t: string) => t.trim().replace(/^W\//, '')
    return ifNoneMatch.split(',').some((t) => t.trim() === '*' || strip(t) === strip(etag))
  }
  const since = req.headers['if-modified-since']
  if (since && lastModified) return Date.parse(since) >= Date.parse(lastModified)
  return false
}
