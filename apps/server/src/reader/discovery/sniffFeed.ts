/**
 * @module Cheap content sniffing: is this body a feed, which kind, and what is its title?
 * Looks at the root element (or JSON Feed's `version`) only; never expands entities or DTDs.
 */

export type FeedType = 'rss' | 'atom' | 'json' | 'rdf'

const SNIFF_BYTES = 64 * 1024

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

/** Decodes the five XML entities and numeric references; anything else is left as written. */
export function decodeXmlText(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
      if (ref[0] !== '#') return ENTITIES[ref.toLowerCase()] ?? whole
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1))
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    })
}

/** The name of the root element, after the prolog, comments, PIs and any DOCTYPE. */
function rootElement(text: string): string | null {
  const rest = text
    .replace(/^\uFEFF/, '')
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/i, '')
    .trimStart()
  const match = /^<([A-Za-z_][\w:.-]*)/.exec(rest)
  return match ? match[1] : null
}

function xmlTitle(text: string): string | null {
  const match = /<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(text)
  if (!match) return null
  const title = decodeXmlText(match[1]).replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim()
  return title || null
}

/** Sniffs a fetched body; null when it is not a feed (HTML, plain JSON, garbage). */
export function sniffFeed(body: Uint8Array): { type: FeedType; title: string | null } | null {
  const head = new TextDecoder('utf-8').decode(body.subarray(0, SNIFF_BYTES)).replace(/^\uFEFF/, '')
  const start = head.trimStart()
  if (start.startsWith('{')) {
    try {
      const json = JSON.parse(new TextDecoder('utf-8').decode(body).replace(/^\uFEFF/, '')) as Record<string, unknown>
      if (typeof json.version === 'string' && json.version.includes('jsonfeed.org')) {
        return { type: 'json', title: typeof json.title === 'string' && json.title.trim() ? json.title.trim() : null }
      }
    } catch {
      // not JSON after all
    }
    return null
  }
  const root = rootElement(start)
  if (!root) return null
  const name = root.toLowerCase()
  if (name === 'rss') return { type: 'rss', title: xmlTitle(start) }
  if (name === 'feed' || name.endsWith(':feed')) return { type: 'atom', title: xmlTitle(start) }
  if (name === 'rdf:rdf' || name.endsWith(':rdf') || name === 'rdf') return { type: 'rdf', title: xmlTitle(start) }
  return null
}
