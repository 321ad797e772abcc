/**
 * Indexes for the reading API (docs/reading-api.md, "Timeline queries") and the per-user OPML
 * import quota.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // The all-feeds timeline walks entries newest first and checks each row's source against the
  // user's subscriptions; feedId/inboxId ride in the index so skipped rows never touch the table.
  await db.schema.createIndex('entries_published_source_idx').on('entries').columns(['publishedAt', 'id', 'feedId', 'inboxId']).execute()
  // check-new: anything inserted after a time, newest first.
  await db.schema.createIndex('entries_inserted_source_idx').on('entries').columns(['insertedAt', 'feedId', 'inboxId']).execute()
  // Per-user subscription lookups by view (sidebar, counts, timeline source sets).
  await db.schema.createIndex('subscriptions_user_view_idx').on('subscriptions').columns(['userId', 'view']).execute()
  await db.schema.createIndex('collections_user_created_idx').on('collections').columns(['userId', 'createdAt']).execute()

  await db.schema
    .createTable('opml_import_usage')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('opml_import_usage_pk', ['userId', 'day'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('opml_import_usage').execute()
  for (const name of ['collections_user_created_idx', 'subscriptions_user_view_idx', 'entries_inserted_source_idx', 'entries_published_source_idx']) {
    await db.schema.dropIndex(name).execute()
  }
}
