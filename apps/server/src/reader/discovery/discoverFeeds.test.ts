import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sitePageHtml, startFeedFarm, type FeedFarm } from '../../test/feedFarm.ts'
import { closeSharedAgents } from '../fetcher/dispatcher.ts'
import { FetchError, type FetchOptions } from '../fetcher/fetchFeed.ts'
import { discoverFeeds, feedLinksOfPage, PROBE_PATHS } from './discoverFeeds.ts'

let farm: FeedFarm
const open: FetchOptions = { allowPrivateNetworks: true, timeoutMs: 5_000 }

beforeAll(async () => {
  farm = await startFeedFarm()
})
afterAll(async () => {
  await farm.close()
  await closeSharedAgents()
})
beforeEach(() => farm.reset())

const html = (body: string) => ({ body, contentType: 'text/html; charset=utf-8' })

describe('discoverFeeds: a feed URL', () => {
  it.each([
    ['/gen/rss/1', 'rss', 'Generated rss 1'],
    ['/gen/atom/2', 'atom', 'Generated atom 2'],
    ['/gen/json/3', 'json', 'Generated json 3'],
    ['/gen/rdf/4', 'rdf', 'Generated rdf 4'],
  ])('returns %s itself, sniffed as %s', async (path, type, title) => {
    expect(await discoverFeeds(farm.url(path), open)).toEqual([{ url: farm.url(path), title, type }])
  })

  it('sniffs the body, not the Content-Type', async () => {
    farm.setFeed('/mislabelled', { format: 'atom', title: 'Served as text/html', entries: 1, contentType: 'text/html' })
    expect(await discoverFeeds(farm.url('/mislabelled'), open)).toEqual([
      { url: farm.url('/mislabelled'), title: 'Served as text/html', type: 'atom' },
    ])
  })

  it('returns the final URL after redirects', async () => {
    expect(await discoverFeeds(farm.url('/redirect/2/gen/atom/3'), open)).toEqual([
      { url: farm.url('/gen/atom/3'), title: 'Generated atom 3', type: 'atom' },
    ])
  })
})

describe('discoverFeeds: an HTML page', () => {
  it('returns the <link rel=alternate> feeds resolved against the page, without fetching them', async () => {
    expect(await discoverFeeds(farm.url('/site/'), open)).toEqual([
      { url: farm.url('/site/feed.xml'), title: 'Farm Blog (RSS)', type: 'rss' },
      { url: farm.url('/site/atom.xml'), title: 'Farm Blog (Atom)', type: 'atom' },
      { url: farm.url('/site/feed.json'), title: 'Farm Blog (JSON)', type: 'json' },
    ])
    expect(farm.requests('/site/feed.xml')).toBe(0)
    expect(farm.requests('/feed')).toBe(0)
  })

  it('resolves relative hrefs against <base href>', async () => {
    const feeds = await discoverFeeds(farm.url('/site/base'), open)
    expect(feeds.map((f) => f.url)).toEqual([farm.url('/site/feed.xml'), farm.url('/site/atom.xml'), farm.url('/site/feed.json')])
  })

  it('falls back to feed-looking anchors, keeping only those that are feeds', async () => {
    farm.setFeed('/blog/', html(sitePageHtml({ title: 'Anchors', alternates: [], anchors: ['/site/comments/feed', 'posts/rss', '/about', 'mailto:x@y.z', '/broken.rss'] })))
    farm.setFeed('/blog/posts/rss', html('<html>not a feed</html>'))
    expect(await discoverFeeds(farm.url('/blog/'), open)).toEqual([
      { url: farm.url('/site/comments/feed'), title: 'Farm Blog comments', type: 'rss' },
    ])
    expect(farm.requests('/blog/posts/rss')).toBe(1)
    expect(farm.requests('/broken.rss')).toBe(1)
    expect(farm.requests('/about')).toBe(0)
    expect(farm.requests('/feed')).toBe(0)
  })

  it('probes the common paths on the site root when the page names nothing', async () => {
    farm.setFeed('/deep/page.html', html(sitePageHtml({ title: 'Bare', alternates: [] })))
    farm.setFeed('/atom.xml', { format: 'atom', title: 'Root Atom', entries: 1 })
    farm.setFeed('/feed', html('<html>a page called feed</html>'))
    farm.setRedirect('/rss', '/rss.xml', 301)
    farm.setFeed('/rss.xml', { format: 'rss', title: 'Root RSS', entries: 1 })
    expect(await discoverFeeds(farm.url('/deep/page.html'), open)).toEqual([
      { url: farm.url('/rss.xml'), title: 'Root RSS', type: 'rss' },
      { url: farm.url('/atom.xml'), title: 'Root Atom', type: 'atom' },
    ])
    // each path probed once; /rss.xml also reached through the /rss redirect (deduplicated above)
    for (const path of PROBE_PATHS) expect(farm.requests(path)).toBe(path === '/rss.xml' ? 2 : 1)
  })

  it('returns nothing for a page without feeds anywhere', async () => {
    farm.setFeed('/lonely', html(sitePageHtml({ title: 'Nothing here', alternates: [] })))
    expect(await discoverFeeds(farm.url('/lonely'), open)).toEqual([])
  })

  it('throws the fetch error when the page itself fails', async () => {
    await expect(discoverFeeds(farm.url('/status/500'), open)).rejects.toBeInstanceOf(FetchError)
    await expect(discoverFeeds('http://127.0.0.1:1/', { allowPrivateNetworks: false })).rejects.toMatchObject({ kind: 'ssrf' })
  })
})

describe('feedLinksOfPage', () => {
  const page = `<!doctype html><html><head>
    <link rel="Alternate" type="application/RSS+XML" href="/a.xml" title=" A ">
    <link rel="alternate feed" type="application/atom+xml" href="https://other.example/b.atom">
    <link rel="alternate" type="application/json" href="c.json">
    <link rel="alternate" type="text/html" href="/fr/" hreflang="fr">
    <link rel="alternate" type="application/rss+xml" href="javascript:alert(1)">
    <link rel="alternate" type="application/rss+xml" href="/a.xml#dup">
    <link rel="stylesheet" type="application/rss+xml" href="/not-alternate.xml">
    </head><body>
    <a href="/feed/">f</a> <a href="https://feeds.feedburner.com/example">fb</a> <a href="/?feed=rss2">wp</a>
    <a href="/about">about</a> <a href="/posts/atom.xml">atom</a> <a href="/a.xml">dup of link</a>
    </body></html>`

  it('reads link tags case-insensitively, drops other types, other rels, bad schemes and duplicates', () => {
    const { alternates } = feedLinksOfPage(page, 'https://blog.example/posts/1')
    expect(alternates).toEqual([
      { url: 'https://blog.example/a.xml', title: 'A', type: 'rss' },
      { url: 'https://other.example/b.atom', title: null, type: 'atom' },
      { url: 'https://blog.example/posts/c.json', title: null, type: 'json' },
    ])
  })

  it('picks feed-looking anchors only', () => {
    const { anchors } = feedLinksOfPage(page, 'https://blog.example/posts/1')
    expect(anchors).toEqual([
      'https://blog.example/feed/',
      'https://feeds.feedburner.com/example',
      'https://blog.example/?feed=rss2',
      'https://blog.example/posts/atom.xml',
    ])
  })
})
