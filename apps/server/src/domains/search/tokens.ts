/**
 * @module The one tokenizer of full-text search, shared by indexing and querying on both
 * databases (docs/search.md): words of letters and digits are lower-cased and stripped of
 * diacritics; runs of Chinese, Japanese or Korean script (written without spaces) become
 * overlapping two-character tokens (bigrams), so a word of any length inside such a run matches.
 * The databases only ever see these tokens, joined by spaces (SQLite FTS5 unicode61 splits them
 * back at the spaces; PostgreSQL receives them as a tsvector literal, bypassing its parser).
 */

/** Scripts written without spaces between words. 30FC is the katakana prolonged sound mark (Common script). */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc\u3005]/u
const RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc\u3005]+|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc\u3005])[\p{L}\p{N}\p{M}])+/gu

/** Longer words are not indexed (hashes, base64, run-together URLs): no one searches for them. */
export const MAX_TOKEN_LENGTH = 40

/** One run of the text: a word (`latin`, any script with spaces) or a CJK run. */
export type Run = { text: string; cjk: boolean }

/** Splits text into word runs and CJK runs, normalized (NFKC, lower case, words without diacritics). */
export function runsOf(text: string): Run[] {
  const out: Run[] = []
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

/** The FTS5 MATCH expression of query terms: each a quoted string (never syntax), implicitly ANDed. */
export function ftsMatch(terms: QueryTerm[]): string {
  return terms.map((t) => `"${t.token.replaceAll('"', '""')}"${t.prefix ? '*' : ''}`).join(' ')
}

/** The PostgreSQL tsquery literal of query terms: quoted lexemes ANDed, `:*` for prefixes. */
export function tsQuery(terms: QueryTerm[]): string {
  return terms.map((t) => `'${t.token.replaceAll("'", "''").replaceAll('\\', '\\\\')}'${t.prefix ? ':*' : ''}`).join(' & ')
}

/** PostgreSQL keeps positions up to 16383 and at most 256 per lexeme. */
const MAX_POSITION = 16383

/**
 * The PostgreSQL tsvector literal of a document: title tokens weighted A, body tokens D, with
 * positions (title first), built here so PostgreSQL's own parser (locale-dependent, blind to CJK
 * words) never sees the text.
 */
export function tsVector(titleTokens: string[], bodyTokens: string[]): string {
  const positions = new Map<string, string[]>()
  let position = 0
  const add = (tokens: string[], weight: string) => {
    for (const token of tokens) {
      if (++position > MAX_POSITION) return
      const list = positions.get(token) ?? []
      if (list.length < 256) list.push(`${position}${weight}`)
      positions.set(token, list)
    }
  }
  add(titleTokens, 'A')
  add(bodyTokens, '')
  return [...positions].map(([token, list]) => `'${token.replaceAll("'", "''").replaceAll('\\', '\\\\')}':${list.join(',')}`).join(' ')
}
