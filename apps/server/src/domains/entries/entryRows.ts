/**
 * @module From normalized entries to storage rows: de-duplicated by guid, capped to the newest
 * MAX_ENTRIES_PER_FETCH, each with a content hash so an unchanged entry is never rewritten.
 * Entries normalized with `deferSanitize` carry their HTML as the feed gave it: the hash covers
 * that HTML, its base URL and SANITIZER_VERSION, and `storedContent` sanitizes it only for the
 * rows storeEntries really writes — an unchanged entry is never sanitized again.
 */
import crypto from 'node:crypto'
import { sanitizeEntryHtml } from '../../reader/parser/parseFeed.ts'
import type { NormalizedEntry } from '../../reader/normalize/types.ts'
import type { EntryContent } from './repo.ts'

/** A long feed (a full archive in one document) is stored up to its newest 500 items per fetch. */
export const MAX_ENTRIES_PER_FETCH = 500

/** A storage-ready entry: its guid, the columns a refresh may rewrite, and whether its date is real. */
export type PreparedEntry = {
  guid: string
  content: EntryContent & { contentHash: string; publishedAt: string }
  /** False when the feed gave no usable date and the normalizer used the fetch time. */
  datePublished: boolean
  /** Set when `content.content` is still the feed's HTML: the base its relative links resolve against. */
  unsanitized?: { baseUrl: string | null }
}

/**
 * Part of the hash of an entry whose HTML is hashed before sanitizing: bump it when the sanitizer's
 * policy changes, so stored entries are sanitized again at their next fetch.
 */
export const SANITIZER_VERSION = 'stream-1'

/** The sanitizer storage applies (the feed service passes its own, for tests that count the calls). */
export type EntrySanitizer = (html: string, baseUrl: string | null) => string

/** The columns to write for an entry: its HTML sanitized now if it was deferred. */
export function storedContent(entry: PreparedEntry, sanitize: EntrySanitizer = sanitizeEntryHtml): PreparedEntry['content'] {
  if (!entry.unsanitized || entry.content.content == null) return entry.content
  return { ...entry.content, content: sanitize(entry.content.content, entry.unsanitized.baseUrl) || null }
}

const json = (value: unknown[]) => (value.length > 0 ? JSON.stringify(value) : null)

/**
 * Prepares the entries of one fetch. `fetchedAt` is the `now` the parser was given: a
 * `publishedAt` equal to it means the feed had no date (or one in the future), so that date is
 * left out of the hash — otherwise a date-less feed would "change" on every fetch.
 */
export function prepareEntries(entries: NormalizedEntry[], fetchedAt: Date): PreparedEntry[] {
  const fetchedIso = fetchedAt.toISOString()
  const seen = new Set<string>()
  const unique: NormalizedEntry[] = []
  for (const entry of entries) {
    // A guid repeated within one document: the first (top-most) occurrence wins.
    if (!entry.guid || seen.has(entry.guid)) continue
    seen.add(entry.guid)
    unique.push(entry)
  }
  const newest =
    unique.length > MAX_ENTRIES_PER_FETCH
      ? [...unique].sort((a, b) => (a.publishedAt < b.publishedAt ? 1 : a.publishedAt > b.publishedAt ? -1 : 0)).slice(0, MAX_ENTRIES_PER_FETCH)
      : unique
  return newest.map((entry) => toPrepared(entry, entry.publishedAt !== fetchedIso))
}

function toPrepared(entry: NormalizedEntry, datePublished: boolean): PreparedEntry {
  const content = {
    title: entry.title,
    url: entry.url,
    description: entry.description,
    content: entry.content,
    author: entry.author,
    authorUrl: entry.authorUrl,
    authorAvatar: entry.authorAvatar,
    publishedAt: entry.publishedAt,
    updatedAt: entry.updatedAt,
    categories: json(entry.categories),
    media: json(entry.media),
    attachments: json(entry.attachments),
    language: entry.language,
  }
  const hash = crypto
    .createHash('sha1')
    .update(
      JSON.stringify([
        content.title,
        content.url,
        content.description,
        content.content,
        content.author,
        content.authorUrl,
        content.authorAvatar,
        datePublished ? content.publishedAt : null,
        content.updatedAt,
        content.categories,
        content.media,
        content.attachments,
        content.language,
        // Deferred sanitizing: the raw HTML was hashed, so its base and the sanitizer count too.
        ...(entry.contentBase !== undefined ? [entry.contentBase, SANITIZER_VERSION] : []),
      ]),
    )
    .digest('base64url')
  return {
    guid: entry.guid,
    content: { ...content, contentHash: hash },
    datePublished,
    ...(entry.contentBase !== undefined ? { unsanitized: { baseUrl: entry.contentBase } } : {}),
  }
}
