/**
 * Puts a translation into an entry's HTML (general translationMode): bilingual keeps each
 * original paragraph and adds its translation after it; translation-only puts the translation
 * in its place (paragraphs without text, such as pictures, stay). The pieces are those of
 * `splitParagraphs`, the server's cut.
 */
import { PARAGRAPH_ATTRIBUTE, splitParagraphs } from '@brook/shared'

/** Translated paragraphs by index, from the server's `<p data-para="i">` list. */
export function translatedParagraphs(html: string): Map<number, string> {
  const out = new Map<number, string>()
  const pattern = new RegExp(`<p ${PARAGRAPH_ATTRIBUTE}="(\\d+)">([\\s\\S]*?)</p>`, 'g')
  for (const m of html.matchAll(pattern)) out.set(Number(m[1]), m[2])
  return out
}

export function withTranslation(original: string, translation: string, mode: 'bilingual' | 'translation-only'): string {
  const translated = translatedParagraphs(translation)
  if (translated.size === 0) return original
  return splitParagraphs(original)
    .map((piece, i) => {
      const t = translated.get(i)
      if (t === undefined) return piece
      const block = `<p data-brook-translation="">${t}</p>`
      return mode === 'bilingual' ? piece + block : block
    })
    .join('')
}
