/**
 * Offline search over the entries kept in the local database (docs/search.md, "Offline"): every
 * word (or CJK run) of the query must occur in the title, description or body, case-insensitively
 * for ASCII. Title matches first, then newest. The local database only holds the user's own
 * entries, so no permission check is needed here.
 */
import { ENTRY_LIST_COLUMNS } from '../rows.ts'
import type { SqlExecutor, SqlValue } from '../types.ts'
import { jsonRowsSql, parseJsonRows } from './sql.ts'

/** A local match: the list columns plus the body (for the snippet). */
export type LocalSearchRow = Record<string, SqlValue>

/** At most this many words of a query are matched locally. */
const MAX_LOCAL_WORDS = 8

/** Local entries containing every one of `words` (already normalized: lower case), best first. */
export async function searchLocalEntries(db: SqlExecutor, words: readonly string[], limit: number): Promise<LocalSearchRow[]> {
  const used = [...new Set(words)].slice(0, MAX_LOCAL_WORDS)
  if (used.length === 0) return []
  const contains = (column: string) => `instr(lower(coalesce(${column}, '')), ?) > 0`
  const inTitle = used.map(() => `(${contains('title')})`).join(' + ')
  const where = used.map(() => `(${contains('title')} OR ${contains('description')} OR ${contains('content')})`).join(' AND ')
  const params: SqlValue[] = [...used, ...used.flatMap((w) => [w, w, w]), limit]
  const columns = [...ENTRY_LIST_COLUMNS, 'content', 'inTitle']
  const rows = `SELECT *, ${inTitle} AS inTitle FROM entries WHERE ${where} ORDER BY inTitle DESC, publishedAt DESC LIMIT ?`
  const [result] = await db.run([{ sql: jsonRowsSql(columns, `FROM (${rows})`), params }])
  return parseJsonRows(result, columns)
}
