/**
 * @module The database forms of search tokens (tokenizer: @brook/shared searchText.ts): the
 * databases only ever see tokens — SQLite FTS5 (unicode61) gets them joined by spaces and splits
 * them back there; PostgreSQL receives tsvector/tsquery literals, bypassing its own parser.
 */
import type { QueryTerm } from '@brook/shared'

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
