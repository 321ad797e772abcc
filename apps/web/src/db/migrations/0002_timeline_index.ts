/**
 * Timeline reads through one index on (publishedAt, feedId, inboxHandle): "entries of these
 * sources, newest first" walks it backwards and stops after a page, reading only the index. It
 * replaces the per-feed, per-inbox and plain publishedAt indexes. Entries of one API page belong
 * to many feeds, so a per-feed index had its pages rewritten all over on every page written
 * (bench/web-offline); the time-ordered index is appended to in one place.
 */
import type { LocalMigration } from '../migrate.ts'

export const m0002_timeline_index: LocalMigration = {
  tag: '0002_timeline_index',
  statements: [
    'DROP INDEX IF EXISTS entries_published_idx',
    'DROP INDEX IF EXISTS entries_inbox_published_idx',
    'DROP INDEX IF EXISTS entries_feed_published_idx',
    'CREATE INDEX entries_published_source_idx ON entries (publishedAt, feedId, inboxHandle)',
  ],
}
