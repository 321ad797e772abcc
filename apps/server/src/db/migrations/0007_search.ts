/**
 * Full-text search of entries (docs/search.md). SQLite: an FTS5 table holding only the index
 * (contentless, rows deletable), its rowid the entry's numeric id, emptied by a trigger when an
 * entry goes. PostgreSQL: a tsvector per entry with a GIN index, gone with its entry by cascade.
 * Both receive tokens made by domains/search/tokens.ts (CJK as bigrams), never raw text.
 * Entries stored before this migration are indexed in the background (search_backfill holds
 * how far), so start-up never waits for it.
 */
import { sql, type Kysely } from 'kysely'
import { isSqlite } from './columnTypes.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    await sql`create virtual table entry_fts using fts5(title, body, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(db)
    await sql`create trigger entries_search_delete after delete on entries begin delete from entry_fts where rowid = cast(old.id as integer); end`.execute(db)
  } else {
    await sql`create table entry_search ("entryId" text primary key references entries(id) on delete cascade, document tsvector not null)`.execute(db)
    await sql`create index entry_search_document_idx on entry_search using gin (document)`.execute(db)
  }
  await db.schema
    .createTable('search_backfill')
    .addColumn('name', 'text', (c) => c.primaryKey().notNull())
    .addColumn('cursor', 'text', (c) => c.notNull())
    .addColumn('indexed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('finishedAt', 'text')
    .execute()
  await sql`insert into search_backfill (name, cursor, indexed) values ('entries', '', 0)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_backfill').execute()
  if (isSqlite(db)) {
    await sql`drop trigger entries_search_delete`.execute(db)
    await sql`drop table entry_fts`.execute(db)
  } else {
    await sql`drop table entry_search`.execute(db)
  }
}
