/** Plain text from HTML, for descriptions, titles and search: tags dropped, entities decoded, whitespace collapsed. */
import { decodeHTML } from 'entities'

/** Elements whose content is never text a reader sees; skipped up to their closing tag. */
const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'title', 'textarea', 'select', 'svg', 'math', 'iframe', 'xmp', 'noembed', 'noframes'])
/** Tags that separate words when rendered (block boundaries, line breaks, images, cells). */
const BREAKING = new Set([
  'p', 'div', 'br', 'hr', 'li', 'ul', 'ol', 'dl', 'dt', 'dd', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'tr', 'td', 'th', 'table',
  'thead', 'tbody', 'tfoot', 'caption', 'blockquote', 'pre', 'section', 'article', 'aside', 'header', 'footer', 'nav',
  'main', 'figure', 'figcaption', 'address', 'details', 'summary', 'img', 'picture', 'video', 'audio', 'iframe',
])
const closingTag = new Map<string, RegExp>()
const isLetter = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a)
const isSpace = (c: number) => c === 0x20 || (c >= 0x09 && c <= 0x0d)

/**
 * Drops the markup of HTML, keeping its visible text: a small tokenizer in the spirit of the HTML
 * spec (quoted attribute values may hold `>`, a `<` that opens no tag is text, comments, CDATA,
 * declarations, and hidden elements such as <script> up to their end tag; a tag left open at the
 * end hides the rest, as in a browser, but an unterminated `<!…` stays text). One pass, linear in the
 * input whatever it holds — the regexes this replaces went quadratic on crafted input.
 */
function stripMarkup(html: string): string {
  const out: string[] = []
  const n = html.length
  let text = 0 // start of the pending text run
  let i = html.indexOf('<')
  while (i !== -1 && i < n) {
    const c = html.charCodeAt(i + 1)
    let end: number // index just past the markup; n when it runs to the end of input
    let gap = ''
    if (c === 0x21 /* ! */) {
      if (html.startsWith('<!--', i)) {
        const close = html.indexOf('-->', i + 4)
        end = close === -1 ? n : close + 3
        gap = ' '
      } else {
        // A declaration, or `<![CDATA[` (in HTML a bogus comment) up to `>`; unterminated, it is text.
        const close = html.indexOf('>', i + 2)
        if (close === -1) break
        end = close + 1
      }
    } else if (c === 0x3f /* ? */) {
      const close = html.indexOf('>', i + 2)
      if (close === -1) break
      end = close + 1
    } else if (c === 0x2f /* / */ && isLetter(html.charCodeAt(i + 2))) {
      const close = html.indexOf('>', i + 2)
      end = close === -1 ? n : close + 1
      let j = i + 2
      while (j < n && !isSpace(html.charCodeAt(j)) && html.charCodeAt(j) !== 0x3e && html.charCodeAt(j) !== 0x2f) j++
      if (BREAKING.has(html.slice(i + 2, j).toLowerCase())) gap = ' '
    } else if (isLetter(c)) {
      let j = i + 2
      while (j < n && !isSpace(html.charCodeAt(j)) && html.charCodeAt(j) !== 0x3e && html.charCodeAt(j) !== 0x2f) j++
      const name = html.slice(i + 1, j).toLowerCase()
      // Attributes: a quote right after `=` opens a value that may contain `>`.
      while (j < n) {
        const ch = html.charCodeAt(j)
        if (ch === 0x3e) break
        if (ch === 0x3d /* = */) {
          j++
          while (j < n && isSpace(html.charCodeAt(j))) j++
          const q = html.charCodeAt(j)
          if (q === 0x22 || q === 0x27) {
            const close = html.indexOf(q === 0x22 ? '"' : "'", j + 1)
            j = close === -1 ? n : close + 1
            continue
          }
        }
        j++
      }
      end = j >= n ? n : j + 1
      if (BREAKING.has(name)) gap = ' '
      if (HIDDEN.has(name) && end < n) {
        let re = closingTag.get(name)
        if (!re) {
          re = new RegExp(`</${name}(?=[\\s/>])`, 'gi')
          closingTag.set(name, re)
        }
        re.lastIndex = end
        const m = re.exec(html)
        const close = m ? html.indexOf('>', m.index) : -1
        end = close === -1 ? n : close + 1
        gap = ' '
      }
    } else {
      // A `<` that opens nothing is text.
      i = html.indexOf('<', i + 1)
      continue
    }
    out.push(html.slice(text, i), gap)
    text = end
    i = end >= n ? -1 : html.indexOf('<', end)
  }
  out.push(html.slice(text))
  return out.join('')
}

const SPACES = /[\s\u00a0\u200b]+/g
/** Characters XML 1.0 forbids (C0 controls but tab/LF/CR, DEL, U+FFFE/U+FFFF): feeds contain them anyway. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/
const CONTROL_CHARS = new RegExp(CONTROL_CHAR.source, 'g')

/** Removes control characters (NUL included, which PostgreSQL text cannot hold). */
export function stripControls(text: string): string {
  return CONTROL_CHAR.test(text) ? text.replace(CONTROL_CHARS, '') : text
}

/** Cuts `text` to at most `maxLen` characters, at a word boundary when one is near, ending with "…". */
export function truncateText(text: string, maxLen: number): string {
  if (text.length <= maxLen) return text
  if (maxLen <= 1) return text.slice(0, maxLen)
  let cut = text.slice(0, maxLen - 1)
  const space = cut.lastIndexOf(' ')
  if (space > maxLen * 0.6) cut = cut.slice(0, space)
  // Never split a surrogate pair.
  const last = cut.charCodeAt(cut.length - 1)
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1)
  return `${cut.trimEnd()}…`
}

/**
 * Turns HTML into one line of plain text of at most `maxLen` characters (no limit when omitted).
 * Text without any markup or entity comes back trimmed and whitespace-collapsed.
 */
export function htmlToText(html: string, maxLen = Number.POSITIVE_INFINITY): string {
  let text = html
  if (text.includes('<')) {
    // For a short result only the start of a long body matters: a window of ~25 characters of
    // HTML per character of text keeps the work proportional to maxLen, not to the article.
    const limit = maxLen * 25 + 2048
    if (text.length > limit) text = text.slice(0, limit)
    text = stripMarkup(text)
  }
  if (text.includes('&')) text = decodeHTML(text)
  text = stripControls(text).replace(SPACES, ' ').trim()
  return Number.isFinite(maxLen) ? truncateText(text, maxLen) : text
}
