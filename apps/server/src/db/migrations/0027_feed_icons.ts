/**
 * Feed icons (issue 16, docs/api-access.md): the bytes of each feed's icon, fetched once a week
 * from the feed's image or its site's /favicon.ico, for clients that want the icon itself (Fever's
 * `favicons`). A row without data records a look that found nothing, so it is not repeated daily.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feed_icons')
    .addColumn('feedId', 'text', (c) => c.primaryKey())
    /** image/png, image/gif, image/jpeg, image/x-icon or image/webp; null when none was found. */
    .addColumn('mime', 'text')
    /** The icon, base64. */
    .addColumn('data', 'text')
    .addColumn('sourceUrl', 'text')
    .addColumn('checkedAt', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feed_icons').execute()
}
