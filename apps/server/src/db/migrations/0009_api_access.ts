/**
 * Third-party access and push (issue 16): API tokens (used as Bearer tokens and as the password of
 * the Google Reader and Fever APIs), Web Push subscriptions and per-feed notification choices, and
 * WebSub subscriptions (one per feed with a hub). VAPID keys live in instance_kv.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    /** sha256 (hex) of the token: looked up per request, so a fast hash of a 256-bit secret. */
    .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
    /** md5(email:token) (hex): the Fever API's api_key. */
    .addColumn('feverKey', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('lastUsedAt', 'text')
    .addColumn('lastUsedClient', 'text')
    .execute()
  await db.schema.createIndex('api_tokens_user_idx').on('api_tokens').column('userId').execute()
  await db.schema.createIndex('api_tokens_fever_idx').on('api_tokens').column('feverKey').execute()

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('userAgent', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('userId').execute()

  await db.schema
    .createTable('feed_notifications')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('feedId', 'text', (c) => c.notNull().references('feeds.id').onDelete('cascade'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('feed_notifications_pk', ['userId', 'feedId'])
    .execute()
  await db.schema.createIndex('feed_notifications_feed_idx').on('feed_notifications').column('feedId').execute()

  await db.schema
    .createTable('websub_subscriptions')
    .addColumn('feedId', 'text', (c) => c.primaryKey().notNull().references('feeds.id').onDelete('cascade'))
    .addColumn('hub', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    /** The callback's path token (unguessable) and the HMAC secret given to the hub. */
    .addColumn('callbackToken', 'text', (c) => c.notNull().unique())
    .addColumn('secret', 'text', (c) => c.notNull())
    /** requested | active | unsubscribing */
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('leaseUntil', 'text')
    .addColumn('verifiedAt', 'text')
    .addColumn('lastPushAt', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('websub_subscriptions_lease_idx').on('websub_subscriptions').column('leaseUntil').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['websub_subscriptions', 'feed_notifications', 'push_subscriptions', 'api_tokens']) {
    await db.schema.dropTable(table).execute()
  }
}
