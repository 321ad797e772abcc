/**
 * The fast path of the sanitizer: one scan over an HTML string that produces exactly the events
 * htmlparser2 10's `Parser` (HTML mode, entities decoded) would give a handler — the same
 * tokenization and the same tree rules (implied end tags, void elements, `</p>` and `</br>`,
 * raw-text elements, the elements left open at the end) — but jumps over runs of text and
 * attribute values with `indexOf` instead of a state machine stepping through every character.
 *
 * It only takes the input it is sure about. On anything rarer — `<!DOCTYPE`/CDATA/processing
 * instructions, `<svg>`/`<math>` (foreign content changes what `/>` means), tag or attribute names
 * with unusual characters, a `</` not followed by a plain name, input ending inside markup — it
 * stops and answers `false`, and the caller runs htmlparser2 itself on the whole input.
 * sanitizeHtml.differential.test.ts checks the combined output against sanitize-html.
 * @module
 */
import { decodeHTML, decodeHTMLAttribute } from 'entities'

/**
 * What the scan reports (the subset of htmlparser2's handler the sanitizer uses), with where in the
 * input each event was written, so that a sink can copy what it keeps unchanged instead of building it.
 */
export interface ScanSink {
  /**
   * Whether open tags of this name need their attributes (false: they are read but not collected).
   * Must depend on the name only. Tags without attributes get the frozen `NO_ATTRIBUTES`.
   */
  wantsAttributes(name: string): boolean
  /** `html.slice(from, to)` is the tag as written; `from` is -1 for a tag the tree rules imply. */
  onopentag(name: string, attribs: Record<string, string>, from: number, to: number): void
  /**
   * Decoded text that holds something to escape or drop (`&`, `<`, `>`, a control character). The
   * content of raw-text elements (script, style, title, textarea, xmp) is not reported.
   */
  ontext(text: string): void
  /** Text `html.slice(from, to)` that needs no decoding, escaping or dropping (see `TEXT_SPECIAL`). */
  onplaintext(from: number, to: number): void
  /** `html.slice(from, to)` is the end tag as written; `from` is -1 for an implied end. */
  onclosetag(name: string, from: number, to: number): void
}

/**
 * What makes text more than plain: markup and entities, and the control characters the sanitizer
 * drops (NUL included, which PostgreSQL text cannot hold). A run of text without any is written as is.
 */
// eslint-disable-next-line no-control-regex -- control characters are looked for on purpose
const TEXT_SPECIAL = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/g

// htmlparser2 10.1's tree rules (Parser.js), written for a stack whose top is its last element.
const pTag = new Set(['p'])
const formTags = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea'])
const tableSectionTags = new Set(['thead', 'tbody'])
const ddtTags = new Set(['dd', 'dt'])
const rtpTags = new Set(['rt', 'rp'])
const OPEN_IMPLIES_CLOSE = new Map<string, Set<string>>([
  ['tr', new Set(['tr', 'th', 'td'])], ['th', new Set(['th'])], ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])], ['li', new Set(['li'])],
  ['p', pTag], ['h1', pTag], ['h2', pTag], ['h3', pTag], ['h4', pTag], ['h5', pTag], ['h6', pTag],
  ['select', formTags], ['input', formTags], ['output', formTags], ['button', formTags], ['datalist', formTags], ['textarea', formTags],
  ['option', new Set(['option'])], ['optgroup', new Set(['optgroup', 'option'])], ['dd', ddtTags], ['dt', ddtTags],
  ['address', pTag], ['article', pTag], ['aside', pTag], ['blockquote', pTag], ['details', pTag], ['div', pTag], ['dl', pTag],
  ['fieldset', pTag], ['figcaption', pTag], ['figure', pTag], ['footer', pTag], ['form', pTag], ['header', pTag], ['hr', pTag],
  ['main', pTag], ['nav', pTag], ['ol', pTag], ['pre', pTag], ['section', pTag], ['table', pTag], ['ul', pTag],
  ['rt', rtpTags], ['rp', rtpTags], ['tbody', tableSectionTags], ['tfoot', tableSectionTags],
])
const VOID = new Set([
  'area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img', 'input', 'isindex', 'keygen', 'link',
  'meta', 'param', 'source', 'track', 'wbr',
])
/** Elements whose content the tokenizer reads as raw text up to `</name`. */
const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea', 'xmp'])
/** Elements that open foreign content, where `/>` closes an element: left to htmlparser2. */
const FOREIGN = new Set(['svg', 'math'])
const rawTextEnd = new Map<string, RegExp>()

/** Everything the scan needs to know of a tag name, in one lookup. */
type TagRule = { implies: Set<string> | undefined; isVoid: boolean; rawText: boolean; foreign: boolean }
const TAG_RULES = new Map<string, TagRule>()
for (const name of new Set([...OPEN_IMPLIES_CLOSE.keys(), ...VOID, ...RAW_TEXT, ...FOREIGN])) {
  TAG_RULES.set(name, { implies: OPEN_IMPLIES_CLOSE.get(name), isVoid: VOID.has(name), rawText: RAW_TEXT.has(name), foreign: FOREIGN.has(name) })
}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0c || c === 0x0d
const isLetter = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a)
const isNameChar = (c: number) => isLetter(c) || (c >= 0x30 && c <= 0x39)
/** Attribute name characters the fast path accepts (others are left to htmlparser2). */
const isAttrChar = (c: number) => isNameChar(c) || c === 0x2d || c === 0x5f || c === 0x3a || c === 0x2e

/** The attributes of a tag that has none, or whose attributes the sink does not want (frozen: copy before changing). */
export const NO_ATTRIBUTES: Record<string, string> = Object.freeze({}) as Record<string, string>

/** Runs the scan; `false` when it met input it leaves to htmlparser2 (the sink then saw a prefix of the events). */
export function scanHtml(html: string, sink: ScanSink): boolean {
  const n = html.length
  const stack: string[] = []

  const open = (name: string, rule: TagRule | undefined, attribs: Record<string, string>, from: number, to: number) => {
    const implied = rule?.implies
    if (implied) {
      while (stack.length > 0 && implied.has(stack[stack.length - 1])) sink.onclosetag(stack.pop()!, -1, -1)
    }
    if (rule?.isVoid) {
      sink.onopentag(name, attribs, from, to)
      sink.onclosetag(name, -1, -1)
    } else {
      stack.push(name)
      sink.onopentag(name, attribs, from, to)
    }
  }
  /** An end tag written at [from, to) (-1: implied). */
  const close = (name: string, from: number, to: number) => {
    const rule = TAG_RULES.get(name)
    if (!rule?.isVoid) {
      const pos = stack.lastIndexOf(name)
      if (pos !== -1) {
        while (stack.length > pos + 1) sink.onclosetag(stack.pop()!, -1, -1)
        sink.onclosetag(stack.pop()!, from, to)
      } else if (name === 'p') {
        open('p', rule, sink.wantsAttributes('p') ? {} : NO_ATTRIBUTES, -1, -1)
        sink.onclosetag(stack.pop()!, -1, -1)
      }
    } else if (name === 'br') {
      sink.onopentag('br', sink.wantsAttributes('br') ? {} : NO_ATTRIBUTES, -1, -1)
      sink.onclosetag('br', -1, -1)
    }
  }
  /** The text run [from, to); `plain` when it holds nothing TEXT_SPECIAL matches. */
  const text = (from: number, to: number, plain: boolean) => {
    if (from >= to) return
    if (plain) {
      sink.onplaintext(from, to)
      return
    }
    const raw = html.slice(from, to)
    sink.ontext(raw.includes('&') ? decodeHTML(raw) : raw)
  }

  let textStart = 0
  /** Whether the text since textStart holds only characters TEXT_SPECIAL does not match. */
  let plain = true
  let i = 0
  for (;;) {
    // One pass over the text finds both the next tag and whatever the text needs done to it.
    TEXT_SPECIAL.lastIndex = i
    if (!TEXT_SPECIAL.test(html)) break
    const lt = TEXT_SPECIAL.lastIndex - 1
    if (html.charCodeAt(lt) !== 0x3c /* < */) {
      plain = false
      i = lt + 1
      continue
    }
    const c = html.charCodeAt(lt + 1)
    if (isLetter(c)) {
      // ---- start tag
      let j = lt + 2
      while (j < n && isNameChar(html.charCodeAt(j))) j++
      if (j >= n) return false
      const k = html.charCodeAt(j)
      if (!(isSpace(k) || k === 0x2f || k === 0x3e)) return false
      const name = html.slice(lt + 1, j).toLowerCase()
      const rule = TAG_RULES.get(name)
      if (rule?.foreign) return false
      const wants = sink.wantsAttributes(name)
      let attribs: Record<string, string> | null = null
      let selfClosing = false
      // Attributes, as htmlparser2's tokenizer reads them.
      for (;;) {
        while (j < n && isSpace(html.charCodeAt(j))) j++
        if (j >= n) return false
        let ch = html.charCodeAt(j)
        if (ch === 0x3e /* > */) break
        if (ch === 0x2f /* / */) {
          j++
          while (j < n && isSpace(html.charCodeAt(j))) j++
          if (j >= n) return false
          if (html.charCodeAt(j) === 0x3e) {
            selfClosing = true
            break
          }
          continue
        }
        if (!isLetter(ch) && ch !== 0x5f && ch !== 0x3a) return false
        const nameStart = j
        while (j < n && isAttrChar(html.charCodeAt(j))) j++
        if (j >= n) return false
        ch = html.charCodeAt(j)
        if (!(ch === 0x3d || isSpace(ch) || ch === 0x2f || ch === 0x3e)) return false
        const attrEnd = j
        while (j < n && isSpace(html.charCodeAt(j))) j++
        if (j >= n) return false
        let value = ''
        if (html.charCodeAt(j) === 0x3d /* = */) {
          j++
          while (j < n && isSpace(html.charCodeAt(j))) j++
          if (j >= n) return false
          const q = html.charCodeAt(j)
          if (q === 0x22 || q === 0x27) {
            const end = html.indexOf(q === 0x22 ? '"' : "'", j + 1)
            if (end === -1) return false
            if (wants) value = html.slice(j + 1, end)
            j = end + 1
          } else {
            const start = j
            while (j < n) {
              const v = html.charCodeAt(j)
              if (v === 0x3e || isSpace(v)) break
              j++
            }
            if (j >= n) return false
            if (wants) value = html.slice(start, j)
          }
          if (wants && value.includes('&')) value = decodeHTMLAttribute(value)
        }
        if (wants) {
          const attrName = html.slice(nameStart, attrEnd).toLowerCase()
          if (attribs === null) attribs = {}
          // The first of duplicate attributes wins, as in htmlparser2.
          if (!Object.hasOwn(attribs, attrName)) attribs[attrName] = value
        }
      }
      // j is at the `>` that ends the tag.
      text(textStart, lt, plain)
      open(name, rule, attribs ?? NO_ATTRIBUTES, lt, j + 1)
      i = j + 1
      if (rule?.rawText && !selfClosing) {
        // Raw text up to `</name` followed by whitespace or `>` (case-insensitively); its text is
        // never output (every raw-text element is removed with its content), only where it ends matters.
        let re = rawTextEnd.get(name)
        if (!re) {
          re = new RegExp(`</${name}[\\t\\n\\f\\r >]`, 'gi')
          rawTextEnd.set(name, re)
        }
        re.lastIndex = i
        const m = re.exec(html)
        if (!m) return false
        // htmlparser2 compares characters with `c | 0x20`: U+001C and U+000F would match too.
        const body = html.slice(i, m.index)
        if (body.includes('\u001c') || body.includes('\u000f')) return false
        const gt = html.indexOf('>', m.index)
        if (gt === -1) return false
        close(name, -1, -1)
        i = gt + 1
      }
      textStart = i
      plain = true
    } else if (c === 0x2f /* / */) {
      // ---- end tag: a plain name, then anything up to `>`
      let j = lt + 2
      if (!isLetter(html.charCodeAt(j))) return false
      while (j < n && isNameChar(html.charCodeAt(j))) j++
      if (j >= n) return false
      const k = html.charCodeAt(j)
      if (!(k === 0x3e || isSpace(k))) return false
      const gt = k === 0x3e ? j : html.indexOf('>', j)
      if (gt === -1) return false
      text(textStart, lt, plain)
      close(html.slice(lt + 2, j).toLowerCase(), lt, gt + 1)
      i = gt + 1
      textStart = i
      plain = true
    } else if (c === 0x21 /* ! */) {
      // ---- comment (`<!-->` and `<!--->` are whole comments); anything else is left to htmlparser2
      if (!html.startsWith('<!--', lt)) return false
      const end = html.indexOf('-->', lt + 2)
      if (end === -1) return false
      text(textStart, lt, plain)
      i = end + 3
      textStart = i
      plain = true
    } else if (c === 0x3f /* ? */) {
      return false
    } else {
      // A `<` that opens nothing is text.
      plain = false
      i = lt + 1
    }
  }
  text(textStart, n, plain)
  while (stack.length > 0) sink.onclosetag(stack.pop()!, -1, -1)
  return true
}
