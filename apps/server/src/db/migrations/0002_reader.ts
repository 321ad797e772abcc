/**
 * The reading model: feeds and their entries, and each user's subscriptions, read state,
 * unread counters, stars, lists, inboxes and settings. Times are ISO-8601 UTC text and
 * flags are integers 0/1 on both dialects (docs/storage.md says why).
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feeds')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('url', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text')
    .addColumn('description', 'text')
    .addColumn('siteUrl', 'text')
    .addColumn('image', 'text')
    .addColumn('language', 'text')
    .addColumn('ownerUserId', 'text')
    .addColumn('etag', 'text')
    .addColumn('lastModified', 'text')
    .addColumn('checkedAt', 'text')
    .addColumn('nextCheckAt', 'text')
    .addColumn('errorAt', 'text')
    .addColumn('errorMessage', 'text')
    .addColumn('errorCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ttlMinutes', 'integer')
    .addColumn('updatesPerWeek', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('latestEntryPublishedAt', 'text')
    .addColumn('subscriptionCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('feeds_nextCheckAt_idx').on('feeds').columns(['nextCheckAt']).execute()

  await db.schema
    .createTable('inboxes')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull()) // the handle
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('title', 'text')
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('inboxes_userId_idx').on('inboxes').column('userId').execute()

  await db.schema
    .createTable('entries')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('feedId', 'text', (c) => c.references('feeds.id').onDelete('cascade'))
    .addColumn('inboxId', 'text', (c) => c.references('inboxes.id').onDelete('cascade'))
    .addColumn('guid', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('url', 'text')
    .addColumn('description', 'text')
    .addColumn('content', 'text')
    .addColumn('author', 'text')
    .addColumn('authorUrl', 'text')
    .addColumn('authorAvatar', 'text')
    .addColumn('publishedAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text')
    .addColumn('insertedAt', 'text', (c) => c.notNull())
    .addColumn('categories', 'text')
    .addColumn('media', 'text')
    .addColumn('attachments', 'text')
    .addColumn('extra', 'text')
    .addColumn('language', 'text')
    .addColumn('contentHash', 'text')
    .addColumn('readabilityContent', 'text')
    .addColumn('readabilityUpdatedAt', 'text')
    .execute()
  await db.schema.createIndex('entries_feed_guid_uq').on('entries').columns(['feedId', 'guid']).unique().execute()
  await db.schema.createIndex('entries_inbox_guid_uq').on('entries').columns(['inboxId', 'guid']).unique().execute()
  await db.schema.createIndex('entries_feed_published_idx').on('entries').columns(['feedId', 'publishedAt', 'id']).execute()
  await db.schema.createIndex('entries_inbox_published_idx').on('entries').columns(['inboxId', 'publishedAt', 'id']).execute()

  await db.schema
    .createTable('lists')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('ownerUserId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('image', 'text')
    .addColumn('view', 'integer', (c) => c.notNull())
    .addColumn('fee', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subscriptionCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('lists_owner_idx').on('lists').column('ownerUserId').execute()
  await db.schema
    .createTable('list_feeds')
    .addColumn('listId', 'text', (c) => c.notNull().references('lists.id').onDelete('cascade'))
    .addColumn('feedId', 'text', (c) => c.notNull().references('feeds.id').onDelete('cascade'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('list_feeds_pk', ['listId', 'feedId'])
    .execute()
  await db.schema.createIndex('list_feeds_feed_idx').on('list_feeds').column('feedId').execute()

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('feedId', 'text', (c) => c.references('feeds.id').onDelete('cascade'))
    .addColumn('listId', 'text', (c) => c.references('lists.id').onDelete('cascade'))
    .addColumn('inboxId', 'text', (c) => c.references('inboxes.id').onDelete('cascade'))
    .addColumn('view', 'integer', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('category', 'text')
    .addColumn('isPrivate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hideFromTimeline', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('subscriptions_user_feed_uq').on('subscriptions').columns(['userId', 'feedId']).unique().execute()
  await db.schema.createIndex('subscriptions_user_list_uq').on('subscriptions').columns(['userId', 'listId']).unique().execute()
  await db.schema.createIndex('subscriptions_user_inbox_uq').on('subscriptions').columns(['userId', 'inboxId']).unique().execute()
  await db.schema.createIndex('subscriptions_feed_idx').on('subscriptions').column('feedId').execute()
  await db.schema.createIndex('subscriptions_list_idx').on('subscriptions').column('listId').execute()

  await db.schema
    .createTable('entry_reads')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('entryId', 'text', (c) => c.notNull().references('entries.id').onDelete('cascade'))
    .addColumn('readAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('entry_reads_pk', ['userId', 'entryId'])
    .execute()
  await db.schema.createIndex('entry_reads_entry_idx').on('entry_reads').columns(['entryId', 'readAt']).execute()

  // One counter per (user, source): source is a feed id, list id or inbox id.
  await db.schema
    .createTable('unread_counts')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('sourceId', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('unread_counts_pk', ['userId', 'sourceId'])
    .execute()
  await db.schema.createIndex('unread_counts_source_idx').on('unread_counts').column('sourceId').execute()

  await db.schema
    .createTable('collections')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('entryId', 'text', (c) => c.notNull().references('entries.id').onDelete('cascade'))
    .addColumn('feedId', 'text')
    .addColumn('view', 'integer', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('collections_pk', ['userId', 'entryId'])
    .execute()

  await db.schema
    .createTable('settings')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('tab', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('settings_pk', ['userId', 'tab'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['settings', 'collections', 'unread_counts', 'entry_reads', 'subscriptions', 'list_feeds', 'lists', 'entries', 'inboxes', 'feeds']) {
    await db.schema.dropTable(table).execute()
  }
}
