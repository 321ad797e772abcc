/**
 * Discovery (issue 17, docs/rsshub.md, docs/discover.md): a feed's discovery category (SPEC §3
 * categories — from its RSSHub route, or set by the feed's owner or an admin; never from what
 * subscribers file it under), and purchases of paid RSSHub instances (the money is a ledger
 * transfer; this row says which instance it bought and until when).
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('feeds').addColumn('discoveryCategory', 'text').execute()
  await db.schema.createIndex('feeds_discovery_category_idx').on('feeds').columns(['discoveryCategory', 'subscriptionCount']).execute()

  await db.schema
    .createTable('rsshub_purchases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // No foreign key to rsshub_instances: this table must not pin 0013's (the storage test re-runs 0013
    // alone); deleting an instance deletes its purchases in the same transaction (rsshub/repo.ts).
    .addColumn('instanceId', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('months', 'integer', (c) => c.notNull())
    /** Smallest units of POWER, decimal text (the transfer's amount). */
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('transferId', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('rsshub_purchases_user_idx').on('rsshub_purchases').columns(['userId', 'instanceId', 'expiresAt']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rsshub_purchases').execute()
  await db.schema.dropIndex('feeds_discovery_category_idx').execute()
  await db.schema.alterTable('feeds').dropColumn('discoveryCategory').execute()
}
