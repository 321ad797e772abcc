/**
 * Worker-id leases (docs/operations.md, "Worker ids"): every process that makes ids holds one of
 * the 1,024 worker ids of the id format for as long as it runs, renewed while alive, so two
 * processes on one database never make the same id. A row whose lease expired is free again.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('worker_leases')
    .addColumn('workerId', 'integer', (c) => c.primaryKey())
    /** A random token of the holding process. */
    .addColumn('holder', 'text', (c) => c.notNull())
    /** ISO time after which the id is free again unless renewed. */
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('worker_leases').execute()
}
