import { describe, expect, it } from 'vitest'
import { billionLaughsXml, renderFeed, type FarmFormat } from '../../test/feedFarmBodies.ts'
import { decodeXmlText, sniffFeed } from './sniffFeed.ts'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('sniffFeed', () => {
  it.each(['rss', 'atom', 'json', 'rdf'] as FarmFormat[])('recognises %s and reads its title', (format) => {
    const body = renderFeed({ format, title: 'Tom & Jerry', feedUrl: 'http://x/feed', siteUrl: 'http://x/', entries: [{ title: 'first' }] })
    expect(sniffFeed(bytes(body))).toEqual({ type: format, title: 'Tom & Jerry' })
  })

  it('skips a BOM, comments, stylesheets and a DOCTYPE before the root', () => {
    const body = '\uFEFF  <?xml version="1.0"?>\n<!-- generator -->\n<?xml-stylesheet href="s.xsl"?>\n<!DOCTYPE rss [<!ENTITY x "y">]>\n<rss><channel><title><![CDATA[Cdata <b>Title</b>]]></title></channel></rss>'
    expect(sniffFeed(bytes(body))).toEqual({ type: 'rss', title: 'Cdata Title' })
  })

  it('recognises prefixed Atom roots and RDF', () => {
    expect(sniffFeed(bytes('<atom:feed xmlns:atom="http://www.w3.org/2005/Atom"><atom:title>A</atom:title></atom:feed>'))?.type).toBe('atom')
    expect(sniffFeed(bytes('<RDF:RDF></RDF:RDF>'))?.type).toBe('rdf')
  })

  it('does not expand entities (a billion laughs stays small)', () => {
    expect(sniffFeed(bytes(billionLaughsXml()))).toEqual({ type: 'rss', title: '&lol9;' })
  })

  it('says no to HTML, plain JSON, garbage and empty bodies', () => {
    expect(sniffFeed(bytes('<!doctype html><html><head><title>x</title></head></html>'))).toBeNull()
    expect(sniffFeed(bytes('{"version": 2, "title": "not a feed"}'))).toBeNull()
    expect(sniffFeed(bytes('{not json'))).toBeNull()
    expect(sniffFeed(new Uint8Array([0, 1, 2, 255, 254]))).toBeNull()
    expect(sniffFeed(new Uint8Array())).toBeNull()
  })

  it('decodes XML text', () => {
    expect(decodeXmlText('a &amp; b &lt;c&gt; &#233; &#x263A; &unknown;')).toBe('a & b <c> é ☺ &unknown;')
  })
})
