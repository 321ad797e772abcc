/**
 * Rows for tests and benches that need many feeds and entries without fetching: feeds are
 * inserted directly, entries go through the ingest's own storage (entries feedEntriesRepo insertEntries +
 * unread countNewFeedEntries), so unread counters move exactly as they do on a real refresh.
 */
import { newId } from '@brook/shared'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { feedsRepo } from '../domains/feeds/repo.ts'
import { feedEntriesRepo, type NewEntryRow } from '../domains/entries/repo.ts'
import { countNewFeedEntries } from '../domains/unread/repo.ts'

let serial = 0

/** A stored feed (no subscribers yet). */
export async function insertFeed(db: Kysely<Database>, fields: { url?: string; title?: string; description?: string } = {}): Promise<string> {
  const id = newId()
  const n = ++serial
  const now = new Date().toISOString()
  await db
    .insertInto('feeds')
    .values({
      id,
      url: fields.url ?? `https://factory.example/${id}/feed.xml`,
      title: fields.title ?? `Factory feed ${n}`,
      description: fields.description ?? null,
      siteUrl: `https://factory.example/${id}/`,
      image: null,
      language: null,
      ownerUserId: null,
      etag: null,
      lastModified: null,
      checkedAt: now,
      nextCheckAt: null,
      errorAt: null,
      errorMessage: null,
      ttlMinutes: null,
      latestEntryPublishedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute()
  return id
}

/** How `entryRows` makes a feed's entries. */
export type EntryRowOptions = { newest?: Date; stepMs?: number; guidPrefix?: string; content?: string | ((i: number) => { title?: string; content: string }); descriptionOnly?: string }

/** `count` new entry rows of a feed, newest `newest` and one minute apart going back (not stored). */
export function entryRows(feedId: string, count: number, options: EntryRowOptions = {}): NewEntryRow[] {
  const newest = (options.newest ?? new Date()).getTime()
  const step = options.stepMs ?? 60_000
  const prefix = options.guidPrefix ?? newId()
  const insertedAt = new Date().toISOString()
  return Array.from({ length: count }, (_, i) => {
    const made = typeof options.content === 'function' ? options.content(i) : null
    return {
    id: newId(),
    feedId,
    inboxId: null,
    guid: `${prefix}-${i}`,
    title: made?.title ?? `Entry ${i} of ${feedId}`,
    url: `https://factory.example/${feedId}/${prefix}-${i}`,
    description: options.descriptionOnly ?? `Description of entry ${i}`,
    // descriptionOnly: an entry whose feed gave no HTML, only the plain-text description.
    content: options.descriptionOnly !== undefined ? null : (made?.content ?? (typeof options.content === 'string' ? options.content : `<p>Content of entry ${i}</p>`)),
    author: null,
    authorUrl: null,
    authorAvatar: null,
    publishedAt: new Date(newest - i * step).toISOString(),
    updatedAt: null,
    insertedAt,
    categories: null,
    media: null,
    attachments: null,
    language: null,
    contentHash: null,
    }
  })
}

/** Stores one feed's new rows inside the caller's transaction, as the ingest does: insert (indexed for search) + unread counters. */
export async function storeEntryRows(trx: Kysely<Database>, feedId: string, rows: NewEntryRow[]): Promise<void> {
  if (rows.length === 0) return
  const inserted = await feedEntriesRepo(trx).insertEntries(rows)
  await countNewFeedEntries(trx, feedId, inserted, rows.reduce((min, r) => (r.publishedAt < min ? r.publishedAt : min), rows[0].publishedAt))
}

/**
 * Stores `count` entries of a feed, newest `newest` and one minute apart going back, through the
 * ingest's storage path (one transaction: insert + counters). Returns the new ids, newest first.
 */
export async function insertEntries(db: Kysely<Database>, feedId: string, count: number, options: EntryRowOptions = {}): Promise<string[]> {
  const rows = entryRows(feedId, count, options)
  await feedsRepo(db).transaction(async (_tx, trx) => storeEntryRows(trx, feedId, rows))
  return rows.map((r) => r.id as string)
}
