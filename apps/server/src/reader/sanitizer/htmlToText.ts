/** Plain text from HTML, for descriptions, titles and search: tags dropped, entities decoded, whitespace collapsed. */
import { decodeHTML } from 'entities'

/** Elements whose content is never text a reader sees. */
const HIDDEN_ELEMENT = /<(script|style|noscript|template|title|textarea|select|svg|math|object|iframe|xmp)\b[^>]*>[\s\S]*?<\/\1\s*>/gi
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g
const HIDDEN_OPEN_TO_END = /<(?:script|style|noscript|template|title|textarea|select|svg|math|object|iframe|xmp)\b[\s\S]*$/i
const CDATA = /<!\[CDATA\[([\s\S]*?)\]\]>/g
/** Tags that separate words when rendered (block boundaries, line breaks, images, cells). */
const BREAKING_TAG = /<\/?(?:p|div|br|hr|li|ul|ol|dl|dt|dd|h[1-6]|tr|td|th|table|thead|tbody|tfoot|caption|blockquote|pre|section|article|aside|header|footer|nav|main|figure|figcaption|address|details|summary|img|picture|video|audio|iframe)(?=[\s/>])(?:\s+(?:[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]*))?|\/))*\s*\/?>/gi
/** A tag whose attributes are well-formed (a quoted value may contain `>`), a declaration or a processing instruction. */
const ANY_TAG = /<(?:\/?[a-zA-Z][^\s/>]*(?:\s+(?:[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]*))?|\/))*\s*\/?|![^>]*|\?[^>]*)>/g
/** Whatever tag-like text is left (broken quoting): up to the next `>`. */
const LOOSE_TAG = /<\/?[a-zA-Z][^<>]*>/g
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
    let clipped = false
    if (text.length > limit) {
      text = text.slice(0, limit)
      clipped = true
    }
    text = text
      .replace(CDATA, '$1')
      .replace(COMMENT, ' ')
      .replace(HIDDEN_ELEMENT, ' ')
    // A hidden element (or comment) the window cut open hides everything after it.
    if (clipped) text = text.replace(HIDDEN_OPEN_TO_END, ' ')
    text = text
      .replace(BREAKING_TAG, ' ')
      .replace(ANY_TAG, '')
      .replace(LOOSE_TAG, '')
  }
  if (text.includes('&')) text = decodeHTML(text)
  text = stripControls(text).replace(SPACES, ' ').trim()
  return Number.isFinite(maxLen) ? truncateText(text, maxLen) : text
}
