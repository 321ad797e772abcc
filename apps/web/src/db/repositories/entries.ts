/** Entries in the local database: upserts from API pages, read flags, bodies, timelines, pruning. */
import { entryFromRow, entryToRow, ENTRY_COLUMNS, ENTRY_LIST_COLUMNS } from '../rows.ts'
import { placeholders, toObjects, type SqlExecutor, type SqlValue, type Statement, type StatementResult } from '../types.ts'
import type { Entry } from '../../store/types.ts'
import { chunks, deleteWhereIn, jsonRowsSql, parseJsonRows, upsert } from './sql.ts'

/** SPEC §9: entries kept per source beyond the starred and unread ones. */
export const ENTRIES_KEPT_PER_SOURCE = 20

/** Upserts entries; a row without a body never erases a stored body, nor local sources/settings. */
export function upsertEntries(entries: Entry[]): Statement[] {
  return upsert(
    'entries',
    ENTRY_COLUMNS,
    entries.map(entryToRow),
    ['id'],
    {
      content: 'COALESCE(excluded.content, entries.content)',
      readabilityContent: 'COALESCE(excluded.readabilityContent, entries.readabilityContent)',
      readabilityUpdatedAt: 'COALESCE(excluded.readabilityUpdatedAt, entries.readabilityUpdatedAt)',
      sources: 'COALESCE(excluded.sources, entries.sources)',
      settings: 'COALESCE(excluded.settings, entries.settings)',
    },
  )
}

export function setEntriesRead(ids: readonly string[], read: boolean): Statement[] {
  return chunks(ids, 500).map((part) => ({ sql: `UPDATE entries SET read = ? WHERE id IN (${placeholders(part.length)})`, params: [read ? 1 : 0, ...part] }))
}

export function setEntryContent(id: string, content: string): Statement[] {
  return [{ sql: 'UPDATE entries SET content = ? WHERE id = ?', params: [content, id] }]
}

export function deleteEntries(ids: readonly string[]): Statement[] {
  return deleteWhereIn('entries', 'id', ids)
}

/** What a local timeline query selects. */
export interface LocalTimelineQuery {
  feedIds: readonly string[]
  inboxIds: readonly string[]
  /** Only starred entries of this view (feedIds/inboxIds ignored). */
  collectionView?: number
  unreadOnly?: boolean
  /** Entries published strictly before this time (the paging cursor). */
  before?: string | null
  limit: number
}

/** A timeline from the local database, newest first, without bodies. */
export async function readTimeline(db: SqlExecutor, q: LocalTimelineQuery): Promise<Entry[]> {
  const where: string[] = []
  const params: SqlValue[] = []
  // Starred entries join their collection rows; other timelines walk (publishedAt, feedId,
  // inboxHandle) backwards and stop after a page, reading only the index.
  let from = 'entries INDEXED BY entries_published_source_idx'
  let order = 'ORDER BY entries.publishedAt DESC'
  if (q.collectionView !== undefined) {
    from = 'entries JOIN collections ON collections.entryId = entries.id'
    order = 'ORDER BY entries.publishedAt DESC, entries.id DESC'
    where.push('collections.view = ?')
    params.push(q.collectionView)
  } else {
    const sources: string[] = []
    if (q.feedIds.length) {
      sources.push(`entries.feedId IN (${placeholders(q.feedIds.length)})`)
      params.push(...q.feedIds)
    }
    if (q.inboxIds.length) {
      sources.push(`entries.inboxHandle IN (${placeholders(q.inboxIds.length)})`)
      params.push(...q.inboxIds)
    }
    if (sources.length === 0) return []
    where.push(`(${sources.join(' OR ')})`)
  }
  if (q.unreadOnly) where.push('entries.read = 0')
  if (q.before) {
    where.push('entries.publishedAt < ?')
    params.push(q.before)
  }
  params.push(q.limit)
  // The page's rowids first (from an index), then only those rows: sorting the whole rows of
  // every matching entry would read them all. The rows come back as one JSON cell (sql.ts).
  const rows = `SELECT ${ENTRY_LIST_COLUMNS.join(', ')} FROM entries WHERE rowid IN (SELECT entries.rowid FROM ${from} WHERE ${where.join(' AND ')} ${order} LIMIT ?)`
  const [result] = await db.run([{ sql: jsonRowsSql(ENTRY_LIST_COLUMNS, `FROM (${rows})`), params }])
  return parseTimelineRows(result)
}

/**
 * The "all" timeline of a view straight from SQL (its sources from the subscriptions and lists
 * tables), so it can be read in the same round trip as hydration: the first page at start does
 * not wait for the stores. Same rows and order as `readTimeline` with `timelineSources` (hidden
 * subscriptions left out; private ones kept — callers skip this when the user hides them).
 */
export function viewTimelineStatement(view: number, unreadOnly: boolean, limit: number): Statement {
  const visible = 'view = ? AND COALESCE(hideFromTimeline, 0) = 0'
  const rows = `SELECT ${ENTRY_LIST_COLUMNS.join(', ')} FROM entries WHERE rowid IN (
    SELECT entries.rowid FROM entries INDEXED BY entries_published_source_idx
    WHERE (entries.feedId IN (
        SELECT feedId FROM subscriptions WHERE type = 'feed' AND feedId IS NOT NULL AND ${visible}
        UNION SELECT j.value FROM subscriptions s JOIN lists l ON l.id = s.listId, json_each(l.feedIds) j WHERE s.type = 'list' AND s.view = ? AND COALESCE(s.hideFromTimeline, 0) = 0
      ) OR entries.inboxHandle IN (SELECT inboxId FROM subscriptions WHERE type = 'inbox' AND ${visible}))
    ${unreadOnly ? 'AND entries.read = 0' : ''}
    ORDER BY entries.publishedAt DESC LIMIT ?)`
  return { sql: jsonRowsSql(ENTRY_LIST_COLUMNS, `FROM (${rows})`), params: [view, view, view, limit] }
}

/** Entries of a `viewTimelineStatement` answer, newest first. */
export function parseTimelineRows(result: StatementResult | undefined): Entry[] {
  return parseJsonRows(result, ENTRY_LIST_COLUMNS)
    .map(entryFromRow)
    .sort((a, b) => (a.publishedAt === b.publishedAt ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.publishedAt < b.publishedAt ? 1 : -1))
}

/** One entry with its bodies. */
export async function readEntry(db: SqlExecutor, id: string): Promise<Entry | null> {
  const [result] = await db.run([{ sql: `SELECT ${ENTRY_COLUMNS.join(', ')} FROM entries WHERE id = ?`, params: [id] }])
  const row = toObjects<Record<string, SqlValue>>(result)[0]
  return row ? entryFromRow(row) : null
}

/** Entries by id (without bodies). */
export async function readEntries(db: SqlExecutor, ids: readonly string[]): Promise<Entry[]> {
  const out: Entry[] = []
  for (const part of chunks(ids, 500)) {
    const [result] = await db.run([{ sql: `SELECT ${ENTRY_LIST_COLUMNS.join(', ')} FROM entries WHERE id IN (${placeholders(part.length)})`, params: [...part] }])
    out.push(...toObjects<Record<string, SqlValue>>(result).map(entryFromRow))
  }
  return out
}

/**
 * SPEC §9 pruning: per source (feed or inbox) keep the newest 20 entries plus every unread or
 * starred one; delete the rest.
 */
export function pruneEntries(keep = ENTRIES_KEPT_PER_SOURCE): Statement[] {
  return [
    {
      sql: `DELETE FROM entries WHERE id IN (
        SELECT id FROM (
          SELECT id, read, ROW_NUMBER() OVER (PARTITION BY COALESCE(feedId, 'inbox:' || inboxHandle) ORDER BY publishedAt DESC, id DESC) AS n
          FROM entries
        ) WHERE n > ? AND read = 1 AND id NOT IN (SELECT entryId FROM collections)
      )`,
      params: [keep],
    },
  ]
}

/** How many entries the local database holds. */
export async function countEntries(db: SqlExecutor): Promise<number> {
  const [result] = await db.run([{ sql: 'SELECT count(*) AS n FROM entries' }])
  return Number(toObjects<{ n: number }>(result)[0]?.n ?? 0)
}
