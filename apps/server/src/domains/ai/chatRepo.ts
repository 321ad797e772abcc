/** SQL of AI chat sessions and their messages (a session's messages go with it: ON DELETE CASCADE). */
import type { Selectable } from 'kysely'
import type { AiChatMessagesTable, AiChatSessionsTable } from '../../db/schema.ts'
import type { Db } from '../../db/transactions.ts'

export type ChatSessionRow = Selectable<AiChatSessionsTable>
export type ChatMessageRow = Selectable<AiChatMessagesTable>

export function chatRepo(db: Db) {
  return {
    async session(id: string): Promise<ChatSessionRow | undefined> {
      return db.selectFrom('ai_chat_sessions').selectAll().where('id', '=', id).executeTakeFirst()
    },
    async sessions(userId: string): Promise<ChatSessionRow[]> {
      return db.selectFrom('ai_chat_sessions').selectAll().where('userId', '=', userId).orderBy('updatedAt', 'desc').limit(200).execute()
    },
    async createSession(row: ChatSessionRow): Promise<void> {
      await db.insertInto('ai_chat_sessions').values(row).onConflict((oc) => oc.column('id').doNothing()).execute()
    },
    async touchSession(id: string, updatedAt: string, title?: string): Promise<void> {
      await db.updateTable('ai_chat_sessions').set(title === undefined ? { updatedAt } : { updatedAt, title }).where('id', '=', id).execute()
    },
    async deleteSession(userId: string, id: string): Promise<boolean> {
      // SQLite enforces the cascade only with foreign keys on; delete the messages explicitly too.
      await db.deleteFrom('ai_chat_messages').where('chatId', '=', id).where('chatId', 'in', db.selectFrom('ai_chat_sessions').select('id').where('userId', '=', userId)).execute()
      const r = await db.deleteFrom('ai_chat_sessions').where('id', '=', id).where('userId', '=', userId).executeTakeFirst()
      return Number(r.numDeletedRows) > 0
    },
    async messages(chatId: string): Promise<ChatMessageRow[]> {
      return db.selectFrom('ai_chat_messages').selectAll().where('chatId', '=', chatId).orderBy('createdAt', 'asc').orderBy('id', 'asc').execute()
    },
    /** Inserts or replaces one message (a regenerated answer keeps its id). */
    async putMessage(row: ChatMessageRow): Promise<void> {
      const { id: _id, chatId: _chatId, ...rest } = row
      await db.insertInto('ai_chat_messages').values(row).onConflict((oc) => oc.column('id').doUpdateSet(rest)).execute()
    },
  }
}

export type ChatRepo = ReturnType<typeof chatRepo>
