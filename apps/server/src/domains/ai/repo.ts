/** SQL of the AI domain: summaries, translations, usage, users' own providers (chat and digests: chatRepo.ts, digestRepo.ts). */
import type { Selectable } from 'kysely'
import type { AiSummariesTable, AiTranslationsTable, AiUserProvidersTable } from '../../db/schema.ts'
import type { Db } from '../../db/transactions.ts'

export type SummaryKey = { entryId: string; language: string; target: string; engine: string }
export type SummaryRow = Selectable<AiSummariesTable>
export type TranslationRow = Selectable<AiTranslationsTable>
export type UserProviderRow = Selectable<AiUserProvidersTable>

export function aiRepo(db: Db) {
  const byKey = (k: SummaryKey) =>
    db.selectFrom('ai_summaries').selectAll().where('entryId', '=', k.entryId).where('language', '=', k.language).where('target', '=', k.target).where('engine', '=', k.engine)

  return {
    async summary(k: SummaryKey): Promise<SummaryRow | undefined> {
      return byKey(k).executeTakeFirst()
    },

    /**
     * Claims the right to generate a summary: a new pending row, or a pending one whose lease ran
     * out (its worker died). Returns whether `owner` now holds the lease (single flight across
     * processes: whoever does not waits for the row to change).
     */
    async claimSummary(k: SummaryKey, owner: string, now: string, leaseUntil: string): Promise<boolean> {
      const inserted = await db
        .insertInto('ai_summaries')
        .values({ ...k, state: 'pending', summary: null, leaseOwner: owner, leaseUntil, createdAt: now, updatedAt: now })
        .onConflict((oc) => oc.columns(['entryId', 'language', 'target', 'engine']).doNothing())
        .executeTakeFirst()
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true
      const taken = await db
        .updateTable('ai_summaries')
        .set({ leaseOwner: owner, leaseUntil, updatedAt: now })
        .where('entryId', '=', k.entryId)
        .where('language', '=', k.language)
        .where('target', '=', k.target)
        .where('engine', '=', k.engine)
        .where('state', '=', 'pending')
        .where('leaseUntil', '<', now)
        .executeTakeFirst()
      if (Number(taken.numUpdatedRows) > 0) return true
      const row = await byKey(k).executeTakeFirst()
      return row?.leaseOwner === owner && row.state === 'pending'
    },

    /** Stores the finished summary (only the lease holder's). */
    async completeSummary(k: SummaryKey, owner: string, summary: string, now: string): Promise<void> {
      await db
        .updateTable('ai_summaries')
        .set({ state: 'success', summary, leaseOwner: null, leaseUntil: null, updatedAt: now })
        .where('entryId', '=', k.entryId)
        .where('language', '=', k.language)
        .where('target', '=', k.target)
        .where('engine', '=', k.engine)
        .where('leaseOwner', '=', owner)
        .execute()
    },

    /** Drops a pending row after a failure, so nothing half-made stays and the next request tries again. */
    async releaseSummary(k: SummaryKey, owner: string): Promise<void> {
      await db
        .deleteFrom('ai_summaries')
        .where('entryId', '=', k.entryId)
        .where('language', '=', k.language)
        .where('target', '=', k.target)
        .where('engine', '=', k.engine)
        .where('leaseOwner', '=', owner)
        .where('state', '=', 'pending')
        .execute()
    },

    async translation(entryId: string, language: string, engine: string): Promise<TranslationRow | undefined> {
      return db.selectFrom('ai_translations').selectAll().where('entryId', '=', entryId).where('language', '=', language).where('engine', '=', engine).executeTakeFirst()
    },

    /** Adds translated fields (a field already stored keeps its value unless given again). */
    async putTranslation(row: TranslationRow): Promise<void> {
      const fields = { title: row.title, description: row.description, content: row.content, readabilityContent: row.readabilityContent }
      const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null))
      await db
        .insertInto('ai_translations')
        .values(row)
        .onConflict((oc) => (Object.keys(set).length ? oc.columns(['entryId', 'language', 'engine']).doUpdateSet(set) : oc.columns(['entryId', 'language', 'engine']).doNothing()))
        .execute()
    },

    async tokensOn(userId: string, day: string): Promise<number> {
      const row = await db.selectFrom('ai_usage').select('tokens').where('userId', '=', userId).where('day', '=', day).executeTakeFirst()
      return Number(row?.tokens ?? 0)
    },

    async addTokens(userId: string, day: string, tokens: number): Promise<void> {
      await db
        .insertInto('ai_usage')
        .values({ userId, day, tokens })
        .onConflict((oc) => oc.columns(['userId', 'day']).doUpdateSet((eb) => ({ tokens: eb('ai_usage.tokens', '+', tokens) })))
        .execute()
    },

    async userProvider(userId: string): Promise<UserProviderRow | undefined> {
      return db.selectFrom('ai_user_providers').selectAll().where('userId', '=', userId).executeTakeFirst()
    },

    async putUserProvider(row: UserProviderRow): Promise<void> {
      const { userId: _userId, ...rest } = row
      await db.insertInto('ai_user_providers').values(row).onConflict((oc) => oc.column('userId').doUpdateSet(rest)).execute()
    },

    async deleteUserProvider(userId: string): Promise<void> {
      await db.deleteFrom('ai_user_providers').where('userId', '=', userId).execute()
    },
  }
}

export type AiRepo = ReturnType<typeof aiRepo>
