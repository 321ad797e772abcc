/**
 * AI (issue 10): generated summaries and translations (shared per entry, language and engine —
 * a user's own endpoint gets its own engine key so its output is never shown to anyone else),
 * the daily token usage per user, a user's own provider (key encrypted at rest), chat sessions
 * and messages, and the daily digests.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ai_summaries')
    .addColumn('entryId', 'text', (c) => c.notNull().references('entries.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    /** extractive | instance | user:<id> */
    .addColumn('engine', 'text', (c) => c.notNull())
    /** pending | success */
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('summary', 'text')
    .addColumn('leaseOwner', 'text')
    .addColumn('leaseUntil', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ai_summaries_pk', ['entryId', 'language', 'target', 'engine'])
    .execute()

  await db.schema
    .createTable('ai_translations')
    .addColumn('entryId', 'text', (c) => c.notNull().references('entries.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('engine', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('description', 'text')
    .addColumn('content', 'text')
    .addColumn('readabilityContent', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ai_translations_pk', ['entryId', 'language', 'engine'])
    .execute()

  await db.schema
    .createTable('ai_usage')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    /** UTC day, YYYY-MM-DD */
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('ai_usage_pk', ['userId', 'day'])
    .execute()

  await db.schema
    .createTable('ai_user_providers')
    .addColumn('userId', 'text', (c) => c.primaryKey().notNull().references('user.id').onDelete('cascade'))
    .addColumn('baseUrl', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    /** AES-256-GCM under a key derived from the instance secret; null: no key. */
    .addColumn('apiKeyCipher', 'text')
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('ai_chat_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('title', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('ai_chat_sessions_user_idx').on('ai_chat_sessions').columns(['userId', 'updatedAt']).execute()

  await db.schema
    .createTable('ai_chat_messages')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('chatId', 'text', (c) => c.notNull().references('ai_chat_sessions.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    /** JSON text: the AI SDK UI message parts */
    .addColumn('parts', 'text', (c) => c.notNull())
    /** JSON text */
    .addColumn('metadata', 'text')
    /** completed | streaming | error | aborted */
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('completed'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('finishedAt', 'text')
    .execute()
  await db.schema.createIndex('ai_chat_messages_chat_idx').on('ai_chat_messages').columns(['chatId', 'createdAt']).execute()

  await db.schema
    .createTable('ai_digests')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('view', 'integer', (c) => c.notNull())
    /** The start of the half day (ISO, UTC) */
    .addColumn('startDate', 'text', (c) => c.notNull())
    .addColumn('engine', 'text', (c) => c.notNull())
    /** JSON text: the digest's topics */
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ai_digests_pk', ['userId', 'view', 'startDate'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['ai_digests', 'ai_chat_messages', 'ai_chat_sessions', 'ai_user_providers', 'ai_usage', 'ai_translations', 'ai_summaries']) {
    await db.schema.dropTable(t).execute()
  }
}
