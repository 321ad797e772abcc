/**
 * RSSHub instances (issue 17, docs/rsshub.md): instances users add (or RSSHUB_URL seeds), their
 * last health check, and which instance each user reads `rsshub://` feeds through.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rsshub_instances')
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** Null: seeded from RSSHUB_URL, the instance's own (admins manage it). */
    .addColumn('ownerUserId', 'text', (c) => c.references('user.id').onDelete('cascade'))
    .addColumn('baseUrl', 'text', (c) => c.notNull())
    .addColumn('accessKey', 'text')
    .addColumn('description', 'text')
    /** POWER per month, as a decimal string; 0 or null: free. */
    .addColumn('price', 'text')
    /** Users who may use it at once (null: no limit). */
    .addColumn('userLimit', 'integer')
    /** 1 on the one instance used by people who chose none (set by an admin, or the RSSHUB_URL seed). */
    .addColumn('isDefault', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('checkedAt', 'text')
    .addColumn('responseTimeMs', 'integer')
    .addColumn('errorAt', 'text')
    .addColumn('errorMessage', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('rsshub_instances_owner_idx').on('rsshub_instances').column('ownerUserId').execute()

  await db.schema
    .createTable('rsshub_usage')
    .addColumn('userId', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('instanceId', 'text', (c) => c.notNull().references('rsshub_instances.id').onDelete('cascade'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('rsshub_usage_instance_idx').on('rsshub_usage').column('instanceId').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rsshub_usage').execute()
  await db.schema.dropTable('rsshub_instances').execute()
}
