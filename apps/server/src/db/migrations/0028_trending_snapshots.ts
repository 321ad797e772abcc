/**
 * Trending snapshots (issue 17, docs/trending.md): the rankings the scheduler role computes every
 * hour, one row per ranking and parameter set, read by every web process. Totals only, as JSON.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trending_snapshots')
    /** The ranking and its parameters, as JSON: ["feeds", view, language], ["users"], ["counters"]… */
    .addColumn('key', 'text', (c) => c.primaryKey())
    /** The answer (JSON), computed at computedAt. */
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('computedAt', 'text', (c) => c.notNull())
    /** When a request last read this ranking (to the nearest 10 minutes): rankings nobody asks for are dropped, not refreshed. */
    .addColumn('requestedAt', 'text')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('trending_snapshots').execute()
}
