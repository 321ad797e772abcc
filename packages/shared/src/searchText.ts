/**
 * @module The one tokenizer of full-text search (docs/search.md), shared by indexing and querying on
 * both databases: words of letters and digits are lower-cased and stripped of
 * diacritics; runs of Chinese, Japanese or Korean script (written without spaces) become
 * overlapping two-character tokens (bigrams), so a word of any length inside such a run matches.
 * The server's index and the web app's highlights (and its offline search) use the same rules
 * (docs/search.md).
 */

/** Scripts written without spaces between words. 30FC is the katakana prolonged sound mark (Common script). */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc\u3005]/u
const RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc\u3005]+|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc\u3005])[\p{L}\p{N}\p{M}])+/gu

const ASCII = /^\p{ASCII}*$/u
const ASCII_RUN = /[a-z0-9]+/g

/** Longer words are not indexed (hashes, base64, run-together URLs): no one searches for them. */
export const MAX_TOKEN_LENGTH = 40

/** One run of the text: a word (`latin`, any script with spaces) or a CJK run. */
export type SearchRun = { text: string; cjk: boolean }

/** Splits text into word runs and CJK runs, normalized (NFKC, lower case, words without diacritics). */
export function runsOf(text: string): SearchRun[] {
  const out: SearchRun[] = []
  // ASCII text (most titles and words) has no CJK, no marks and nothing NFKC changes: its runs
  // are its lower-cased letters and digits, without the Unicode regexes and normalizations.
  if (ASCII.test(text)) {
    for (const match of text.toLowerCase().matchAll(ASCII_RUN)) if (match[0].length <= MAX_TOKEN_LENGTH) out.push({ text: match[0], cjk: false })
    return out
  }
  for (const match of text.normalize('NFKC').toLowerCase().matchAll(RUN)) {
    const raw = match[0]
    if (CJK.test(raw[0]!)) out.push({ text: raw, cjk: true })
    else {
      const word = raw.normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFKC')
      if (word.length > 0 && word.length <= MAX_TOKEN_LENGTH) out.push({ text: word, cjk: false })
    }
  }
  return out
}

/** The bigrams of a CJK run (a single character stays itself). */
export function bigrams(run: string): string[] {
  const chars = [...run]
  if (chars.length === 1) return chars
  const out: string[] = []
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!)
  return out
}

/** The tokens of a text, in order (duplicates kept: they carry positions and frequency). */
export function searchTokens(text: string): string[] {
  const out: string[] = []
  for (const run of runsOf(text)) {
    if (run.cjk) out.push(...bigrams(run.text))
    else out.push(run.text)
  }
  return out
}

/** One term of a query: a token, and whether it matches any token it begins (typing, or one CJK character). */
export type QueryTerm = { token: string; prefix: boolean }

/** A query has at most this many terms; the rest are ignored. */
export const MAX_QUERY_TERMS = 16

/**
 * The terms of a query: every word and every bigram must occur (AND). Operators, quotes and
 * brackets are not syntax here, only separators, so no query can fail to parse. The last word
 * is a prefix while it is being typed (no space after it); a lone CJK character is a prefix of
 * the bigrams it starts.
 */
export function queryTerms(query: string): QueryTerm[] {
  const runs = runsOf(query)
  const typing = !/\s$/u.test(query)
  const terms = new Map<string, boolean>()
  runs.forEach((run, i) => {
    if (run.cjk) {
      for (const token of bigrams(run.text)) terms.set(token, (terms.get(token) ?? false) || [...token].length === 1)
    } else {
      const prefix = typing && i === runs.length - 1
      terms.set(run.text, (terms.get(run.text) ?? false) || prefix)
    }
  })
  return [...terms].slice(0, MAX_QUERY_TERMS).map(([token, prefix]) => ({ token, prefix }))
}


/*
 * Highlights: where the terms of a query occur in a text (title, snippet), as UTF-16 ranges of
 * the original text, found with the same tokenization the index uses: a word matches a term equal
 * to it (or beginning with a prefix term); a CJK character is marked when a bigram it belongs to
 * is a term. Ranges are data, so the web app renders them without parsing HTML.
 */

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
    // An ASCII word is its own run, lower-cased (runsOf's fast path, without its allocations).
    if (ASCII.test(raw)) {
      if (raw.length <= MAX_TOKEN_LENGTH && wordMatches(raw.toLowerCase(), terms)) out.push({ start, end: start + raw.length })
      continue
    }
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
