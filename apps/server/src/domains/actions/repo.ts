/**
 * SQL of action rules: each user's rules (one JSON row), who among an ingest's readers has rules,
 * the facts a condition tests, and the effects of matching rules written in the ingest's own
 * transaction (reads with their counters, stars, hidden entries and per-user rewrites/settings).
 */
import { sql } from 'kysely'
import { inTransaction, type Db } from '../../db/transactions.ts'
import { chunks } from '../../db/chunks.ts'
import { applyEntryDeltas, type EntrySource } from '../unread/repo.ts'

/** A user who has enabled rules and reads a source, with the subscription's view and category. */
export type RuleHolder = { userId: string; view: number; category: string | null; rules: string; updatedAt: string }

/** What the rules decided for one entry and one user. */
export type EntryEffect = {
  entry: EntrySource & { publishedAt: string }
  view: number
  read: boolean
  star: boolean
  blocked: boolean
  title: string | null
  content: string | null
  /** JSON text of the entry settings, or null. */
  settings: string | null
}

/** The per-user overlay of an entry (what the reader shows instead of the stored row). */
export type EntryOverlay = { entryId: string; blocked: number; title: string | null; content: string | null; settings: string | null }

/** Users with enabled rules who follow a feed (directly, or through a list: the direct subscription wins). */
export async function ruleHoldersOfFeed(trx: Db, feedId: string): Promise<RuleHolder[]> {
  const direct = await trx
    .selectFrom('subscriptions as s')
    .innerJoin('action_rules as r', 'r.userId', 's.userId')
    .select(['s.userId', 's.view', 's.category', 'r.rules', 'r.updatedAt'])
    .where('s.feedId', '=', feedId)
    .where('r.active', '>', 0)
    .execute()
  const viaList = await trx
    .selectFrom('list_feeds as lf')
    .innerJoin('subscriptions as s', 's.listId', 'lf.listId')
    .innerJoin('action_rules as r', 'r.userId', 's.userId')
    .select(['s.userId', 's.view', 's.category', 'r.rules', 'r.updatedAt'])
    .where('lf.feedId', '=', feedId)
    .where('r.active', '>', 0)
    .execute()
  const byUser = new Map<string, RuleHolder>()
  for (const row of [...direct, ...viaList]) if (!byUser.has(row.userId)) byUser.set(row.userId, row)
  return [...byUser.values()]
}

/** The inbox's owner when they have enabled rules. */
export async function ruleHolderOfInbox(trx: Db, inboxId: string): Promise<RuleHolder | null> {
  const row = await trx
    .selectFrom('subscriptions as s')
    .innerJoin('action_rules as r', 'r.userId', 's.userId')
    .select(['s.userId', 's.view', 's.category', 'r.rules', 'r.updatedAt'])
    .where('s.inboxId', '=', inboxId)
    .where('r.active', '>', 0)
    .executeTakeFirst()
  return row ?? null
}

/** A feed's title and addresses (what feed_title, feed_url and site_url test). */
export async function feedFacts(trx: Db, feedId: string): Promise<{ title: string | null; url: string; siteUrl: string | null } | null> {
  return (await trx.selectFrom('feeds').select(['title', 'url', 'siteUrl']).where('id', '=', feedId).executeTakeFirst()) ?? null
}

/**
 * Writes one user's effects in the caller's transaction: entries the rules mark read (silenced or
 * blocked) leave the user's counters exactly once (an entry already read is not counted twice),
 * starred ones join the collection, and hidden/rewritten/settings rows are upserted.
 */
export async function writeEffects(trx: Db, userId: string, effects: EntryEffect[], now: string): Promise<void> {
  // Raw multi-row statements: Kysely's insert builder spends ~20 µs per row on value nodes, which
  // was a third of the rules' ingest cost (bench/actions).
  const toRead = effects.filter((e) => e.read)
  if (toRead.length > 0) {
    // RETURNING names exactly the reads this statement added, so a concurrent mark-read is never uncounted twice.
    const added = new Set<string>()
    for (const part of chunks(toRead)) {
      const rows = sql.join(part.map((e) => sql`(${userId}, ${e.entry.id}, ${now})`))
      const result = await sql<{ entryId: string }>`insert into entry_reads ("userId", "entryId", "readAt") values ${rows}
        on conflict ("userId", "entryId") do nothing returning "entryId"`.execute(trx)
      for (const row of result.rows) added.add(row.entryId)
    }
    await applyEntryDeltas(trx, userId, toRead.filter((e) => added.has(e.entry.id)).map((e) => e.entry), -1)
  }
  for (const part of chunks(effects.filter((e) => e.star))) {
    const rows = sql.join(part.map((e) => sql`(${userId}, ${e.entry.id}, ${e.entry.feedId}, ${e.view}, ${now})`))
    await sql`insert into collections ("userId", "entryId", "feedId", view, "createdAt") values ${rows}
      on conflict ("userId", "entryId") do nothing`.execute(trx)
  }
  const overlays = effects.filter((e) => e.blocked || e.title !== null || e.content !== null || e.settings !== null)
  for (const part of chunks(overlays)) {
    const rows = sql.join(part.map((e) => sql`(${userId}, ${e.entry.id}, ${e.blocked ? 1 : 0}, ${e.title}, ${e.content}, ${e.settings}, ${now})`))
    await sql`insert into entry_actions ("userId", "entryId", blocked, title, content, settings, "createdAt") values ${rows}
      on conflict ("userId", "entryId") do update set blocked = excluded.blocked, title = excluded.title, content = excluded.content, settings = excluded.settings`.execute(trx)
  }
}

/** Rows of a user's latest entries with the facts a condition tests (feeds, lists' feeds, inboxes). */
export type CandidateRow = {
  id: string
  feedId: string | null
  inboxId: string | null
  title: string | null
  content: string | null
  author: string | null
  url: string | null
  publishedAt: string
  view: number
  category: string | null
  feedTitle: string | null
  feedUrl: string | null
  siteUrl: string | null
}

export function actionsRepo(db: Db) {
  return {
    async get(userId: string): Promise<{ rules: string; updatedAt: string } | null> {
      return (await db.selectFrom('action_rules').select(['rules', 'updatedAt']).where('userId', '=', userId).executeTakeFirst()) ?? null
    },

    async put(userId: string, rules: string, active: number, now: string): Promise<void> {
      await db
        .insertInto('action_rules')
        .values({ userId, rules, active, updatedAt: now })
        .onConflict((oc) => oc.column('userId').doUpdateSet({ rules, active, updatedAt: now }))
        .execute()
    },

    /**
     * The user's newest `limit` entries (by publishedAt) across feeds, lists and inboxes they
     * follow, in one statement: each source once (a direct subscription wins over a list, the
     * first list over later ones, for view and category), entries joined to it, newest first.
     */
    async latestEntries(userId: string, limit: number): Promise<CandidateRow[]> {
      const direct = db.selectFrom('subscriptions as s').select(['s.feedId', 's.inboxId', 's.view', 's.category']).where('s.userId', '=', userId).where('s.listId', 'is', null)
      const viaLists = db
        .selectFrom('subscriptions as s')
        .innerJoin('list_feeds as lf', 'lf.listId', 's.listId')
        .select(['lf.feedId', sql<string | null>`null`.as('inboxId'), 's.view', 's.category'])
        .where('s.userId', '=', userId)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('subscriptions as d').select('d.id').where('d.userId', '=', userId).whereRef('d.feedId', '=', 'lf.feedId'))),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('subscriptions as o')
                .innerJoin('list_feeds as olf', 'olf.listId', 'o.listId')
                .select('o.id')
                .where('o.userId', '=', userId)
                .whereRef('olf.feedId', '=', 'lf.feedId')
                .whereRef('o.listId', '<', 's.listId'),
            ),
          ),
        )
      return db
        .selectFrom(direct.unionAll(viaLists).as('src'))
        .innerJoin('entries as e', (join) => join.on((eb) => eb.or([eb('e.feedId', '=', eb.ref('src.feedId')), eb('e.inboxId', '=', eb.ref('src.inboxId'))])))
        .leftJoin('feeds as f', 'f.id', 'e.feedId')
        .leftJoin('inboxes as i', 'i.id', 'e.inboxId')
        .select(['e.id', 'e.feedId', 'e.inboxId', 'e.title', 'e.content', 'e.author', 'e.url', 'e.publishedAt', 'src.view', 'src.category', 'f.url as feedUrl', 'f.siteUrl'])
        .select((eb) => eb.fn.coalesce('f.title', 'i.title').as('feedTitle'))
        .orderBy('e.publishedAt', 'desc')
        .orderBy('e.id', 'desc')
        .limit(limit)
        .execute()
    },

    /** The user's overlays of these entries (rewrites, hidden, settings). */
    async overlays(userId: string, entryIds: string[]): Promise<Map<string, EntryOverlay>> {
      const out = new Map<string, EntryOverlay>()
      for (const part of chunks(entryIds)) {
        const rows = await db.selectFrom('entry_actions').select(['entryId', 'blocked', 'title', 'content', 'settings']).where('userId', '=', userId).where('entryId', 'in', part).execute()
        for (const row of rows) out.set(row.entryId, row)
      }
      return out
    },

    /** Runs work in one transaction. */
    transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
      return inTransaction(db, work)
    },
  }
}

export type ActionsRepo = ReturnType<typeof actionsRepo>
