/**
 * @module parseOpml: subscription lists from OPML 1.0/2.0 exports, tolerant of what real readers write.
 *
 * Built on feedsmith's OPML parser (fast-xml-parser underneath, entity processing off, tag and
 * attribute names lower-cased so `xmlurl`/`XMLURL` work, HTML named entities decoded). On top:
 * byte decoding (BOM, prolog encoding), DOCTYPE stripped before parsing (no entity expansion can
 * happen), folders flattened to one category, `feed:` URLs fixed, invalid URLs and duplicates dropped.
 * The rules are written down in docs/opml.md.
 */
import type { Opml } from 'feedsmith'
import { feedsmith } from '../parser/feedsmith.ts'

/** Raised when the input is not an OPML document. */
export class OpmlError extends Error {
  override name = 'OpmlError'
}

export type OpmlOutline = { title: string; xmlUrl: string; htmlUrl: string | null; category: string | null }
export type ParsedOpml = { title: string | null; outlines: OpmlOutline[] }

type Outline = Opml.Outline<string>

/** Bytes to text: a BOM wins, then the prolog's encoding, then UTF-8. */
export function decodeXmlBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2))
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2))
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3))
  const prolog = new TextDecoder('latin1').decode(bytes.subarray(0, 200))
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/i.exec(prolog)?.[1]
  if (declared) {
    try {
      return new TextDecoder(declared).decode(bytes)
    } catch {
      // unknown label: fall through to UTF-8
    }
  }
  return new TextDecoder('utf-8').decode(bytes)
}

/** Removes the DOCTYPE (with any internal subset): OPML needs none, and entity definitions are attacks. */
function stripDoctype(text: string): string {
  return text.replace(/<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>/gi, '')
}

const clean = (value: string | undefined) => {
  const text = value?.replace(/\s+/g, ' ').trim()
  return text ? text : null
}

/** An http(s) URL from an OPML attribute; `feed:` is read as http; anything else is dropped. */
function normaliseUrl(value: string | undefined): string | null {
  const text = value?.trim()
  if (!text) return null
  const fixed = text.replace(/^feed:(\/\/)?/i, (_m, slashes: string | undefined) => (slashes ? 'http://' : ''))
  try {
    const url = new URL(fixed)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

/** OPML 2.0's `category` attribute ("/Tech/Rust,/News"): the first segment of the first path. */
function categoryAttribute(value: string | undefined): string | null {
  const first = value?.split(',')[0]?.split('/').map((s) => s.trim()).find(Boolean)
  return first ?? null
}

/** Parses an OPML document; throws `OpmlError` when it is not one. */
export function parseOpml(input: string | Uint8Array): ParsedOpml {
  const text = typeof input === 'string' ? input.replace(/^\uFEFF/, '') : decodeXmlBytes(input)
  if (!/<opml[\s>]/i.test(text)) throw new OpmlError('not an OPML document (no <opml> element)')
  let document: Opml.Document<string>
  try {
    document = feedsmith().parseOpml(stripDoctype(text))
  } catch (error) {
    throw new OpmlError('not a readable OPML document', { cause: error })
  }

  const outlines: OpmlOutline[] = []
  const seen = new Set<string>()
  const walk = (items: Outline[] | undefined, folder: string | null) => {
    for (const item of items ?? []) {
      if (item.isComment) continue
      const xmlUrl = normaliseUrl(item.xmlUrl)
      if (xmlUrl && !seen.has(xmlUrl)) {
        seen.add(xmlUrl)
        outlines.push({
          title: clean(item.title) ?? clean(item.text) ?? xmlUrl,
          xmlUrl,
          htmlUrl: normaliseUrl(item.htmlUrl),
          category: folder ?? categoryAttribute(item.category),
        })
      }
      // A folder names the category of everything below it; only the outermost folder counts.
      // Children of a feed outline (broken nesting) stay in the feed's own category.
      const isFolder = !item.xmlUrl
      walk(item.outlines, folder ?? (isFolder ? (clean(item.title) ?? clean(item.text)) : null))
    }
  }
  walk(document.body?.outlines, null)
  return { title: clean(document.head?.title), outlines }
}
