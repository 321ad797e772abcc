/** @module What of an entry is searchable, as index tokens: its title, and author + description + text of the content. */
import { htmlToText } from '../../reader/sanitizer/htmlToText.ts'
import { searchTokens } from '@brook/shared'

/** The columns of an entry the index reads. */
export type IndexableEntry = { id: string; title: string | null; description: string | null; content: string | null; author: string | null }

/** A long article is indexed by its first 20,000 characters of text (bounds index size and indexing time). */
export const MAX_BODY_CHARS = 20_000

/** The searchable text of an entry's body: author, description, then the content as plain text. */
export function bodyText(entry: Pick<IndexableEntry, 'description' | 'content' | 'author'>, maxChars = MAX_BODY_CHARS): string {
  const parts = [entry.author ?? '', entry.description ?? '']
  const content = entry.content ? htmlToText(entry.content, maxChars) : ''
  // A description that is the beginning of the content (common in feeds) is not indexed twice.
  if (content && entry.description && content.startsWith(entry.description.slice(0, 100))) parts[1] = ''
  return [...parts, content].filter(Boolean).join(' ').slice(0, maxChars)
}

/** An entry's index tokens. */
export function documentOf(entry: IndexableEntry): { title: string[]; body: string[] } {
  return { title: searchTokens(entry.title ?? ''), body: searchTokens(bodyText(entry)) }
}
