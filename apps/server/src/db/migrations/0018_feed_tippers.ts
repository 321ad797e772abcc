/**
 * Who tipped which feed (issue 11, docs/power.md): one row per feed and tipper, written in the
 * same transaction as the tip's ledger transfer (the ledger stays the record of money; this is
 * the listing SPEC §3/§7 show as a feed's `tipUserIds` and an entry item's `tipUsers`). A tip to
 * an entry counts for the entry's feed. The timeline reads it once per page by
 * `(feedId, lastAt)`; rows of tips sent before this migration are rebuilt from the transfers.
 */
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feed_tippers')
    .addColumn('feedId', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull())
    /** How many tips this user sent to the feed (or its entries). */
    .addColumn('tips', 'integer', (c) => c.notNull())
    .addColumn('firstAt', 'text', (c) => c.notNull())
    .addColumn('lastAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('feed_tippers_pk', ['feedId', 'userId'])
    .execute()
  await db.schema.createIndex('feed_tippers_feed_last_idx').on('feed_tippers').columns(['feedId', 'lastAt']).execute()

  // Tips already in the ledger: the reference is the feed id (a feed tip) or the entry id (an entry tip).
  await sql`
    insert into feed_tippers ("feedId", "userId", tips, "firstAt", "lastAt")
    select x."feedId", x."userId", count(*), min(x."createdAt"), max(x."createdAt")
    from (
      select coalesce(e."feedId", f.id) as "feedId", t."actorUserId" as "userId", t."createdAt" as "createdAt"
      from ledger_transfers t
      left join entries e on e.id = t.reference
      left join feeds f on f.id = t.reference
      where t.kind = 'tip' and t."actorUserId" is not null
    ) x
    where x."feedId" is not null
    group by x."feedId", x."userId"
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feed_tippers').execute()
}
