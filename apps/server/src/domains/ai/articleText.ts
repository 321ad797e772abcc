/** Plain text of an entry's HTML with its paragraph breaks kept (the sentence splitter uses them). */
import { htmlToText } from '../../reader/sanitizer/htmlToText.ts'

const BLOCK_END = /<\/(?:p|div|li|h[1-6]|blockquote|pre|tr|section|article|figcaption)\s*>|<br\s*\/?>/gi

/** One paragraph per line. */
export function articleText(html: string | null | undefined): string {
  if (!html) return ''
  return html
    .split(BLOCK_END)
    .map((part) => htmlToText(part))
    .filter(Boolean)
    .join('\n')
}
