/** Text rules of normalize: plain-text titles and descriptions, HTML from plain text. */
import { htmlToText, stripControls, truncateText } from '../sanitizer/htmlToText.ts'

/** Longest plain-text description kept on an entry. */
export const DESCRIPTION_MAX = 300

const NEEDS_HTML_PASS = /[<&]/
const SPACES = /\s+/g

/** Longest title (also category and author name) kept; anything longer is cut with an ellipsis. */
export const TITLE_MAX = 1000

/** A title that may carry markup or entities (RSS, Atom html/xhtml) → one line of plain text. */
export function htmlTitle(value: string | null | undefined): string | null {
  if (value == null) return null
  const text = NEEDS_HTML_PASS.test(value) ? htmlToText(value, TITLE_MAX) : truncateText(stripControls(value).replace(SPACES, ' ').trim(), TITLE_MAX)
  return text === '' ? null : text
}

/** A title that is plain text already (Atom `type="text"`, JSON Feed) → trimmed, whitespace collapsed. */
export function plainTitle(value: string | null | undefined): string | null {
  if (value == null) return null
  const text = truncateText(stripControls(value).replace(SPACES, ' ').trim(), TITLE_MAX)
  return text === '' ? null : text
}

/** Plain text of at most `DESCRIPTION_MAX` characters from HTML. */
export function describe(html: string | null | undefined): string | null {
  if (html == null) return null
  const text = htmlToText(html, DESCRIPTION_MAX)
  return text === '' ? null : text
}

/** Shortens plain text to a description. */
export function describePlain(text: string | null | undefined): string | null {
  if (text == null) return null
  const collapsed = stripControls(text).replace(SPACES, ' ').trim()
  return collapsed === '' ? null : truncateText(collapsed, DESCRIPTION_MAX)
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }

/** Plain text → HTML that shows the same text (line breaks kept). */
export function textToHtml(text: string): string {
  return text
    .replace(/[&<>"]/g, (c) => ESCAPES[c])
    .replace(/\r\n?/g, '\n')
    .replace(/\n/g, '<br />')
}

/** A language tag as BCP 47 writes it (`en_US` → `en-US`), or null when blank. */
export function languageTag(value: string | null | undefined): string | null {
  if (value == null) return null
  const tag = value.trim().replace(/_/g, '-')
  return tag === '' ? null : tag
}

/** Trimmed non-empty string or null. */
export function nonEmpty(value: string | null | undefined): string | null {
  if (value == null) return null
  const trimmed = value.trim()
  return trimmed === '' ? null : trimmed
}
