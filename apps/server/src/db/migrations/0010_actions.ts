/**
 * Action rules (issue 12): each user's rules as one JSON document (`action_rules`), and what the
 * rules did to an entry for one user (`entry_actions`): hidden (blocked), a rewritten title or
 * content, and the per-entry settings the reader follows (summary, translation, readability,
 * source content, notification). Entries of a feed are shared by every subscriber, so what one
 * user's rules change lives here, not in the entry row.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('action_rules')
    .addColumn('userId', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    /** JSON: the rules array as PUT /actions stored it. */
    .addColumn('rules', 'text', (c) => c.notNull())
    /** Rules that are not disabled (0: the ingest skips this user without reading `rules`). */
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('entry_actions')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('entryId', 'text', (c) => c.notNull().references('entries.id').onDelete('cascade'))
    .addColumn('blocked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text')
    .addColumn('content', 'text')
    /** JSON: {summary, translation, readability, sourceContent, newEntryNotification} as set. */
    .addColumn('settings', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('entry_actions_pk', ['userId', 'entryId'])
    .execute()
  await db.schema.createIndex('entry_actions_entry_idx').on('entry_actions').column('entryId').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('entry_actions').execute()
  await db.schema.dropTable('action_rules').execute()
}
