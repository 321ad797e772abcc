/**
 * The sanitizer step of the feed pipeline: an allow-list (allowList.ts) that keeps the semantic
 * HTML of articles and removes everything that can run code, load a form, restyle or overlay the
 * reader, or leave the page (see the rules in the tests beside this file).
 *
 * One streaming pass, writing the output as the events come: scanHtml.ts, a scan that gives the
 * events htmlparser2's parser would give, or for the rare input it leaves alone, htmlparser2's
 * parser itself. It applies
 * exactly the algorithm Brook ran through sanitize-html (kept as sanitizeHtmlBaseline.ts), with the
 * same parser version, so the output is the same byte for byte — the differential test checks that
 * on every corpus and generated document — but without what made the library slow for this use:
 * options merged and attribute maps rebuilt on every call, a parser and two closures per element,
 * five regex passes to escape each piece of text, srcset parsed twice. What the scan reports
 * unchanged (plain text, tags already written the way Brook writes them) is copied from the input
 * as whole slices rather than rebuilt piece by piece.
 * @module
 */
import { lazily, requireModule } from '../../lib/lazyRequire.ts'
import { resolveUrl } from '../normalize/resolveUrl.ts'
import { stripControls } from './htmlToText.ts'
import { NO_ATTRIBUTES, scanHtml, type ScanSink } from './scanHtml.ts'
import {
  ALLOWED_ATTRIBUTES, ALLOWED_TAGS, IFRAME_HOSTS, IFRAME_SANDBOX, NON_TEXT_TAGS, SAFE_DATA_IMAGE, SCHEMES_BY_TAG,
  SELF_CLOSING, URL_ATTRIBUTES, URL_SCHEMES, cleanSrcset,
} from './allowList.ts'

/** htmlparser2 (30 modules), loaded the first time the fast scan leaves an input to it, not at start-up. */
const htmlparser2 = lazily(() => requireModule<typeof import('htmlparser2')>('htmlparser2'))

export { htmlToText, stripControls } from './htmlToText.ts'
export { ALLOWED_TAGS, IFRAME_HOSTS, cleanSrcset } from './allowList.ts'

type Attribs = Record<string, string>

const allowedTags = new Set(ALLOWED_TAGS)
const nonTextTags = new Set(NON_TEXT_TAGS)
const selfClosing = new Set(SELF_CLOSING)
const urlAttributes = new Set(URL_ATTRIBUTES)
const iframeHosts = new Set(IFRAME_HOSTS)
const globalAttributes = new Set(ALLOWED_ATTRIBUTES['*'])
const attributesByTag = new Map(Object.entries(ALLOWED_ATTRIBUTES).map(([tag, names]) => [tag, new Set(names)]))
const schemesByTag = new Map(Object.entries(SCHEMES_BY_TAG).map(([tag, schemes]) => [tag, new Set(schemes)]))
const defaultSchemes = new Set(URL_SCHEMES)

/** A valid attribute name (HTML's attribute-name state without parse errors), as sanitize-html checks it. */
const VALID_ATTRIBUTE_NAME = /^[^\0\t\n\f\r /<=>]+$/
/**
 * Attributes that cannot be boolean: an empty value drops them (`alt=""` excepted). The part of
 * sanitize-html's list that can meet Brook's allow-list (event handlers never pass it anyway).
 */
export const NON_BOOLEAN: ReadonlySet<string> = new Set([
  'abbr', 'cite', 'datetime', 'dir', 'headers', 'height', 'href', 'hreflang', 'kind', 'label', 'lang', 'loading',
  'media', 'name', 'poster', 'preload', 'referrerpolicy', 'rel', 'sandbox', 'scope', 'sizes', 'span', 'src',
  'srclang', 'srcset', 'start', 'target', 'title', 'type', 'value', 'width', 'colspan', 'rowspan',
])

// What needs escaping, and control characters, which are dropped from the output (NUL included,
// which PostgreSQL text cannot hold): one test per piece finds both; the rare piece that has any
// is then fixed with plain-string replacements (a replace with a callback costs more than the test).
// eslint-disable-next-line no-control-regex -- control characters are looked for on purpose
const TEXT_SPECIALS = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/
// eslint-disable-next-line no-control-regex -- control characters are looked for on purpose
const ATTR_SPECIALS = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/
// eslint-disable-next-line no-control-regex -- control characters are looked for on purpose
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/g

function escapeSpecials(s: string): string {
  CONTROLS.lastIndex = 0
  if (CONTROLS.test(s)) s = s.replace(CONTROLS, '')
  if (s.includes('&')) s = s.replaceAll('&', '&amp;')
  if (s.includes('<')) s = s.replaceAll('<', '&lt;')
  if (s.includes('>')) s = s.replaceAll('>', '&gt;')
  return s
}

const escapeText = (s: string) => (TEXT_SPECIALS.test(s) ? escapeSpecials(s) : s)
const escapeAttr = (s: string) => {
  if (!ATTR_SPECIALS.test(s)) return s
  s = escapeSpecials(s)
  return s.includes('"') ? s.replaceAll('"', '&quot;') : s
}

// eslint-disable-next-line no-control-regex -- browsers ignore these characters inside URLs
const IGNORED_IN_URL = /[\x00-\x20]+/g
// eslint-disable-next-line no-control-regex -- browsers ignore these characters inside URLs
const HAS_IGNORED_IN_URL = /[\x00-\x20]/
const SCHEME = /^([a-zA-Z][a-zA-Z0-9.\-+]*):/

/** Whether `href` uses a scheme the element may not use (after removing what browsers ignore). */
function naughtyHref(tag: string, href: string): boolean {
  // Every element may use http(s), and nothing later in the value can change a scheme written first.
  if (href.startsWith('https://') || href.startsWith('http://')) return false
  if (HAS_IGNORED_IN_URL.test(href)) href = href.replace(IGNORED_IN_URL, '')
  // Comments inside a URL, which an XML data island would drop.
  for (;;) {
    const first = href.indexOf('<!--')
    if (first === -1) break
    const last = href.indexOf('-->', first + 4)
    if (last === -1) break
    href = href.slice(0, first) + href.slice(last + 3)
  }
  const m = SCHEME.exec(href)
  if (!m) return false // relative, or protocol-relative (allowed)
  return !(schemesByTag.get(tag) ?? defaultSchemes).has(m[1].toLowerCase())
}

/** A base far from the root, so any reasonable relative reference resolves and stays recognizable. */
const RELATIVE_BASE = `relative://relative-site${Array.from({ length: 100 }, (_, i) => `/${i}`).join('')}`

/** Whether an iframe src is an absolute URL on an allowed host (relative frames are refused). */
function allowedFrame(value: string): boolean {
  value = value.replace(/^(\w+:)?\s*[\\/]\s*[\\/]/, '$1//')
  if (value.startsWith('relative:')) return false
  const url = URL.parse(value, RELATIVE_BASE)
  if (!url) return false
  if (url.hostname === 'relative-site' && url.protocol === 'relative:') return false
  return iframeHosts.has(url.hostname)
}

const NON_NEGATIVE_INTEGER = /^\d+$/
const FLOATING_POINT = /^-?(?:[0-9]+|[0-9]*\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/
const SRCSET_SPACE = /[ \t\n\r\f]/

/**
 * A cleaned srcset in its canonical form (WHATWG descriptors: `Nw` with N > 0, `Fx`; a candidate
 * with any other descriptor is dropped), or '' when no candidate is left.
 */
function canonicalSrcset(cleaned: string): string {
  const out: string[] = []
  for (const candidate of cleaned.split(', ')) {
    const space = candidate.search(SRCSET_SPACE)
    if (space === -1) {
      out.push(candidate)
      continue
    }
    const url = candidate.slice(0, space)
    const desc = candidate.slice(space + 1)
    const unit = desc[desc.length - 1]
    const value = desc.slice(0, -1)
    if (unit === 'w' && NON_NEGATIVE_INTEGER.test(value)) {
      const w = Number.parseInt(value, 10)
      if (w !== 0) out.push(`${url} ${w}w`)
    } else if (unit === 'x' && FLOATING_POINT.test(value)) {
      const d = Number.parseFloat(value)
      if (d >= 0) out.push(d ? `${url} ${d}x` : url)
    }
  }
  return out.join(', ')
}

/** The media rules: src, poster and srcset resolved; srcset candidates only http(s). */
function resolveAttr(attribs: Attribs, name: string, baseUrl: string | undefined): void {
  const value = attribs[name]
  if (value === undefined) return
  const resolved = resolveUrl(value, baseUrl)
  if (resolved === null) delete attribs[name]
  else attribs[name] = resolved
}

function transformMedia(attribs: Attribs, baseUrl: string | undefined): void {
  resolveAttr(attribs, 'src', baseUrl)
  resolveAttr(attribs, 'poster', baseUrl)
  if (attribs.srcset !== undefined) {
    const cleaned = cleanSrcset(attribs.srcset, baseUrl)
    if (cleaned) attribs.srcset = cleaned
    else delete attribs.srcset
  }
}

/** Rewrites the attributes of an allowed element the way the policy asks (URLs, forced rel/target/sandbox). */
function transform(tag: string, attribs: Attribs, baseUrl: string | undefined): void {
  switch (tag) {
    case 'a':
      resolveAttr(attribs, 'href', baseUrl)
      // rel keeps its place, target goes last (a delete only when there is one: it slows the object down).
      if (attribs.target !== undefined) delete attribs.target
      attribs.rel = 'noopener noreferrer'
      attribs.target = '_blank'
      return
    case 'img': {
      transformMedia(attribs, baseUrl)
      const src = attribs.src
      if (src !== undefined && /^\s*data:/i.test(src) && !SAFE_DATA_IMAGE.test(src.trim())) delete attribs.src
      return
    }
    case 'source':
    case 'video':
    case 'audio':
    case 'track':
      transformMedia(attribs, baseUrl)
      return
    case 'iframe':
      transformMedia(attribs, baseUrl)
      attribs.sandbox = IFRAME_SANDBOX
      delete attribs.srcdoc
      return
    case 'blockquote':
      resolveAttr(attribs, 'cite', baseUrl)
  }
}

/** What the sanitizer knows of an allowed element, in one lookup. */
type Allowed = {
  /** The start tag written when the element keeps no attribute (`<p>`, `<br />`). */
  bare: string
  /** The end tag (`</p>`), '' for void elements. */
  end: string
  selfClosing: boolean
  own: ReadonlySet<string> | undefined
  /** Whether the policy adds attributes (`rel`/`target`, `sandbox`) or may drop the element. */
  special: boolean
}
const allowed = new Map<string, Allowed>(
  ALLOWED_TAGS.map((tag) => {
    const closes = selfClosing.has(tag)
    return [tag, { bare: closes ? `<${tag} />` : `<${tag}>`, end: closes ? '' : `</${tag}>`, selfClosing: closes, own: attributesByTag.get(tag), special: tag === 'a' || tag === 'iframe' || tag === 'img' }]
  }),
)

/** What every link ends with (the forced rel and target). */
const LINK_TAIL = ' rel="noopener noreferrer" target="_blank">'

/** An open element's mark on the sanitizer's stack: dropped (its tags are not written), or written. */
const SKIPPED = -1
const WRITTEN = -2
// Any mark ≥ 0 is an element written at that output position that goes away entirely at its end.

/**
 * The state of one sanitize call; one instance serves every call (the work is synchronous). The
 * output is built as a rope; what the fast scan reports unchanged from the input (plain text, tags
 * written as Brook writes them) is kept as one pending span of the input and appended as a single slice.
 */
class Sanitizer implements ScanSink {
  result = ''
  html = ''
  /** The pending span of the input, [pendingFrom, pendingTo), not yet appended to `result`. */
  pendingFrom = -1
  pendingTo = -1
  baseUrl: string | undefined = undefined
  tags: string[] = []
  marks: number[] = []
  /** Inside a disallowed element whose content goes too: how many open elements deep. */
  skipTextDepth = 0
  /** Attribute names come from scanHtml, which reads only valid ones (htmlparser2 reads any). */
  namesChecked = false

  reset(html: string, baseUrl: string | undefined): void {
    this.result = ''
    this.html = html
    this.pendingFrom = this.pendingTo = -1
    this.baseUrl = baseUrl
    this.tags.length = 0
    this.marks.length = 0
    this.skipTextDepth = 0
  }

  /** Appends the pending span of the input. */
  flush(): void {
    if (this.pendingTo > this.pendingFrom) this.result += this.html.slice(this.pendingFrom, this.pendingTo)
    this.pendingFrom = this.pendingTo = -1
  }

  /** Writes the input's [from, to) as is. */
  copy(from: number, to: number): void {
    if (from === this.pendingTo) {
      this.pendingTo = to
      return
    }
    this.flush()
    this.pendingFrom = from
    this.pendingTo = to
  }

  /** Writes `out`, which the input has as is at [from, to) when from ≥ 0 and the two are equal. */
  write(out: string, from: number, to: number): void {
    if (from >= 0 && to - from === out.length && this.html.startsWith(out, from)) this.copy(from, to)
    else {
      this.flush()
      this.result += out
    }
  }

  wantsAttributes(name: string): boolean {
    return allowedTags.has(name)
  }

  onopentag(name: string, attribs: Attribs, from = -1, to = -1): void {
    if (this.skipTextDepth > 0) {
      this.skipTextDepth++
      return
    }
    const rule = allowed.get(name)
    this.tags.push(name)
    if (rule === undefined) {
      this.marks.push(SKIPPED)
      if (nonTextTags.has(name)) this.skipTextDepth = 1
      return
    }
    if (attribs === NO_ATTRIBUTES) {
      if (!rule.special) {
        this.marks.push(WRITTEN)
        this.write(rule.bare, from, to)
        return
      }
      attribs = {}
    }
    const names = Object.keys(attribs)
    if (name === 'a' && names.length === 1 && names[0] === 'href') {
      // The commonest element with an attribute, `<a href>`: what transform and the loop below
      // would do to it, without rewriting the attribute object.
      const href = resolveUrl(attribs.href, this.baseUrl)
      const kept = href !== null && !naughtyHref('a', href)
      this.marks.push(WRITTEN)
      this.write(kept ? `<a href="${escapeAttr(href)}"${LINK_TAIL}` : `<a${LINK_TAIL}`, from, to)
      return
    }
    transform(name, attribs, this.baseUrl)
    let out = `<${name}`
    const own = rule.own
    // transform may have added or removed attributes.
    for (const a of Object.keys(attribs)) {
      const value = attribs[a]
      if (
        (!this.namesChecked && !VALID_ATTRIBUTE_NAME.test(a)) ||
        (value === '' && a !== 'alt' && NON_BOOLEAN.has(a)) ||
        !(own?.has(a) || globalAttributes.has(a)) ||
        (urlAttributes.has(a) && naughtyHref(name, value)) ||
        (name === 'iframe' && a === 'src' && !allowedFrame(value))
      ) {
        delete attribs[a]
        continue
      }
      let written = value
      if (a === 'srcset') {
        written = canonicalSrcset(value)
        if (written === '') {
          delete attribs[a]
          continue
        }
        attribs[a] = written
      }
      out += written ? ` ${a}="${escapeAttr(written)}"` : a === 'alt' ? ' alt=""' : ` ${a}`
    }
    out = rule.selfClosing ? `${out} />` : `${out}>`
    // An iframe whose src was refused goes away entirely, and so does an image left with nothing to
    // show: where it starts is kept, to cut the output back there at its end.
    if ((name === 'iframe' && !attribs.src) || (name === 'img' && !attribs.src && !attribs.srcset)) {
      this.flush()
      this.marks.push(this.result.length)
      this.result += out
      return
    }
    this.marks.push(WRITTEN)
    this.write(out, from, to)
  }

  ontext(text: string): void {
    if (this.skipTextDepth === 0) {
      this.flush()
      this.result += escapeText(text)
    }
  }

  onplaintext(from: number, to: number): void {
    if (this.skipTextDepth === 0) this.copy(from, to)
  }

  onclosetag(name: string, from = -1, to = -1): void {
    if (this.skipTextDepth > 0 && --this.skipTextDepth > 0) return
    const last = this.tags.length - 1
    if (last < 0 || this.tags[last] !== name) return
    this.tags.length = last
    const mark = this.marks.pop()!
    if (mark === SKIPPED) return
    if (mark >= 0) {
      this.flush()
      this.result = this.result.slice(0, mark)
      return
    }
    const end = allowed.get(name)!.end
    if (end !== '') this.write(end, from, to)
  }

  /** The output, flushed. */
  finish(): string {
    this.flush()
    return this.result
  }
}

const state = new Sanitizer()
const handler = {
  onopentag: (name: string, attribs: Attribs) => state.onopentag(name, attribs),
  ontext: (text: string) => state.ontext(text),
  onclosetag: (name: string) => state.onclosetag(name),
}

let slowPathCalls = 0
/** How many sanitize calls so far went to htmlparser2's parser (for tests and benches). */
export const sanitizerSlowPathCalls = (): number => slowPathCalls

/**
 * Cleans untrusted feed HTML down to the allow-list: no scripts, handlers, forms, styles,
 * non-web URLs or foreign iframes; links open in a new tab without an opener; relative
 * href/src/srcset/poster resolve against `baseUrl`.
 */
export function sanitizeHtml(html: string, baseUrl?: string): string {
  if (html === '') return ''
  state.reset(html, baseUrl)
  state.namesChecked = true
  let strip = false
  if (!scanHtml(html, state)) {
    // Input the fast scan leaves to htmlparser2: start again with the parser itself. A parser per
    // call: htmlparser2's reset() leaves a half-read attribute value and special-tag state behind
    // after input that ends inside a tag.
    state.reset(html, baseUrl)
    state.namesChecked = false
    slowPathCalls++
    new (htmlparser2().Parser)(handler, { decodeEntities: true }).end(html)
    strip = true
  }
  const out = state.finish()
  state.reset('', undefined)
  // The scan writes only checked names and escaped text and values (controls dropped there);
  // htmlparser2 lets control characters into tag names too.
  return (strip ? stripControls(out) : out).trim()
}
