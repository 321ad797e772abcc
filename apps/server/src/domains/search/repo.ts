/**
 * SQL of full-text search (docs/search.md): the index writes the entries repo makes inside its
 * own transactions (`indexEntries`), the permission-checked ranked query on each dialect, the
 * subscription search, and the background backfill of entries stored before the index existed.
 */
import { sql, type RawBuilder } from 'kysely'
import type { Dialect } from '../../db/openDatabase.ts'
import { inTransaction, isSqliteDb, type Db } from '../../db/transactions.ts'
import { chunks } from '../../db/chunks.ts'
import { documentOf, type IndexableEntry } from './document.ts'
import { searchTokens, type QueryTerm } from '@brook/shared'
import { ftsMatch, tsQuery, tsVector } from './tokens.ts'

const MAX_ROWID = 9223372036854775807n

/** SQLite keys the FTS row by the entry's numeric id; an id that is not a 64-bit number is not indexed there. */
export function isIndexableId(id: string): boolean {
  return /^[1-9][0-9]{0,18}$/.test(id) && BigInt(id) <= MAX_ROWID
}

/** Rows per multi-row index INSERT. */
const INDEX_CHUNK = 100

/**
 * Indexes entries (new or rewritten) in the caller's transaction: their old documents go, the
 * new ones are written. Called by the entries repo wherever it stores an entry.
 */
export async function indexEntries(trx: Db, entries: IndexableEntry[], options: { replace: boolean } = { replace: true }): Promise<void> {
  if (entries.length === 0) return
  if (isSqliteDb(trx)) {
    const rows = entries.filter((e) => isIndexableId(e.id))
    for (const part of chunks(rows, INDEX_CHUNK)) {
      if (options.replace) await sql`delete from entry_fts where rowid in (${sql.join(part.map((e) => sql`cast(${e.id} as integer)`))})`.execute(trx)
      const values = part.map((e) => {
        const doc = documentOf(e)
        return sql`(cast(${e.id} as integer), ${doc.title.join(' ')}, ${doc.body.join(' ')})`
      })
      await sql`insert into entry_fts (rowid, title, body) values ${sql.join(values)}`.execute(trx)
    }
    return
  }
  for (const part of chunks(entries, INDEX_CHUNK)) {
    const values = part.map((e) => {
      const doc = documentOf(e)
      return sql`(${e.id}, cast(${tsVector(doc.title, doc.body)} as tsvector))`
    })
    await sql`insert into entry_search ("entryId", document) values ${sql.join(values)}
      on conflict ("entryId") do update set document = excluded.document`.execute(trx)
  }
}

/** A search of one user's entries. */
export type EntrySearchQuery = { userId: string; terms: QueryTerm[]; view?: number; feedId?: string; limit: number; offset: number }

/** A matching entry with what the answer and its highlights need. */
export type EntryHitRow = {
  id: string
  feedId: string | null
  inboxId: string | null
  title: string | null
  url: string | null
  author: string | null
  description: string | null
  content: string | null
  publishedAt: string
  score: number
}

/** A subscription whose title, URL or category matched. */
export type SubscriptionHitRow = {
  feedId: string | null
  listId: string | null
  inboxId: string | null
  view: number
  category: string | null
  title: string | null
  sourceTitle: string | null
  url: string | null
  siteUrl: string | null
  image: string | null
}

/**
 * Matches are ranked in blocks of this many, newest block first: the first page scores the 200
 * newest matches the user may see, not all of them (docs/search.md "Speed").
 */
export const SEARCH_BLOCK = 200

/** The recency boost: an entry of today counts up to twice, one a week old 1.5 times, an old one once. */
const BOOST_DAYS = 7

/** How many of the query's terms a title holds (a prefix term: a token it begins). */
function termsIn(title: string | null, terms: QueryTerm[]): number {
  if (!title) return 0
  const tokens = searchTokens(title)
  const set = new Set(tokens)
  return terms.filter((t) => (t.prefix ? tokens.some((token) => token.startsWith(t.token)) : set.has(t.token))).length
}

/** The recency boost of an entry published at `publishedAt` (ISO), as the PostgreSQL query computes it. */
function recencyBoost(publishedAt: string, now: number): number {
  const ageDays = Math.max(0, (now - Date.parse(publishedAt)) / 86_400_000)
  return 1 + 1 / (1 + ageDays / BOOST_DAYS)
}

export function searchRepo(db: Db, dialect: Dialect) {
  /**
   * Entries the user may see: those of feeds they follow (directly or through a followed list),
   * of inboxes they own and follow, and those they starred — per view when one is given.
   */
  function visible(userId: string, view: number | undefined): RawBuilder<unknown> {
    const byView = view === undefined ? sql`` : sql` and s."view" = ${view}`
    return sql`(e."feedId" in (select s."feedId" from subscriptions s where s."userId" = ${userId} and s."feedId" is not null${byView}
        union select lf."feedId" from subscriptions s join list_feeds lf on lf."listId" = s."listId" where s."userId" = ${userId}${byView})
      or e."inboxId" in (select s."inboxId" from subscriptions s join inboxes i on i.id = s."inboxId" and i."userId" = s."userId" where s."userId" = ${userId}${byView})
      or exists (select 1 from collections c where c."userId" = ${userId} and c."entryId" = e.id${view === undefined ? sql`` : sql` and c."view" = ${view}`}))`
  }

  const columns = sql`e.id, e."feedId", e."inboxId", e.title, e.url, e.author, e.description, e.content, e."publishedAt"`

  return {
    /**
     * Matching entries the user may see, in blocks of the `SEARCH_BLOCK` newest (by id: the order
     * entries were stored), each block best first (relevance times the recency boost). Only the
     * blocks a page reaches are read and scored, so a query costs the same however many of a
     * large database's entries its words match, and pages never overlap (docs/search.md "Speed").
     */
    async searchEntries(q: EntrySearchQuery): Promise<EntryHitRow[]> {
      if (q.terms.length === 0) return []
      const byFeed = q.feedId === undefined ? sql`` : sql` and e."feedId" = ${q.feedId}`
      const candidates = Math.ceil((q.offset + q.limit) / SEARCH_BLOCK) * SEARCH_BLOCK
      let scored: { id: string; score: number }[]
      if (dialect === 'sqlite') {
        // FTS5 walks the match newest rowid first and stops at the bound. Not bm25: its IDF counts
        // every row holding each term on every query (7.5 ms of a 1 ms query at 1,000,000 entries,
        // docs/search.md), so the candidates are scored here by the share of the query's terms in
        // their title (title 4×, body 1×, as bm25 weighed them) times the recency boost.
        const { rows } = await sql<{ id: string; title: string | null; publishedAt: string }>`select e.id as id, e.title as title, e."publishedAt" as "publishedAt"
          from entry_fts join entries e on e.id = cast(entry_fts.rowid as text)
          where entry_fts match ${ftsMatch(q.terms)} and ${visible(q.userId, q.view)}${byFeed}
          order by entry_fts.rowid desc limit ${candidates}`.execute(db)
        const now = Date.now()
        scored = rows.map((r) => ({ id: r.id, score: (1 + (3 * termsIn(r.title, q.terms)) / q.terms.length) * recencyBoost(r.publishedAt, now) }))
      } else {
        // The newest matches by id (ids grow with time and have the same length, so text order is
        // numeric order), then ts_rank of those only (it reads each one's tsvector).
        const { rows } = await sql<{ id: string; score: number }>`select c."entryId" as id,
            ts_rank(s.document, q.query) * (1.0 + 1.0 / (1.0 + greatest(0.0, extract(epoch from (now() - e."publishedAt"::timestamptz)) / 86400.0) / ${BOOST_DAYS})) as score
          from (select cast(${tsQuery(q.terms)} as tsquery) as query) q
            cross join lateral (
              select s."entryId" from entry_search s join entries e on e.id = s."entryId"
              where s.document @@ q.query and ${visible(q.userId, q.view)}${byFeed}
              order by s."entryId" desc limit ${candidates}
            ) c
            join entry_search s on s."entryId" = c."entryId"
            join entries e on e.id = c."entryId"
          order by c."entryId" desc`.execute(db)
        scored = rows.map((r) => ({ id: r.id, score: Number(r.score) }))
      }
      const page = scored
        .map((r, i) => ({ ...r, block: Math.floor(i / SEARCH_BLOCK) }))
        .sort((a, b) => a.block - b.block || b.score - a.score || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
        .slice(q.offset, q.offset + q.limit)
      if (page.length === 0) return []
      const byId = new Map((await sql<Omit<EntryHitRow, 'score'>>`select ${columns} from entries e where e.id in (${sql.join(page.map((r) => r.id))})`.execute(db)).rows.map((r) => [r.id, r]))
      return page.flatMap((r) => {
        const row = byId.get(r.id)
        return row ? [{ ...row, score: r.score }] : []
      })
    },

    /** The user's subscriptions whose title, source title, URL, site or category contains every word. */
    async searchSubscriptions(userId: string, words: string[], limit: number): Promise<SubscriptionHitRow[]> {
      if (words.length === 0) return []
      const haystack = sql`lower(coalesce(s.title, '') || ' ' || coalesce(s.category, '') || ' ' || coalesce(f.title, l.title, i.title, '') || ' ' || coalesce(f.url, '') || ' ' || coalesce(f."siteUrl", '') || ' ' || coalesce(s."inboxId", ''))`
      const conditions = words.map((w) => sql`${haystack} like ${`%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`)
      const { rows } = await sql<SubscriptionHitRow>`select s."feedId", s."listId", s."inboxId", s."view", s.category, s.title,
          coalesce(f.title, l.title, i.title) as "sourceTitle", f.url, f."siteUrl", coalesce(f.image, l.image) as image
        from subscriptions s
          left join feeds f on f.id = s."feedId"
          left join lists l on l.id = s."listId"
          left join inboxes i on i.id = s."inboxId"
        where s."userId" = ${userId} and ${sql.join(conditions, sql` and `)}
        order by coalesce(s.title, f.title, l.title, i.title, '') limit ${limit}`.execute(db)
      return rows
    },

    /**
     * Indexes the next `size` entries (by id) after the backfill's cursor, in one transaction that
     * holds them (so a refresh rewriting one waits, and its newer document wins). Returns how
     * many were indexed; 0 once every entry has been walked (then the backfill is marked done).
     */
    async backfillBatch(size: number, now: string): Promise<number> {
      return inTransaction(db, async (trx) => {
        const state = await trx.selectFrom('search_backfill').select(['cursor', 'finishedAt']).where('name', '=', 'entries').executeTakeFirst()
        if (!state || state.finishedAt) return 0
        let q = trx.selectFrom('entries').select(['id', 'title', 'description', 'content', 'author']).where('id', '>', state.cursor).orderBy('id').limit(size)
        if (dialect === 'postgres') q = q.forUpdate()
        const rows = await q.execute()
        if (rows.length === 0) {
          await trx.updateTable('search_backfill').set({ finishedAt: now }).where('name', '=', 'entries').execute()
          return 0
        }
        await indexEntries(trx, rows)
        await trx
          .updateTable('search_backfill')
          .set((eb) => ({ cursor: rows[rows.length - 1]!.id, indexed: eb('indexed', '+', rows.length) }))
          .where('name', '=', 'entries')
          .execute()
        return rows.length
      })
    },

    /**
     * SQLite: one step of merging the FTS5 index's b-trees into one (about `pages` pages written,
     * in its own short write). Each transaction that stores entries adds a small b-tree, and FTS5's
     * own merging keeps several per level, so a query reads every term's doclist in each of them;
     * one b-tree made the 1,000,000-entry walk ~30 % cheaper (docs/search.md). False when there
     * was nothing left to merge (FTS5: fewer than two rows changed) — and always on PostgreSQL,
     * whose GIN index autovacuum maintains.
     */
    async mergeIndexStep(pages: number): Promise<boolean> {
      if (dialect !== 'sqlite') return false
      const changes = async () => Number((await sql<{ n: number }>`select total_changes() as n`.execute(db)).rows[0]!.n)
      const before = await changes()
      await sql`insert into entry_fts (entry_fts, rank) values ('merge', ${-Math.abs(pages)})`.execute(db)
      return (await changes()) - before >= 2
    },

    /** Where the backfill stands. */
    async backfillState(): Promise<{ indexed: number; finishedAt: string | null } | null> {
      const row = await db.selectFrom('search_backfill').select(['indexed', 'finishedAt']).where('name', '=', 'entries').executeTakeFirst()
      return row ? { indexed: Number(row.indexed), finishedAt: row.finishedAt } : null
    },
  }
}

export type SearchRepo = ReturnType<typeof searchRepo>
