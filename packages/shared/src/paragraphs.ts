/**
 * How an entry's HTML is cut into paragraphs for translation (issue 10). The server translates
 * each piece's text and the reader puts each translation after its piece (bilingual mode), so
 * both sides must cut the same way: this one function, no DOM.
 */

const BLOCK_END = /(<\/(?:p|div|li|h[1-6]|blockquote|pre|tr|figcaption|dd|dt)\s*>|<br\s*\/?>)/i

/** The HTML cut after each block end; the pieces joined give the input back. */
export function splitParagraphs(html: string): string[] {
  if (!html) return []
  const parts = html.split(BLOCK_END)
  const out: string[] = []
  for (let i = 0; i < parts.length; i += 2) {
    const piece = parts[i] + (parts[i + 1] ?? '')
    if (piece) out.push(piece)
  }
  return out
}

/** The attribute a translated paragraph carries: the index of the piece it translates. */
export const PARAGRAPH_ATTRIBUTE = 'data-para'
