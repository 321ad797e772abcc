/**
 * Idempotency keys (issue 5): the answer to each mutating request a client sent with an
 * `Idempotency-Key`, per user, kept 24 hours so a replayed request gets the same answer instead
 * of running twice. The primary key makes two concurrent claims of one key impossible.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    /** pending while the first request runs, done once its answer is stored. */
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('responseStatus', 'integer')
    .addColumn('responseType', 'text')
    .addColumn('responseBody', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['userId', 'key'])
    .execute()
  await db.schema.createIndex('idempotency_keys_expires_idx').on('idempotency_keys').column('expiresAt').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute()
}
