/**
 * A lower bound on the publishedAt of a counter's unread entries (docs/reading-api.md, "Unread
 * floors"): no entry of the source that the user has not read is older than `unreadSince`. NULL
 * means no bound is known, which is always true; rows written before this migration start so.
 * An unread timeline walks the publishedAt index down to the lowest floor of the counters it
 * shows and no further.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('unread_counts').addColumn('unreadSince', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('unread_counts').dropColumn('unreadSince').execute()
}
