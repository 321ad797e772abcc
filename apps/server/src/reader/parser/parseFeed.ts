/**
 * The parse step of the feed pipeline (parseDocument: bytes → text (charset) → safe XML (no
 * DOCTYPE) or JSON → feedsmith's format-shaped feed), and parseFeed, the whole of parse →
 * normalize → sanitize in one call for the CLI and tests. The feed service runs the steps itself
 * (domains/feeds/service.ts `toFeed`).
 * @module
 */
import type { AnyFeed } from 'feedsmith'
import { lazily, requireModule } from '../../lib/lazyRequire.ts'
import { normalizeFeed } from '../normalize/normalizeFeed.ts'
import type { NormalizedFeed } from '../normalize/types.ts'
import { sanitizeHtml } from '../sanitizer/sanitizeHtml.ts'
import { decodeBody } from './decodeBody.ts'
import { feedsmith } from './feedsmith.ts'
import { FeedParseError } from './feedParseError.ts'
import { ensureRssChannel, neutralizeDoctype } from './prepareXml.ts'

export { FeedParseError } from './feedParseError.ts'

export type ParseFeedOptions = {
  /** The URL the document was fetched from: the base of relative links and NormalizedFeed.feedUrl. */
  feedUrl: string
  /** The HTTP Content-Type, for its charset. */
  contentType?: string | null
  /** Fetch time (default: now). */
  now?: Date
  /** Sanitize entry HTML (default true). Only benchmarks and diagnostics turn it off. */
  sanitize?: boolean
}

type Format = AnyFeed['format']

/** The local name of the document's root element, lower-cased (`rss`, `feed`, `rdf`, `html` …). */
function rootElement(xml: string): { name: string; index: number } | null {
  // Sticky: the tag must start exactly at the `<` found.
  const re = /<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)[\s/>]/y
  let i = 0
  while (i < xml.length) {
    const lt = xml.indexOf('<', i)
    if (lt === -1) return null
    const next = xml.charCodeAt(lt + 1)
    if (next === 0x3f /* ? */) {
      const end = xml.indexOf('?>', lt + 2)
      if (end === -1) return null
      i = end + 2
    } else if (next === 0x21 /* ! */) {
      const end = xml.startsWith('<!--', lt) ? xml.indexOf('-->', lt + 4) : xml.indexOf('>', lt + 2)
      if (end === -1) return null
      i = end + 1
    } else {
      re.lastIndex = lt
      const m = re.exec(xml)
      if (!m) return null
      return { name: m[2].toLowerCase(), index: lt }
    }
  }
  return null
}

const FORMAT_BY_ROOT: Record<string, Format> = { rss: 'rss', feed: 'atom', rdf: 'rdf', channel: 'rss' }

function parseXml(text: string): AnyFeed {
  // Junk before the document (a PHP warning, whitespace) is skipped.
  let xml = text
  const declaration = xml.slice(0, 4096).indexOf('<?xml')
  if (declaration > 0) xml = xml.slice(declaration)
  xml = neutralizeDoctype(xml)
  const root = rootElement(xml)
  if (!root) throw new FeedParseError('no XML root element')
  if (root.index > 0 && declaration !== 0) xml = xml.slice(root.index)
  const format = FORMAT_BY_ROOT[root.name]
  if (!format) throw new FeedParseError(`not a feed: root element <${root.name}>`)
  // A bare <channel> root (RSS without the <rss> wrapper) is wrapped.
  if (root.name === 'channel') xml = `<rss version="2.0">${xml}</rss>`
  if (format === 'rss') xml = ensureRssChannel(xml)
  try {
    return parseAs(format, xml)
  } catch (error) {
    if (!(error instanceof feedsmith().MalformedError)) throw error
    // Not well-formed (mismatched or unclosed tags): let a forgiving parser re-serialize it and retry once.
    try {
      return parseAs(format, repairXml(xml))
    } catch {
      throw new FeedParseError(`malformed XML: ${(error.cause as Error | undefined)?.message ?? error.message}`, { cause: error })
    }
  }
}

function parseAs(format: Format, xml: string): AnyFeed {
  try {
    if (format === 'rss') return { format, feed: feedsmith().parseRssFeed(xml) }
    if (format === 'atom') return { format, feed: feedsmith().parseAtomFeed(xml) }
    return { format: 'rdf', feed: feedsmith().parseRdfFeed(xml) }
  } catch (error) {
    // The root says "feed" but feedsmith found none of the elements it maps (an empty channel,
    // only unknown extensions): that is an empty feed, not a broken one.
    if (error instanceof feedsmith().ParseError || error instanceof feedsmith().DetectError) return { format, feed: {} } as AnyFeed
    throw error
  }
}

/** linkedom, loaded when a broken document first needs it. */
const linkedom = lazily(() => requireModule<typeof import('linkedom')>('linkedom'))

/** Re-serializes XML through linkedom's lenient XML parser, which closes what was left open. */
function repairXml(xml: string): string {
  return new (linkedom().DOMParser)().parseFromString(xml, 'text/xml').toString()
}

function parseJson(text: string): AnyFeed {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new FeedParseError(`invalid JSON: ${(error as Error).message}`, { cause: error })
  }
  // A JSON object with an `items` array is read as JSON Feed even when its `version` is not the
  // jsonfeed.org URL (`"1.1"` is common); feedsmith only recognises the URL.
  if (json !== null && typeof json === 'object' && Array.isArray((json as { items?: unknown }).items)) {
    const version = (json as { version?: unknown }).version
    if (typeof version !== 'string' || !version.includes('jsonfeed.org/version/')) {
      json = { ...json, version: 'https://jsonfeed.org/version/1.1' }
    }
  }
  try {
    return { format: 'json', feed: feedsmith().parseJsonFeed(json) }
  } catch (error) {
    throw new FeedParseError(`not a JSON Feed: ${(error as Error).message}`, { cause: error })
  }
}

/**
 * The parse step: a feed body (RSS 0.9x/1.0/2.0, Atom 0.3/1.0, JSON Feed 1.0/1.1) as feedsmith
 * reads it; throws FeedParseError if it is not one.
 */
export function parseDocument(body: Uint8Array | string, contentType?: string | null): AnyFeed {
  // Control characters are not scanned for here (a pass over every byte): the text fields strip
  // them (htmlToText, titles, guid) and so does the sanitizer for content.
  const text = decodeBody(body, contentType)
  const start = text.search(/\S/)
  if (start === -1) throw new FeedParseError('empty document')
  return text.charCodeAt(start) === 0x7b /* { */ ? parseJson(text) : parseXml(start > 0 ? text.slice(start) : text)
}

/**
 * The sanitize step, as normalize applies it: to each entry's HTML, with the URL that entry's
 * relative links resolve against (only normalize knows it: xml:base, the entry's link…).
 */
export function sanitizeEntryHtml(html: string, baseUrl: string | null): string {
  return sanitizeHtml(html, baseUrl ?? undefined)
}

/** Parses a feed body into a NormalizedFeed (parse → normalize → sanitize); throws FeedParseError if it is not one. */
export function parseFeed(body: Uint8Array | string, opts: ParseFeedOptions): NormalizedFeed {
  return normalizeFeed(parseDocument(body, opts.contentType), {
    feedUrl: opts.feedUrl,
    now: opts.now ?? new Date(),
    sanitize: opts.sanitize === false ? undefined : sanitizeEntryHtml,
  })
}
