/**
 * The feed engine's bookkeeping: a refresh lease per feed (so two workers, in one process or on
 * two machines, never refresh the same feed at once) and an index for the scheduler's due query.
 */
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('feeds').addColumn('leaseUntil', 'text').execute()
  await db.schema.alterTable('feeds').addColumn('leaseOwner', 'text').execute()
  // The scheduler asks "subscribed feeds due before now, oldest first"; a partial index keeps the
  // feeds nobody subscribes to (never refreshed, so forever "due") out of that walk.
  await db.schema
    .createIndex('feeds_due_idx')
    .on('feeds')
    .column('nextCheckAt')
    .where(sql.ref('subscriptionCount'), '>', sql.lit(0))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('feeds_due_idx').execute()
  await db.schema.alterTable('feeds').dropColumn('leaseOwner').execute()
  await db.schema.alterTable('feeds').dropColumn('leaseUntil').execute()
}
