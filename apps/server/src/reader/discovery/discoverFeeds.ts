/**
 * @module discoverFeeds: turns what a user pasted (a feed URL or a site URL) into feed URLs.
 *
 * Order, stopping at the first step that finds something (each later step costs requests):
 *  1. the URL itself, when its body sniffs as a feed;
 *  2. `<link rel="alternate">` feed tags of the HTML page (resolved against `<base>`/the page), trusted
 *     without fetching, as every reader does;
 *  3. `<a href>` links that look like feeds, fetched and kept if they sniff as feeds;
 *  4. common paths on the site root (`/feed`, `/rss.xml`, …), fetched and kept if they are feeds.
 * Every extra fetch goes through `fetchFeed` with the caller's options, so the SSRF guard applies.
 */
import { lazily, requireModule } from '../../lib/lazyRequire.ts'

const linkedom = lazily(() => requireModule<typeof import('linkedom')>('linkedom'))
import { fetchFeed, type FetchOptions } from '../fetcher/fetchFeed.ts'
import { sniffFeed, type FeedType } from './sniffFeed.ts'

export type { FeedType } from './sniffFeed.ts'

export type DiscoveredFeed = { url: string; title: string | null; type: FeedType }

/** Paths tried on the site root when the page names no feed. */
export const PROBE_PATHS = ['/feed', '/rss.xml', '/atom.xml', '/index.xml', '/feed.json', '/rss', '/feed.xml']

/** At most this many feed-looking anchors are fetched. */
const MAX_ANCHOR_CANDIDATES = 10

const LINK_TYPES: Record<string, FeedType> = {
  'application/rss+xml': 'rss',
  'application/atom+xml': 'atom',
  'application/feed+json': 'json',
  'application/json': 'json',
  'application/rdf+xml': 'rdf',
  // seen in the wild on old sites
  'text/xml': 'rss',
  'application/x.atom+xml': 'atom',
  'application/x-atom+xml': 'atom',
}

const FEEDISH_HREF = [
  /\/(feed|rss|atom)\/?$/i,
  /\/(feed|rss|atom|index|rss2|feeds?\/[\w-]+)\.(xml|json|rss|atom)$/i,
  /\.(rss|atom|rdf)$/i,
  /[?&]feed=(rss2?|atom|rdf)\b/i,
  /^https?:\/\/feeds\.feedburner\.com\//i,
]

/** Resolves an href to an absolute http(s) URL without its fragment; null when unusable. */
function resolveHref(href: string | null, base: string): string | null {
  if (!href || !href.trim()) return null
  try {
    const url = new URL(href.trim(), base)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    url.hash = ''
    return url.href
  } catch {
    return null
  }
}

function charsetOf(contentType: string | null, bytes: Uint8Array): string {
  const fromHeader = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1]
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 2048))
  const fromMeta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1]
  return fromHeader ?? fromMeta ?? 'utf-8'
}

function decodeHtml(bytes: Uint8Array, contentType: string | null): string {
  try {
    return new TextDecoder(charsetOf(contentType, bytes)).decode(bytes)
  } catch {
    return new TextDecoder('utf-8').decode(bytes)
  }
}

/** The feed `<link>` tags and feed-looking anchors of an HTML page, resolved. */
export function feedLinksOfPage(html: string, pageUrl: string): { alternates: DiscoveredFeed[]; anchors: string[] } {
  const { document } = linkedom().parseHTML(html)
  const base = resolveHref(document.querySelector('base[href]')?.getAttribute('href') ?? null, pageUrl) ?? pageUrl
  const alternates: DiscoveredFeed[] = []
  const seen = new Set<string>()
  for (const link of document.querySelectorAll('link[rel][href]')) {
    const rel = (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/)
    if (!rel.includes('alternate') && !rel.includes('feed')) continue
    const type = LINK_TYPES[(link.getAttribute('type') ?? '').toLowerCase().split(';')[0].trim()]
    const url = resolveHref(link.getAttribute('href'), base)
    if (!type || !url || seen.has(url)) continue
    seen.add(url)
    alternates.push({ url, title: link.getAttribute('title')?.trim() || null, type })
  }
  const anchors: string[] = []
  for (const a of document.querySelectorAll('a[href]')) {
    const url = resolveHref(a.getAttribute('href'), base)
    if (!url || seen.has(url) || !FEEDISH_HREF.some((pattern) => pattern.test(url))) continue
    seen.add(url)
    anchors.push(url)
  }
  return { alternates, anchors: anchors.slice(0, MAX_ANCHOR_CANDIDATES) }
}

/** Fetches candidates in parallel and keeps those that are feeds, in candidate order, deduplicated by final URL. */
async function keepFeeds(candidates: string[], fetchOpts: FetchOptions): Promise<DiscoveredFeed[]> {
  const checked = await Promise.all(
    candidates.map(async (candidate): Promise<DiscoveredFeed | null> => {
      try {
        const result = await fetchFeed(candidate, { ...fetchOpts, etag: null, lastModified: null })
        if (result.status !== 200) return null
        const sniffed = sniffFeed(result.body)
        return sniffed ? { url: result.finalUrl, ...sniffed } : null
      } catch {
        return null
      }
    }),
  )
  const seen = new Set<string>()
  return checked.filter((feed): feed is DiscoveredFeed => {
    if (!feed || seen.has(feed.url)) return false
    seen.add(feed.url)
    return true
  })
}

/** Finds the feeds behind a URL; throws `FetchError` when the URL itself cannot be fetched. */
export async function discoverFeeds(url: string, fetchOpts: FetchOptions): Promise<DiscoveredFeed[]> {
  const page = await fetchFeed(url, { ...fetchOpts, etag: null, lastModified: null })
  if (page.status !== 200) return []
  const itself = sniffFeed(page.body)
  if (itself) return [{ url: page.finalUrl, ...itself }]

  const { alternates, anchors } = feedLinksOfPage(decodeHtml(page.body, page.contentType), page.finalUrl)
  if (alternates.length > 0) return alternates

  const fromAnchors = await keepFeeds(anchors, fetchOpts)
  if (fromAnchors.length > 0) return fromAnchors

  const root = new URL(page.finalUrl).origin
  return keepFeeds(PROBE_PATHS.map((path) => root + path), fetchOpts)
}
