import { describe, expect, it } from 'vitest'
import { FeedParseError, parseFeed } from './parseFeed.ts'

const NOW = new Date('2024-06-01T12:00:00Z')
const FEED_URL = 'https://example.com/blog/feed.xml'
const parse = (body: string, opts: { feedUrl?: string; sanitize?: boolean } = {}) =>
  parseFeed(body, { feedUrl: opts.feedUrl ?? FEED_URL, now: NOW, sanitize: opts.sanitize })
const rss = (channel: string, ns = '') =>
  `<?xml version="1.0" encoding="utf-8"?><rss version="2.0" ${ns}><channel><title>Blog</title><link>https://example.com/blog/</link>${channel}</channel></rss>`
const NS = {
  dc: 'xmlns:dc="http://purl.org/dc/elements/1.1/"',
  content: 'xmlns:content="http://purl.org/rss/1.0/modules/content/"',
  media: 'xmlns:media="http://search.yahoo.com/mrss/"',
  itunes: 'xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"',
  atom: 'xmlns:atom="http://www.w3.org/2005/Atom"',
  sy: 'xmlns:sy="http://purl.org/rss/1.0/modules/syndication/"',
}

describe('formats', () => {
  it('RSS 2.0', () => {
    const feed = parse(
      rss(
        `<description>All &amp; more</description><language>en-us</language><ttl>30</ttl>
         <managingEditor>editor@example.com (Ed Itor)</managingEditor>
         <image><url>/logo.png</url><title>Blog</title><link>https://example.com/</link></image>
         <lastBuildDate>Sat, 01 Jun 2024 10:00:00 GMT</lastBuildDate>
         <item><title>First &amp; best</title><link>https://example.com/blog/1</link><guid>urn:1</guid>
           <pubDate>Fri, 31 May 2024 08:00:00 +0200</pubDate><description>&lt;p&gt;Hello &lt;b&gt;world&lt;/b&gt;&lt;/p&gt;</description>
           <author>writer@example.com (Wri Ter)</author><category>News</category><category>news</category><category>Tech</category></item>`,
      ),
    )
    expect(feed).toMatchObject({
      title: 'Blog',
      description: 'All & more',
      siteUrl: 'https://example.com/blog/',
      feedUrl: FEED_URL,
      image: 'https://example.com/logo.png',
      language: 'en-us',
      updatedAt: '2024-06-01T10:00:00.000Z',
      authors: [{ name: 'Ed Itor', email: 'editor@example.com', url: null }],
      ttlMinutes: 30,
    })
    expect(feed.entries).toEqual([
      {
        guid: 'urn:1',
        title: 'First & best',
        url: 'https://example.com/blog/1',
        description: 'Hello world',
        content: '<p>Hello <b>world</b></p>',
        author: 'Wri Ter',
        authorUrl: null,
        authorAvatar: null,
        publishedAt: '2024-05-31T06:00:00.000Z',
        updatedAt: null,
        categories: ['News', 'Tech'],
        media: [],
        attachments: [],
        language: 'en-us',
      },
    ])
  })

  it('RSS 0.91 and RSS 1.0 (RDF)', () => {
    const v091 = parse('<rss version="0.91"><channel><title>Old</title><link>http://old.example/</link><item><title>A</title><link>http://old.example/a</link></item></channel></rss>')
    expect(v091.title).toBe('Old')
    expect(v091.entries[0]).toMatchObject({ title: 'A', url: 'http://old.example/a', guid: 'http://old.example/a' })
    const rdf = parse(`<?xml version="1.0"?>
      <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" ${NS.dc}>
        <channel rdf:about="http://rdf.example/"><title>RDF</title><link>http://rdf.example/</link><description>d</description><dc:language>de</dc:language></channel>
        <item rdf:about="http://rdf.example/1"><title>One</title><link>http://rdf.example/1</link><dc:date>2003-12-31T10:14:55Z</dc:date><dc:creator>Jane Doe &lt;jane@example.com&gt;</dc:creator><dc:subject>x</dc:subject></item>
      </rdf:RDF>`)
    expect(rdf).toMatchObject({ title: 'RDF', language: 'de', siteUrl: 'http://rdf.example/' })
    expect(rdf.entries[0]).toMatchObject({ guid: 'http://rdf.example/1', publishedAt: '2003-12-31T10:14:55.000Z', author: 'Jane Doe', categories: ['x'], language: 'de' })
  })

  it('Atom 1.0', () => {
    const feed = parse(`<?xml version="1.0"?>
      <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="fr">
        <title type="html">Le &lt;em&gt;blog&lt;/em&gt;</title><subtitle>Sous-titre</subtitle>
        <link rel="self" href="/blog/feed.xml"/><link rel="alternate" type="text/html" href="/blog/"/>
        <updated>2024-05-01T00:00:00Z</updated><id>urn:feed</id><logo>/logo.png</logo>
        <author><name>Anne</name><email>anne@example.com</email><uri>/anne</uri></author>
        <entry><id>urn:e1</id><title type="text">A &lt;tag&gt; in text</title><link href="/blog/e1"/><link rel="enclosure" type="audio/mpeg" length="1234" href="/a.mp3"/>
          <published>2024-04-01T10:00:00+02:00</published><updated>2024-04-02T10:00:00Z</updated>
          <summary>Short</summary><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Body <a href="rel">x</a></p></div></content>
          <category term="t1"/><category term="t2" label="Two"/></entry>
      </feed>`)
    expect(feed).toMatchObject({
      title: 'Le blog',
      description: 'Sous-titre',
      siteUrl: 'https://example.com/blog/',
      image: 'https://example.com/logo.png',
      language: 'fr',
      updatedAt: '2024-05-01T00:00:00.000Z',
      authors: [{ name: 'Anne', email: 'anne@example.com', url: 'https://example.com/anne' }],
    })
    expect(feed.entries[0]).toMatchObject({
      guid: 'urn:e1',
      title: 'A <tag> in text',
      url: 'https://example.com/blog/e1',
      description: 'Short',
      content: '<p>Body <a href="https://example.com/blog/rel" rel="noopener noreferrer" target="_blank">x</a></p>',
      author: 'Anne', // inherited from the feed (RFC 4287 §4.2.1)
      publishedAt: '2024-04-01T08:00:00.000Z',
      updatedAt: '2024-04-02T10:00:00.000Z',
      categories: ['t1', 'Two'],
      attachments: [{ url: 'https://example.com/a.mp3', mime_type: 'audio/mpeg', size_in_bytes: 1234 }],
      language: 'fr',
    })
  })

  it('Atom 0.3', () => {
    const feed = parse(`<feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>Old Atom</title><link rel="alternate" type="text/html" href="http://a.example/"/>
      <entry><title>E</title><link rel="alternate" type="text/html" href="http://a.example/e"/><id>tag:a,2003:e</id><issued>2003-12-13T08:29:29-04:00</issued><modified>2003-12-13T18:30:02Z</modified>
      <content type="text/html" mode="escaped">&lt;b&gt;bold&lt;/b&gt;</content></entry></feed>`)
    expect(feed.title).toBe('Old Atom')
    expect(feed.entries[0]).toMatchObject({ guid: 'tag:a,2003:e', url: 'http://a.example/e', publishedAt: '2003-12-13T12:29:29.000Z', updatedAt: '2003-12-13T18:30:02.000Z', content: '<b>bold</b>' })
  })

  it('JSON Feed 1.1 and 1.0', () => {
    const v11 = parse(
      JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: 'JF',
        home_page_url: 'https://jf.example/',
        language: 'en',
        authors: [{ name: 'Author', url: 'https://jf.example/me', avatar: 'https://jf.example/me.png' }],
        items: [
          { id: 1, url: '/p/1', title: 'P1', content_text: 'Line 1\nLine <2>', date_published: '2024-01-02T03:04:05Z', tags: ['a', 'A', 'b'], attachments: [{ url: 'https://jf.example/ep.mp3', mime_type: 'audio/mpeg', duration_in_seconds: 61 }] },
          { id: 'two', content_html: '<p>Hi</p>', summary: 'Sum', image: 'https://jf.example/i.png' },
        ],
      }),
    )
    expect(v11).toMatchObject({ title: 'JF', siteUrl: 'https://jf.example/', language: 'en', authors: [{ name: 'Author' }] })
    expect(v11.entries[0]).toMatchObject({
      guid: '1',
      url: 'https://example.com/p/1', // relative to the document, like every other format
      content: 'Line 1<br />Line &lt;2&gt;',
      description: 'Line 1 Line <2>',
      author: 'Author',
      authorAvatar: 'https://jf.example/me.png',
      categories: ['a', 'b'],
      attachments: [{ url: 'https://jf.example/ep.mp3', mime_type: 'audio/mpeg', duration_in_seconds: 61 }],
    })
    expect(v11.entries[1]).toMatchObject({ guid: 'two', description: 'Sum', media: [{ url: 'https://jf.example/i.png', type: 'photo' }] })

    const v10 = parse(JSON.stringify({ version: 'https://jsonfeed.org/version/1', title: 'Old', author: { name: 'Solo' }, items: [{ id: 'x', content_text: 't' }] }))
    expect(v10.entries[0].author).toBe('Solo')
  })
})

describe('input that is not a feed', () => {
  it.each([
    ['an empty body', ''],
    ['whitespace', '  \n '],
    ['an HTML page', '<!DOCTYPE html><html><head><title>x</title></head><body><p>hi</p></body></html>'],
    ['other XML', '<?xml version="1.0"?><note><to>x</to></note>'],
    ['broken JSON', '{"version": "https://jsonfeed.org/version/1.1", '],
    ['JSON that is not a feed', '{"hello": "world"}'],
    ['plain text', 'just some text'],
  ])('%s → FeedParseError', (_name, body) => {
    expect(() => parse(body)).toThrow(FeedParseError)
    try {
      parse(body)
    } catch (error) {
      expect((error as FeedParseError).detail).toEqual(expect.any(String))
    }
  })

  it('a feed with broken XML is repaired when it can be', () => {
    const feed = parse('<rss version="2.0"><channel><title>T</title><item><title>A</title><link>https://x.example/a</link></item><item><title>B</b></item></channel></rss>')
    expect(feed.entries.map((e) => e.title)).toEqual(['A', 'B'])
  })

  it('junk before the XML declaration is skipped', () => {
    expect(parse(`\n\nWarning: something in /var/www/feed.php on line 3<br />\n<?xml version="1.0"?><rss version="2.0"><channel><title>T</title></channel></rss>`).title).toBe('T')
  })
})

describe('normalize rules', () => {
  it('guid falls back to the link, then to sha1(title + date), stable across fetches', () => {
    const body = rss(`<item><title>With link</title><link>/blog/x</link></item><item><title>No link</title><pubDate>Fri, 31 May 2024 08:00:00 GMT</pubDate></item><item><description>only text</description></item>`)
    const a = parse(body)
    const b = parseFeed(body, { feedUrl: FEED_URL, now: new Date('2030-01-01T00:00:00Z') })
    expect(a.entries[0].guid).toBe('https://example.com/blog/x')
    expect(a.entries[1].guid).toMatch(/^[0-9a-f]{40}$/)
    expect(a.entries[2].guid).toMatch(/^[0-9a-f]{40}$/)
    expect(b.entries.map((e) => e.guid)).toEqual(a.entries.map((e) => e.guid))
    expect(a.entries[1].guid).not.toBe(a.entries[2].guid)
  })

  it('a permalink guid is the URL when there is no link', () => {
    const feed = parse(rss('<item><guid>https://example.com/p/9</guid></item><item><guid isPermaLink="false">https://example.com/not-a-link</guid></item>'))
    expect(feed.entries[0]).toMatchObject({ guid: 'https://example.com/p/9', url: 'https://example.com/p/9' })
    expect(feed.entries[1].url).toBeNull()
  })

  it('missing dates become the fetch time; future dates are clamped to it', () => {
    const feed = parse(rss('<item><title>a</title></item><item><title>b</title><pubDate>Mon, 01 Jan 2099 00:00:00 GMT</pubDate></item>'))
    expect(feed.entries[0].publishedAt).toBe(NOW.toISOString())
    expect(feed.entries[1].publishedAt).toBe(NOW.toISOString())
  })

  it('dates from dc:date, dcterms and Atom-in-RSS are used', () => {
    const feed = parse(
      rss(
        `<item><title>a</title><dc:date>2003-12</dc:date></item><item><title>b</title><atom:updated>2004-01-01T00:00:00Z</atom:updated></item>`,
        `${NS.dc} ${NS.atom}`,
      ),
    )
    expect(feed.entries[0].publishedAt).toBe('2003-12-01T00:00:00.000Z')
    expect(feed.entries[1]).toMatchObject({ publishedAt: '2004-01-01T00:00:00.000Z', updatedAt: '2004-01-01T00:00:00.000Z' })
  })

  it('splits "email (Name)" and "Name <email>"', () => {
    const feed = parse(
      rss(
        `<managingEditor>boss@example.com (The Boss)</managingEditor><dc:creator>Jane Roe &lt;jane@example.com&gt;</dc:creator>
         <item><title>a</title><author>solo@example.com</author></item><item><title>b</title><dc:creator>Rick &lt;rick@example.com&gt;</dc:creator></item>`,
        NS.dc,
      ),
    )
    expect(feed.authors).toEqual([
      { name: 'The Boss', email: 'boss@example.com', url: null },
      { name: 'Jane Roe', email: 'jane@example.com', url: null },
    ])
    expect(feed.entries.map((e) => e.author)).toEqual(['solo@example.com', 'Rick'])
  })

  it('titles are decoded, stripped of HTML and trimmed', () => {
    const feed = parse(rss(`<item><title>  &lt;b&gt;Bold&lt;/b&gt; &amp;amp; &#8220;quoted&#8221;\n  </title></item><item><title><![CDATA[ <i>R&amp;D</i> ]]></title></item>`))
    expect(feed.entries.map((e) => e.title)).toEqual(['Bold & “quoted”', 'R&D'])
  })

  it('description is plain text of at most 300 characters, derived from content when absent', () => {
    const long = `<p>${'lorem ipsum '.repeat(60)}</p>`
    const feed = parse(
      rss(
        `<item><title>a</title><content:encoded><![CDATA[<h1>Head</h1>${long}]]></content:encoded></item>
         <item><title>b</title><description>&lt;p&gt;Summary &lt;b&gt;here&lt;/b&gt;&lt;/p&gt;</description><content:encoded>&lt;p&gt;Full&lt;/p&gt;</content:encoded></item>`,
        NS.content,
      ),
    )
    expect(feed.entries[0].description?.length).toBeLessThanOrEqual(300)
    expect(feed.entries[0].description?.startsWith('Head lorem ipsum')).toBe(true)
    expect(feed.entries[0].description?.endsWith('…')).toBe(true)
    expect(feed.entries[1]).toMatchObject({ description: 'Summary here', content: '<p>Full</p>' })
  })

  it('categories are de-duplicated, case-insensitively, from category, dc:subject and media:category', () => {
    const feed = parse(rss(`<item><title>a</title><category>Go</category><category> go </category><dc:subject>Rust</dc:subject><media:category>rust</media:category></item>`, `${NS.dc} ${NS.media}`))
    expect(feed.entries[0].categories).toEqual(['Go', 'Rust'])
  })

  it('language from the channel, dc:language or xml:lang, BCP 47 style', () => {
    expect(parse(rss('<item><title>a</title></item>').replace('<channel>', '<channel><language>pt_BR</language>')).entries[0].language).toBe('pt-BR')
    expect(parse(rss('<dc:language>ja</dc:language>', NS.dc)).language).toBe('ja')
    expect(parse('<rss version="2.0" xml:lang="de"><channel><title>t</title><item xml:lang="fr"><title>a</title></item></channel></rss>').entries[0].language).toBe('fr')
  })

  it('ttl from sy:updatePeriod when there is no <ttl>', () => {
    expect(parse(rss('<sy:updatePeriod>hourly</sy:updatePeriod><sy:updateFrequency>2</sy:updateFrequency>', NS.sy)).ttlMinutes).toBe(30)
    expect(parse(rss('')).ttlMinutes).toBeNull()
  })
})

/**
 * Feed-level choices compared with feedparser's reference ("Comes from" lists), gofeed's default
 * translators and the RSS 2.0 / Atom (RFC 4287) specifications; where they differ, what a reader
 * should see (docs/feed-parsing.md, "Parser agreement").
 */
describe('parser agreement', () => {
  const atom = (body: string) =>
    parse(`<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><id>urn:f</id>${body}</feed>`)

  it('RSS items without an author of their own are credited to the itunes:author, dc:creator or Atom author of the channel', () => {
    const ns = `${NS.dc} ${NS.itunes} ${NS.atom}`
    const items = '<item><title>mine</title><dc:creator>Item Writer</dc:creator></item><item><title>inherits</title></item>'
    const podcast = parse(rss(`<itunes:author>The Show</itunes:author><dc:creator>Chan Creator</dc:creator>${items}`, ns))
    expect(podcast.entries.map((e) => e.author)).toEqual(['Item Writer', 'The Show'])
    expect(parse(rss(`<dc:creator>Chan Creator</dc:creator>${items}`, ns)).entries[1].author).toBe('Chan Creator')
    expect(parse(rss(`<atom:author><atom:name>Atom Person</atom:name></atom:author>${items}`, ns)).entries[1].author).toBe('Atom Person')
  })

  it('managingEditor and webMaster are never the author of an item; webMaster is not a feed author either (as feedparser; gofeed differs)', () => {
    const feed = parse(rss('<managingEditor>ed@example.com (Ed Itor)</managingEditor><webMaster>web@example.com (Web Master)</webMaster><item><title>a</title></item>'))
    expect(feed.entries[0].author).toBeNull()
    expect(feed.authors).toEqual([{ name: 'Ed Itor', email: 'ed@example.com', url: null }])
  })

  it('the first <link> of a channel is its site; an atom:link alternate stands in when <link> is missing, empty or not a web URL', () => {
    const alt = '<atom:link rel="self" href="https://example.com/feed.xml"/><atom:link rel="alternate" type="text/html" href="https://alt.example.com/"/>'
    const channel = (link: string) =>
      parse(`<rss version="2.0" ${NS.atom}><channel><title>t</title>${link}${alt}<item><title>a</title></item></channel></rss>`).siteUrl
    expect(channel('<link>https://one.example.com/</link><link>https://two.example.com/</link>')).toBe('https://one.example.com/')
    expect(channel('<link>https://one.example.com/</link>')).toBe('https://one.example.com/')
    expect(channel('<link></link>')).toBe('https://alt.example.com/')
    expect(channel('<link>javascript:alert(1)</link>')).toBe('https://alt.example.com/')
    expect(channel('')).toBe('https://alt.example.com/')
    // rel="self" is the feed, not the site.
    expect(parse(`<rss version="2.0" ${NS.atom}><channel><title>t</title><atom:link rel="self" href="https://example.com/feed.xml"/></channel></rss>`).siteUrl).toBeNull()
  })

  it('Atom: the HTML alternate link is the site, before other alternates and rel-less links', () => {
    const feed = atom(
      '<link rel="self" href="https://example.com/feed"/><link rel="alternate" type="application/json" href="https://example.com/feed.json"/>' +
        '<link rel="alternate" type="text/html" href="https://example.com/"/><link href="https://norel.example.com/"/>',
    )
    expect(feed.siteUrl).toBe('https://example.com/')
  })

  it('the feed image: RSS <image> before itunes:image, Atom logo before icon, resolved against the feed URL', () => {
    const rssImage = parse(
      rss('<itunes:image href="https://example.com/art.jpg"/><image><url>/logo.png</url><title>Blog</title><link>https://example.com/</link></image>', NS.itunes),
    )
    expect(rssImage.image).toBe('https://example.com/logo.png')
    expect(parse(rss('<itunes:image href="https://example.com/art.jpg"/>', NS.itunes)).image).toBe('https://example.com/art.jpg')
    expect(atom('<icon>/favicon.ico</icon><logo>/logo.png</logo>').image).toBe('https://example.com/logo.png')
    expect(atom('<icon>/favicon.ico</icon>').image).toBe('https://example.com/favicon.ico')
  })

  it('category labels: an Atom or Media RSS label before its term (both specs: the label is for display); an RSS category whole, domain or not', () => {
    const entry = atom('<entry><id>1</id><title>x</title><category term="web-dev" label="Web Development"/><category term="only-term"/><category term="blank" label="  "/></entry>').entries[0]
    expect(entry.categories).toEqual(['Web Development', 'only-term', 'blank'])
    const item = parse(
      rss(
        `<item><title>a</title><category domain="https://example.com/tax">Tech/Web</category><category></category><atom:category term="t" label="Atom Label"/>` +
          `<media:category scheme="urn:x" label="Pet Detective">ace-ventura</media:category><media:category>plain-media</media:category></item>`,
        `${NS.atom} ${NS.media}`,
      ),
    ).entries[0]
    expect(item.categories).toEqual(['Tech/Web', 'Atom Label', 'Pet Detective', 'plain-media'])
  })
})

describe('media and attachments', () => {
  it('enclosures become attachments, pictures and videos also media; itunes:duration fills the audio duration', () => {
    const feed = parse(
      rss(
        `<item><title>ep</title><enclosure url="/ep1.mp3" length="12345678" type="audio/mpeg"/><itunes:duration>1:02:03</itunes:duration><itunes:image href="https://cdn.example/ep1.jpg"/></item>
         <item><title>ep2</title><enclosure url="https://cdn.example/ep2.m4a" length="0" type="audio/x-m4a"/><itunes:duration>05:30</itunes:duration></item>
         <item><title>ep3</title><enclosure url="https://cdn.example/ep3.mp3" type="audio/mpeg"/><itunes:duration>90</itunes:duration></item>
         <item><title>pic</title><enclosure url="https://cdn.example/p.jpg" length="100" type="image/jpeg"/></item>`,
        NS.itunes,
      ),
    )
    expect(feed.entries[0].attachments).toEqual([{ url: 'https://example.com/ep1.mp3', mime_type: 'audio/mpeg', size_in_bytes: 12345678, duration_in_seconds: 3723 }])
    expect(feed.entries[0].media).toEqual([{ url: 'https://cdn.example/ep1.jpg', type: 'photo' }])
    expect(feed.entries[1].attachments[0]).toEqual({ url: 'https://cdn.example/ep2.m4a', mime_type: 'audio/x-m4a', duration_in_seconds: 330 })
    expect(feed.entries[2].attachments[0].duration_in_seconds).toBe(90)
    expect(feed.entries[3].media).toEqual([{ url: 'https://cdn.example/p.jpg', type: 'photo' }])
    expect(feed.entries[3].attachments).toEqual([{ url: 'https://cdn.example/p.jpg', mime_type: 'image/jpeg', size_in_bytes: 100 }])
  })

  it('Media RSS: media:content, media:thumbnail as a video preview, media:group', () => {
    const feed = parse(
      rss(
        `<item><title>v</title><media:content url="https://cdn.example/v.mp4" type="video/mp4" width="1280" height="720" duration="61"/><media:thumbnail url="https://cdn.example/v.jpg" width="320" height="180"/></item>
         <item><title>g</title><media:group><media:content url="https://cdn.example/a.jpg" medium="image"/><media:content url="https://cdn.example/b.jpg" medium="image"/><media:thumbnail url="https://cdn.example/t.jpg"/></media:group></item>`,
        NS.media,
      ),
    )
    expect(feed.entries[0].media).toEqual([{ url: 'https://cdn.example/v.mp4', type: 'video', width: 1280, height: 720, preview: 'https://cdn.example/v.jpg' }])
    expect(feed.entries[0].attachments).toEqual([{ url: 'https://cdn.example/v.mp4', mime_type: 'video/mp4', duration_in_seconds: 61 }])
    expect(feed.entries[1].media.map((m) => m.url)).toEqual(['https://cdn.example/a.jpg', 'https://cdn.example/b.jpg', 'https://cdn.example/t.jpg'])
  })

  it('the first images of the content, resolved, without tracking pixels or duplicates', () => {
    const feed = parse(
      rss(
        `<item><title>i</title><description><![CDATA[<p><img src="/img/a.png" width="640"><img src="https://t.example/pixel.gif" width="1" height="1"><img src="/img/a.png"><img data-src="/img/lazy.jpg" src="data:image/gif;base64,R0lGOD"><img src="javascript:x"></p>]]></description></item>`,
      ),
    )
    expect(feed.entries[0].media).toEqual([
      { url: 'https://example.com/img/a.png', type: 'photo', width: 640 },
      { url: 'https://example.com/img/lazy.jpg', type: 'photo' },
    ])
  })
})

describe('relative URLs', () => {
  it('resolve against xml:base where given, else the feed URL', () => {
    const feed = parse(`<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://base.example/root/">
      <link href="site/"/>
      <entry xml:base="entry/"><id>1</id><link href="page"/><content type="html" xml:base="https://other.example/c/">&lt;a href="x"&gt;x&lt;/a&gt;&lt;img src="i.png"&gt;</content></entry>
      <entry><id>2</id><link href="/abs"/><summary type="html">&lt;a href="y"&gt;y&lt;/a&gt;</summary></entry>
    </feed>`)
    expect(feed.siteUrl).toBe('https://base.example/root/site/')
    expect(feed.entries[0].url).toBe('https://base.example/root/entry/page')
    expect(feed.entries[0].content).toContain('href="https://other.example/c/x"')
    expect(feed.entries[0].media[0].url).toBe('https://other.example/c/i.png')
    expect(feed.entries[1].url).toBe('https://base.example/abs')
    expect(feed.entries[1].content).toContain('href="https://base.example/root/y"')
  })

  it('RSS items resolve against the feed URL, and item xml:base', () => {
    const feed = parse(rss(`<item><title>a</title><link>../post/1</link><description>&lt;img src="pic.jpg"&gt;</description></item><item xml:base="https://cdn.example/x/"><title>b</title><link>2</link></item>`))
    expect(feed.entries[0].url).toBe('https://example.com/post/1')
    expect(feed.entries[0].content).toBe('<img src="https://example.com/blog/pic.jpg" />')
    expect(feed.entries[1].url).toBe('https://cdn.example/x/2')
  })

  it('a feed read from a file resolves against its own link', () => {
    const feed = parse(rss('<item><title>a</title><link>/p/1</link></item>'), { feedUrl: 'file:///tmp/feed.xml' })
    expect(feed.entries[0].url).toBe('https://example.com/p/1')
  })

  it('non-web links are dropped', () => {
    const feed = parse(rss('<item><title>a</title><link>javascript:alert(1)</link><enclosure url="data:audio/mp3;base64,AA" type="audio/mpeg"/></item>'))
    expect(feed.entries[0].url).toBeNull()
    expect(feed.entries[0].attachments).toEqual([])
  })
})

describe('crafted feeds', () => {
  it('stay fast: hostile titles, authors and untyped Atom content', () => {
    // Quadratic work here would run for minutes: the test's own timeout is the check.
    const feed = parse(
      `<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id><title type="html">${'&lt;a b="'.repeat(30_000)}</title>` +
        `<author><name>${'x &lt;a@'.repeat(20_000)}</name></author><content>${'&lt;a '.repeat(50_000)}</content></entry></feed>`,
    )
    expect(feed.entries[0].title).toBeNull()
    expect(feed.entries[0].author?.length).toBeLessThanOrEqual(256)
  })

  it('cut absurdly long titles', () => {
    const feed = parse(rss(`<item><title>${'word '.repeat(1000)}</title></item>`))
    expect(feed.entries[0].title?.length).toBeLessThanOrEqual(1000)
  })

  it('lose their control characters (NUL cannot be stored)', () => {
    const feed = parse(rss('<item><title>a\u0000b\u0008c</title><guid>g\u0001</guid><description>x\u0000y</description></item>'))
    expect(feed.entries[0]).toMatchObject({ title: 'abc', guid: 'g', description: 'xy', content: 'xy' })
  })
})

describe('sanitize option', () => {
  it('sanitizes content by default and can be turned off', () => {
    const body = rss('<item><title>a</title><description>&lt;p onclick="x()"&gt;hi&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;</description></item>')
    expect(parse(body).entries[0].content).toBe('<p>hi</p>')
    expect(parse(body, { sanitize: false }).entries[0].content).toBe('<p onclick="x()">hi</p><script>alert(1)</script>')
  })
})
