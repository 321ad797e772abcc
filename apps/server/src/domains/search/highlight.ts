/**
 * @module Where the terms of a query occur in a text (title, snippet), as UTF-16 ranges of the
 * original text, found with the same tokenization the index uses (tokens.ts): a word matches a
 * term equal to it (or beginning with a prefix term); a CJK character is marked when a bigram it
 * belongs to is a term. Ranges are data, so the web app renders them without parsing HTML.
 */
import { bigrams, runsOf, type QueryTerm } from './tokens.ts'

/** A matched span of a text: [start, end) in UTF-16 code units. */
export type Highlight = { start: number; end: number }

/** A text with the spans that matched. */
export type Highlighted = { text: string; highlights: Highlight[] }

const ORIGINAL_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc\u3005]+|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc\u3005])[\p{L}\p{N}\p{M}])+/gu

function wordMatches(word: string, terms: QueryTerm[]): boolean {
  return terms.some((t) => word === t.token || (t.prefix && word.startsWith(t.token)))
}

/** The spans of `text` the query terms match, merged and in order. */
export function findHighlights(text: string, terms: QueryTerm[]): Highlight[] {
  if (terms.length === 0 || text.length === 0) return []
  const out: Highlight[] = []
  for (const match of text.matchAll(ORIGINAL_RUN)) {
    const start = match.index
    const raw = match[0]
    const [run] = runsOf(raw)
    if (!run) continue
    if (!run.cjk) {
      if (wordMatches(run.text, terms)) out.push({ start, end: start + raw.length })
      continue
    }
    // CJK: walk the original characters (code points) with their offsets.
    const chars = [...raw]
    const offsets: number[] = []
    let at = start
    for (const ch of chars) {
      offsets.push(at)
      at += ch.length
    }
    offsets.push(at)
    const normalized = chars.map((ch) => runsOf(ch)[0]?.text ?? ch)
    if (chars.length === 1) {
      if (wordMatches(normalized[0]!, terms)) out.push({ start: offsets[0]!, end: offsets[1]! })
      continue
    }
    for (let i = 0; i + 1 < chars.length; i++) {
      const pair = bigrams(normalized[i]! + normalized[i + 1]!)[0]!
      if (wordMatches(pair, terms)) out.push({ start: offsets[i]!, end: offsets[i + 2]! })
    }
  }
  return merge(out)
}

function merge(ranges: Highlight[]): Highlight[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start)
  const out: Highlight[] = []
  for (const r of sorted) {
    const last = out[out.length - 1]
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end)
    else out.push({ ...r })
  }
  return out
}

/** Characters of context a snippet shows. */
export const SNIPPET_LENGTH = 200

/**
 * A window of `text` around its first match (or its beginning), with the matches inside it.
 * A cut end is marked with an ellipsis.
 */
export function snippetOf(text: string, terms: QueryTerm[], length = SNIPPET_LENGTH): Highlighted {
  const all = findHighlights(text, terms)
  const first = all[0]
  let start = first ? Math.max(0, first.start - Math.floor(length / 4)) : 0
  // Start at a word boundary when one is near.
  if (start > 0) {
    const space = text.lastIndexOf(' ', first!.start)
    if (space >= start - 20 && space < first!.start) start = space + 1
  }
  // Never split a surrogate pair.
  if (start > 0 && /[\udc00-\udfff]/.test(text[start] ?? '')) start--
  let end = Math.min(text.length, start + length)
  if (end < text.length && /[\ud800-\udbff]/.test(text[end - 1] ?? '')) end--
  const prefix = start > 0 ? '…' : ''
  const suffix = end < text.length ? '…' : ''
  const highlights = all
    .filter((h) => h.start >= start && h.end <= end)
    .map((h) => ({ start: h.start - start + prefix.length, end: h.end - start + prefix.length }))
  return { text: prefix + text.slice(start, end) + suffix, highlights }
}
