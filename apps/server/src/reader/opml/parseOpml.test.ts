import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { generateOpml } from './generateOpml.ts'
import { OpmlError, parseOpml } from './parseOpml.ts'

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./testdata/${name}`, import.meta.url)))

describe('parseOpml: real-world exports', () => {
  it('reads a Feedly export (folders, a feed in two folders kept once)', () => {
    const parsed = parseOpml(fixture('feedly.opml'))
    expect(parsed.title).toBe('Jane subscriptions in feedly Cloud')
    expect(parsed.outlines).toEqual([
      { title: 'Ars Technica', xmlUrl: 'https://feeds.arstechnica.com/arstechnica/index', htmlUrl: 'https://arstechnica.com/', category: 'Tech' },
      { title: 'Hacker News: Front Page', xmlUrl: 'https://hnrss.org/frontpage', htmlUrl: 'https://news.ycombinator.com/', category: 'Tech' },
      { title: 'Smitten Kitchen', xmlUrl: 'http://feeds.feedburner.com/smittenkitchen', htmlUrl: 'https://smittenkitchen.com/', category: 'Cooking & Food' },
      { title: 'xkcd.com', xmlUrl: 'https://xkcd.com/rss.xml', htmlUrl: 'https://xkcd.com/', category: 'Uncategorized' },
    ])
  })

  it('reads an Inoreader export (extra attributes, numeric entities, &amp; in URLs, top-level feeds)', () => {
    const parsed = parseOpml(fixture('inoreader.opml'))
    expect(parsed.title).toBe('Subscriptions of John from Inoreader [https://www.inoreader.com]')
    expect(parsed.outlines.map((o) => [o.title, o.category])).toEqual([
      ['BBC News - World', 'News'],
      ['Le Monde.fr - Actualités et Infos en France et dans le monde', 'News'],
      ['Veritasium', 'YouTube'],
      ['Daring Fireball', null],
    ])
    expect(parsed.outlines[2].xmlUrl).toBe('https://www.youtube.com/feeds/videos.xml?channel_id=UCHnyfMqiRRG1u-2MsSQLbXA&hl=en')
  })

  it('flattens 3-level nesting to the outermost folder', () => {
    const parsed = parseOpml(fixture('nested-3-level.opml'))
    expect(parsed.title).toBe('Nested folders')
    expect(parsed.outlines).toEqual([
      { title: 'Tech general', xmlUrl: 'https://tech.example/feed', htmlUrl: null, category: 'Tech' },
      { title: 'This Week in Rust', xmlUrl: 'https://this-week-in-rust.org/rss.xml', htmlUrl: 'https://this-week-in-rust.org/', category: 'Tech' },
      { title: 'Go blog', xmlUrl: 'https://go.dev/blog/feed.atom', htmlUrl: null, category: 'Tech' },
      { title: 'Top level feed', xmlUrl: 'https://top.example/rss', htmlUrl: null, category: null },
    ])
  })

  it('reads a file with a UTF-8 BOM, as bytes and as a string', () => {
    const bytes = fixture('bom.opml')
    expect(bytes[0]).toBe(0xef)
    const expected = { title: 'BOM export — café', outlines: [{ title: 'Café ☕', xmlUrl: 'https://cafe.example/feed', htmlUrl: null, category: null }] }
    expect(parseOpml(bytes)).toEqual(expected)
    expect(parseOpml(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes))).toEqual(expected)
  })

  it('copes with missing titles, lowercase/uppercase attributes, feed: URLs, bad URLs, HTML entities and Latin-1', () => {
    const parsed = parseOpml(fixture('missing-titles.opml'))
    expect(parsed.title).toBeNull()
    expect(parsed.outlines).toEqual([
      { title: 'Only text', xmlUrl: 'http://only-text.example/rss', htmlUrl: 'http://only-text.example/', category: null },
      { title: 'http://no-title.example/feed.xml', xmlUrl: 'http://no-title.example/feed.xml', htmlUrl: null, category: null },
      { title: 'http://feed-scheme.example/rss', xmlUrl: 'http://feed-scheme.example/rss', htmlUrl: null, category: null },
      { title: 'Spaced title', xmlUrl: 'http://upper.example/rss', htmlUrl: null, category: 'Misc' },
      { title: 'Café & crème', xmlUrl: 'http://entities.example/?a=1&b=2', htmlUrl: null, category: null },
      { title: 'Latin1 résumé', xmlUrl: 'http://latin1.example/rss', htmlUrl: null, category: null },
    ])
  })

  it('keeps feeds nested under a feed (broken nesting) in the surrounding category', () => {
    const text = `<opml version="1.0"><body><outline text="Folder"><outline text="A" xmlUrl="http://a.example/"><outline text="B" xmlUrl="http://b.example/"/></outline></outline><outline text="C" xmlUrl="http://c.example/"><outline text="D" xmlUrl="http://d.example/"/></outline></body></opml>`
    expect(parseOpml(text).outlines.map((o) => [o.title, o.category])).toEqual([
      ['A', 'Folder'],
      ['B', 'Folder'],
      ['C', null],
      ['D', null],
    ])
  })

  it('tolerates unclosed outlines', () => {
    const text = `<opml><body><outline text="F"><outline text="a" xmlUrl="http://a.example/"></outline><outline text="b" xmlUrl="http://b.example/"></body></opml>`
    expect(parseOpml(text).outlines.map((o) => o.xmlUrl)).toEqual(['http://a.example/', 'http://b.example/'])
  })

  it('accepts an OPML without feeds', () => {
    expect(parseOpml('<opml version="2.0"><head><title>Empty</title></head><body/></opml>')).toEqual({ title: 'Empty', outlines: [] })
  })
})

describe('parseOpml: hostile and non-OPML input', () => {
  it('does not expand entities from a DOCTYPE (billion laughs, external entity)', () => {
    const parsed = parseOpml(fixture('entity-bomb.opml'))
    expect(parsed.outlines).toHaveLength(1)
    const [outline] = parsed.outlines
    expect(outline.xmlUrl).toBe('https://bomb.example/feed')
    expect(outline.title.length).toBeLessThan(20)
    expect(outline.title).not.toContain('root:')
    expect(parsed.title ?? '').not.toContain('lollol')
  })

  it('does not expand a quadratic blowup', () => {
    const text = `<?xml version="1.0"?><!DOCTYPE opml [<!ENTITY a "${'a'.repeat(50_000)}">]><opml><body><outline text="${'&a;'.repeat(50_000)}" xmlUrl="http://q.example/"/></body></opml>`
    const parsed = parseOpml(text)
    expect(parsed.outlines[0].title.length).toBeLessThanOrEqual(150_000)
  })

  it.each([
    ['HTML', '<!doctype html><html><body><p>hi</p></body></html>'],
    ['an RSS feed', '<?xml version="1.0"?><rss version="2.0"><channel><title>x</title></channel></rss>'],
    ['plain text', 'hello world'],
    ['JSON', '{"opml": true}'],
    ['nothing', ''],
  ])('throws OpmlError for %s', (_name, text) => {
    expect(() => parseOpml(text)).toThrow(OpmlError)
  })
})

describe('generateOpml', () => {
  const subscriptions = [
    { title: 'Ars & "Technica" <3', xmlUrl: 'https://feeds.example/a?x=1&y=2', htmlUrl: 'https://a.example/', category: 'Tech' },
    { title: 'Loose feed', xmlUrl: 'https://loose.example/rss', htmlUrl: null, category: null },
    { title: "O'Reilly ]]> Radar", xmlUrl: 'https://oreilly.example/feed', category: 'Tech' },
    { title: 'Café ☕', xmlUrl: 'https://cafe.example/feed', htmlUrl: 'https://cafe.example/', category: 'Food & <Drink>' },
  ]

  it('writes OPML 2.0 with folders and escaped attributes', () => {
    const xml = generateOpml({ title: 'Brook export & more', dateCreated: new Date(Date.UTC(2025, 0, 2, 3, 4, 5)), outlines: subscriptions })
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>/)
    expect(xml).toContain('<opml version="2.0">')
    expect(xml).toContain('<dateCreated>Thu, 02 Jan 2025 03:04:05 GMT</dateCreated>')
    expect(xml).toContain('xmlUrl="https://feeds.example/a?x=1&amp;y=2"')
    expect(xml).toContain('text="Ars &amp; &quot;Technica&quot; &lt;3"')
    expect(xml).toContain('<outline text="Food &amp; &lt;Drink&gt;" title="Food &amp; &lt;Drink&gt;">')
  })

  it('round-trips through parseOpml', () => {
    const xml = generateOpml({ title: 'Brook <export> & more', outlines: subscriptions })
    const parsed = parseOpml(xml)
    expect(parsed.title).toBe('Brook <export> & more')
    // Feeds come back grouped by folder (folders in order of their first feed), otherwise unchanged.
    const byFolder = [subscriptions[0], subscriptions[2], subscriptions[1], subscriptions[3]]
    expect(parsed.outlines).toEqual(
      byFolder.map((s) => ({ title: s.title, xmlUrl: s.xmlUrl, htmlUrl: s.htmlUrl ?? null, category: s.category })),
    )
  })

  it('round-trips an empty export', () => {
    expect(parseOpml(generateOpml({ title: 'Nothing', outlines: [] }))).toEqual({ title: 'Nothing', outlines: [] })
  })
})
