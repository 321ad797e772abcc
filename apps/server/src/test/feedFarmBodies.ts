/**
 * @module Bodies the loopback feed farm serves: feeds in four formats generated from a small spec,
 * hostile XML (entity bombs, external entities), legacy encodings and an HTML site for discovery.
 */

export type FarmFormat = 'rss' | 'atom' | 'json' | 'rdf'

/** One entry of a generated feed; everything optional so a test writes only what it checks. */
export type FarmEntry = {
  id?: string
  title?: string
  url?: string
  content?: string
  summary?: string
  published?: string | Date
  author?: string
  /** Adds media:content (RSS/Atom/RDF) or `image` (JSON Feed) for picture-view tests. */
  image?: { url: string; type?: string; width?: number; height?: number }
  /** Adds an enclosure (podcast/video tests). */
  enclosure?: { url: string; type: string; length?: number }
}

export type FarmFeed = {
  format: FarmFormat
  title: string
  feedUrl: string
  siteUrl: string
  description?: string
  entries: FarmEntry[]
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/** Escapes text for XML content and attribute values. */
export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c])
}

const iso = (d: string | Date | undefined, fallback: Date) => new Date(d ?? fallback).toISOString()
const rfc822 = (d: string | Date | undefined, fallback: Date) => new Date(d ?? fallback).toUTCString()

/** Fills the blanks of an entry deterministically from its index. */
function complete(entry: FarmEntry, index: number, feed: FarmFeed) {
  const fallbackDate = new Date(Date.UTC(2024, 0, 1) + index * 3_600_000)
  return {
    ...entry,
    id: entry.id ?? `${feed.feedUrl}#${index}`,
    title: entry.title ?? `Entry ${index}`,
    url: entry.url ?? `${feed.siteUrl.replace(/\/$/, '')}/posts/${index}`,
    content: entry.content ?? `<p>Body of entry ${index}.</p>`,
    fallbackDate,
  }
}

function mediaXml(entry: FarmEntry): string {
  let xml = ''
  if (entry.image) {
    const { url, type = 'image/jpeg', width, height } = entry.image
    const size = `${width ? ` width="${width}"` : ''}${height ? ` height="${height}"` : ''}`
    xml += `<media:content url="${xmlEscape(url)}" type="${xmlEscape(type)}" medium="image"${size}/>`
  }
  return xml
}

function renderRss(feed: FarmFeed): string {
  const items = feed.entries.map((raw, i) => {
    const e = complete(raw, i, feed)
    const enclosure = e.enclosure
      ? `<enclosure url="${xmlEscape(e.enclosure.url)}" type="${xmlEscape(e.enclosure.type)}" length="${e.enclosure.length ?? 0}"/>`
      : ''
    return `<item><title>${xmlEscape(e.title)}</title><link>${xmlEscape(e.url)}</link><guid isPermaLink="false">${xmlEscape(e.id)}</guid><pubDate>${rfc822(e.published, e.fallbackDate)}</pubDate>${e.author ? `<dc:creator>${xmlEscape(e.author)}</dc:creator>` : ''}${e.summary ? `<description>${xmlEscape(e.summary)}</description>` : ''}<content:encoded>${xmlEscape(e.content)}</content:encoded>${mediaXml(e)}${enclosure}</item>`
  })
  return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>${xmlEscape(feed.title)}</title><link>${xmlEscape(feed.siteUrl)}</link><atom:link href="${xmlEscape(feed.feedUrl)}" rel="self" type="application/rss+xml"/><description>${xmlEscape(feed.description ?? '')}</description>
${items.join('\n')}
</channel></rss>
`
}

function renderAtom(feed: FarmFeed): string {
  const updated = feed.entries.length ? complete(feed.entries[0], 0, feed).fallbackDate : new Date(Date.UTC(2024, 0, 1))
  const entries = feed.entries.map((raw, i) => {
    const e = complete(raw, i, feed)
    const enclosure = e.enclosure
      ? `<link rel="enclosure" href="${xmlEscape(e.enclosure.url)}" type="${xmlEscape(e.enclosure.type)}" length="${e.enclosure.length ?? 0}"/>`
      : ''
    return `<entry><id>${xmlEscape(e.id)}</id><title>${xmlEscape(e.title)}</title><link rel="alternate" href="${xmlEscape(e.url)}"/><published>${iso(e.published, e.fallbackDate)}</published><updated>${iso(e.published, e.fallbackDate)}</updated>${e.author ? `<author><name>${xmlEscape(e.author)}</name></author>` : ''}${e.summary ? `<summary>${xmlEscape(e.summary)}</summary>` : ''}<content type="html">${xmlEscape(e.content)}</content>${mediaXml(e)}${enclosure}</entry>`
  })
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/"><title>${xmlEscape(feed.title)}</title><id>${xmlEscape(feed.feedUrl)}</id><updated>${updated.toISOString()}</updated><link rel="self" href="${xmlEscape(feed.feedUrl)}"/><link rel="alternate" href="${xmlEscape(feed.siteUrl)}"/>${feed.description ? `<subtitle>${xmlEscape(feed.description)}</subtitle>` : ''}
${entries.join('\n')}
</feed>
`
}

function renderRdf(feed: FarmFeed): string {
  const completed = feed.entries.map((raw, i) => complete(raw, i, feed))
  const seq = completed.map((e) => `<rdf:li rdf:resource="${xmlEscape(e.url)}"/>`).join('')
  const items = completed.map(
    (e) =>
      `<item rdf:about="${xmlEscape(e.url)}"><title>${xmlEscape(e.title)}</title><link>${xmlEscape(e.url)}</link><dc:date>${iso(e.published, e.fallbackDate)}</dc:date><description>${xmlEscape(e.summary ?? e.content)}</description>${mediaXml(e)}</item>`,
  )
  return `<?xml version="1.0" encoding="utf-8"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/"><channel rdf:about="${xmlEscape(feed.feedUrl)}"><title>${xmlEscape(feed.title)}</title><link>${xmlEscape(feed.siteUrl)}</link><description>${xmlEscape(feed.description ?? '')}</description><items><rdf:Seq>${seq}</rdf:Seq></items></channel>
${items.join('\n')}
</rdf:RDF>
`
}

function renderJson(feed: FarmFeed): string {
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: feed.title,
    home_page_url: feed.siteUrl,
    feed_url: feed.feedUrl,
    ...(feed.description ? { description: feed.description } : {}),
    items: feed.entries.map((raw, i) => {
      const e = complete(raw, i, feed)
      return {
        id: e.id,
        url: e.url,
        title: e.title,
        content_html: e.content,
        ...(e.summary ? { summary: e.summary } : {}),
        date_published: iso(e.published, e.fallbackDate),
        ...(e.author ? { authors: [{ name: e.author }] } : {}),
        ...(e.image ? { image: e.image.url } : {}),
        ...(e.enclosure
          ? { attachments: [{ url: e.enclosure.url, mime_type: e.enclosure.type, size_in_bytes: e.enclosure.length }] }
          : {}),
      }
    }),
  })
}

/** Serializes a feed in its format. */
export function renderFeed(feed: FarmFeed): string {
  switch (feed.format) {
    case 'rss':
      return renderRss(feed)
    case 'atom':
      return renderAtom(feed)
    case 'rdf':
      return renderRdf(feed)
    case 'json':
      return renderJson(feed)
  }
}

/** The Content-Type each format is served with. */
export const FORMAT_CONTENT_TYPES: Record<FarmFormat, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  rdf: 'application/rdf+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
}

/** Classic "billion laughs": ten levels of ten references, 3 GB once expanded, under 1 KB on the wire. */
export function billionLaughsXml(): string {
  const levels = ['<!ENTITY lol0 "lol">']
  for (let i = 1; i <= 9; i++) levels.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`)
  return `<?xml version="1.0"?>
<!DOCTYPE rss [
${levels.join('\n')}
]>
<rss version="2.0"><channel><title>&lol9;</title><item><title>&lol9;</title></item></channel></rss>
`
}

/** Quadratic blowup: one 20 000-character entity referenced 20 000 times (400 MB expanded, ~100 KB sent). */
export function quadraticBlowupXml(): string {
  return `<?xml version="1.0"?>
<!DOCTYPE rss [<!ENTITY a "${'a'.repeat(20_000)}">]>
<rss version="2.0"><channel><title>Quadratic</title><item><title>${'&a;'.repeat(20_000)}</title></item></channel></rss>
`
}

/** External entities pointing at a local file and at a farm URL (whose hit counter proves a leak). */
export function externalEntityXml(leakUrl: string): string {
  return `<?xml version="1.0"?>
<!DOCTYPE rss [
<!ENTITY file SYSTEM "file:///etc/passwd">
<!ENTITY remote SYSTEM "${xmlEscape(leakUrl)}">
]>
<rss version="2.0"><channel><title>XXE &file;</title><link>http://example.com/</link><description>&remote;</description><item><title>&file;</title><description>&remote;</description></item></channel></rss>
`
}

// Windows-1252 differs from Latin-1 only in 0x80–0x9F; these are the printable ones there.
const CP1252_HIGH: Record<string, number> = {
  '€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, '‰': 0x89,
  'Š': 0x8a, '‹': 0x8b, 'Œ': 0x8c, 'Ž': 0x8e, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95,
  '–': 0x96, '—': 0x97, '˜': 0x98, '™': 0x99, 'š': 0x9a, '›': 0x9b, 'œ': 0x9c, 'ž': 0x9e, 'Ÿ': 0x9f,
}

/** Encodes text as windows-1252 ('?' for what it cannot carry). */
export function encodeWindows1252(text: string): Uint8Array {
  const out = new Uint8Array(text.length)
  let n = 0
  for (const ch of text) {
    const code = ch.codePointAt(0)!
    out[n++] = CP1252_HIGH[ch] ?? (code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : 0x3f)
  }
  return out.subarray(0, n)
}

/** Text with characters that differ between UTF-8, Latin-1 and windows-1252. */
export const LEGACY_SAMPLE_TITLE = 'Café “quotes” – 5 € naïve'

/** An RSS body in windows-1252; `declareInXml` puts the charset in the XML prolog. */
export function windows1252Rss(declareInXml: boolean): Uint8Array {
  const prolog = declareInXml ? '<?xml version="1.0" encoding="windows-1252"?>' : '<?xml version="1.0"?>'
  return encodeWindows1252(`${prolog}
<rss version="2.0"><channel><title>${LEGACY_SAMPLE_TITLE}</title><link>http://example.com/</link><description>Légère</description><item><title>${LEGACY_SAMPLE_TITLE}</title><guid>legacy-1</guid><description>Crème brûlée — déjà vu</description></item></channel></rss>
`)
}

/** A blog page for discovery tests: `<link rel=alternate>` tags, feed-looking anchors, an optional `<base>`. */
export function sitePageHtml(options: {
  title: string
  alternates: { href: string; type: string; title?: string }[]
  anchors?: string[]
  baseHref?: string
}): string {
  const links = options.alternates
    .map((a) => `<link rel="alternate" type="${xmlEscape(a.type)}" href="${xmlEscape(a.href)}"${a.title ? ` title="${xmlEscape(a.title)}"` : ''}>`)
    .join('\n    ')
  const anchors = (options.anchors ?? []).map((href) => `<li><a href="${xmlEscape(href)}">${xmlEscape(href)}</a></li>`).join('')
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>${xmlEscape(options.title)}</title>
    ${options.baseHref ? `<base href="${xmlEscape(options.baseHref)}">` : ''}
    ${links}
    <link rel="stylesheet" href="/style.css">
  </head>
  <body><h1>${xmlEscape(options.title)}</h1><ul>${anchors}</ul><article><p>Hello.</p></article></body>
</html>
`
}

/** A long article page for readability tests. */
export function articlePageHtml(title: string, paragraphs: number): string {
  const body = Array.from(
    { length: paragraphs },
    (_, i) => `<p>Paragraph ${i + 1} of the article about ${xmlEscape(title)}. It is long enough to look like prose, with sentences, commas, and a point of view that a reader would want to keep.</p>`,
  ).join('\n')
  return `<!doctype html><html><head><title>${xmlEscape(title)} | Farm Blog</title><meta property="og:site_name" content="Farm Blog"></head>
<body><nav><a href="/">Home</a> <a href="/about">About</a></nav>
<main><article><h1>${xmlEscape(title)}</h1><p class="byline">By Ada Farmer</p>
${body}
</article></main><footer>© Farm Blog — <a href="/privacy">Privacy</a></footer></body></html>`
}
