/** Search rows → the answer's hits: each entry with the matched ranges of its title and a highlighted snippet of its body. */
import { findHighlights, snippetOf, type Highlight, type Highlighted, type QueryTerm } from '@brook/shared'
import { bodyText } from './document.ts'
import type { EntryHitRow } from './repo.ts'

/** One matching entry: where it is from, what matched (ranges into `title` and `snippet.text`). */
export type EntrySearchHit = {
  id: string
  feedId: string | null
  inboxId: string | null
  title: string | null
  url: string | null
  author: string | null
  publishedAt: string
  /** Higher is better; comparable within one answer only. */
  score: number
  titleHighlights: Highlight[]
  /** Plain text around the first match in the body (description + content). */
  snippet: Highlighted
}

/** The hits of ranked rows (pure: the search threads run it beside the query, off the event loop). */
export function hitsOf(rows: EntryHitRow[], terms: QueryTerm[]): EntrySearchHit[] {
  return rows.map((row) => ({
    id: row.id,
    feedId: row.feedId,
    inboxId: row.inboxId,
    title: row.title,
    url: row.url,
    author: row.author,
    publishedAt: row.publishedAt,
    score: row.score,
    titleHighlights: findHighlights(row.title ?? '', terms),
    snippet: snippetOf(bodyText(row), terms),
  }))
}
