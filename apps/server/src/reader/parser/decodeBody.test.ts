import { describe, expect, it } from 'vitest'
import { charsetFromContentType, decodeBody, encodingFor } from './decodeBody.ts'
import { parseFeed } from './parseFeed.ts'

const ascii = (s: string) => new TextEncoder().encode(s)
const concat = (...parts: (Uint8Array | number[])[]) => {
  const out: number[] = []
  for (const p of parts) out.push(...p)
  return new Uint8Array(out)
}
/** An RSS document whose item title is given as raw bytes. */
function rssBytes(declaration: string, titleBytes: number[]): Uint8Array {
  return concat(
    ascii(`${declaration}<rss version="2.0"><channel><title>t</title><item><title>`),
    titleBytes,
    ascii('</title><guid>1</guid></item></channel></rss>'),
  )
}
function utf16(text: string, bigEndian: boolean, bom: boolean): Uint8Array {
  const out: number[] = bom ? (bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]) : []
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (bigEndian) out.push(c >> 8, c & 0xff)
    else out.push(c & 0xff, c >> 8)
  }
  return new Uint8Array(out)
}
const title = (body: Uint8Array, contentType?: string) => parseFeed(body, { feedUrl: 'https://example.com/feed', contentType }).entries[0].title

// "Привет" in KOI8-R, "Café “quoted” €" in Windows-1252.
const KOI8_PRIVET = [0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4]
const CP1252_CAFE = [0x43, 0x61, 0x66, 0xe9, 0x20, 0x93, 0x71, 0x94, 0x20, 0x80]

describe('charset decoding', () => {
  it('windows-1252 declared in the XML declaration', () => {
    expect(title(rssBytes('<?xml version="1.0" encoding="windows-1252"?>', CP1252_CAFE))).toBe('Café “q” €')
  })

  it('iso-8859-1 declared in the XML declaration (decoded as its Windows-1252 superset, like browsers)', () => {
    expect(title(rssBytes("<?xml version='1.0' encoding='ISO-8859-1'?>", [0x4e, 0x61, 0xef, 0x76, 0x65]))).toBe('Naïve')
  })

  it('koi8-r declared in the XML declaration', () => {
    expect(title(rssBytes('<?xml version="1.0" encoding="KOI8-R"?>', KOI8_PRIVET))).toBe('Привет')
  })

  it('koi8-r given only by the Content-Type header', () => {
    expect(title(rssBytes('<?xml version="1.0"?>', KOI8_PRIVET), 'application/rss+xml; charset=koi8-r')).toBe('Привет')
    expect(title(rssBytes('', KOI8_PRIVET), 'text/xml;charset="KOI8-R"')).toBe('Привет')
  })

  it('the Content-Type charset wins over the XML declaration', () => {
    expect(title(rssBytes('<?xml version="1.0" encoding="iso-8859-1"?>', KOI8_PRIVET), 'text/xml; charset=koi8-r')).toBe('Привет')
  })

  it('UTF-16 with a byte-order mark, little and big endian', () => {
    const doc = '<?xml version="1.0" encoding="UTF-16"?><rss version="2.0"><channel><title>t</title><item><title>Grüße 日本</title></item></channel></rss>'
    expect(title(utf16(doc, false, true))).toBe('Grüße 日本')
    expect(title(utf16(doc, true, true))).toBe('Grüße 日本')
  })

  it('UTF-16 without a byte-order mark is recognised from the NUL bytes', () => {
    const doc = '<rss version="2.0"><channel><title>t</title><item><title>Grüße</title></item></channel></rss>'
    expect(title(utf16(doc, false, false))).toBe('Grüße')
    expect(title(utf16(doc, true, false))).toBe('Grüße')
  })

  it('UTF-8 with a byte-order mark', () => {
    expect(title(concat([0xef, 0xbb, 0xbf], rssBytes('<?xml version="1.0"?>', [...new TextEncoder().encode('Ünïcödé')])))).toBe('Ünïcödé')
  })

  it('a UTF-8 document wrongly served as ISO-8859-1 but declaring UTF-8 is read as UTF-8', () => {
    const body = rssBytes('<?xml version="1.0" encoding="utf-8"?>', [...new TextEncoder().encode('Café')])
    expect(title(body, 'text/xml; charset=iso-8859-1')).toBe('Café')
  })

  it('bytes that are not UTF-8 under a UTF-8 header fall back to the declared encoding, else Windows-1252', () => {
    expect(title(rssBytes('<?xml version="1.0" encoding="koi8-r"?>', KOI8_PRIVET), 'text/xml; charset=utf-8')).toBe('Привет')
    expect(title(rssBytes('', CP1252_CAFE))).toBe('Café “q” €')
  })

  it('ignores unknown labels', () => {
    expect(title(rssBytes('<?xml version="1.0" encoding="x-made-up"?>', [...new TextEncoder().encode('ok é')]), 'text/xml; charset=bogus')).toBe('ok é')
  })

  it('passes strings through, minus a BOM', () => {
    expect(decodeBody('\ufeff<rss/>')).toBe('<rss/>')
  })

  it('reads labels and Content-Type parameters', () => {
    expect(encodingFor('latin1')).toBe('windows-1252')
    expect(encodingFor('nope')).toBeNull()
    expect(charsetFromContentType('text/xml; Charset="UTF-8"; foo=bar')).toBe('UTF-8')
    expect(charsetFromContentType('text/xml')).toBeNull()
  })
})
