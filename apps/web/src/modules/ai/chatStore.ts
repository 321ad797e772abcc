/**
 * The chat's local tables (SPEC §3: ai_chat_sessions, ai_chat_messages with parts, status and
 * finishedAt; deleting a session deletes its messages). The server's copy is the truth: opening
 * a session reads the local rows first, then replaces them with the server's.
 */
import { api } from '../../api/client.ts'
import { localDb } from '../../db/index.ts'
import type { ChatPart } from './uiMessageStream.ts'

export type ChatSession = { chatId: string; title: string | null; createdAt: string; updatedAt: string }
export type ChatMessage = { id: string; chatId: string; role: 'user' | 'assistant'; parts: ChatPart[]; status: string; createdAt: string; finishedAt: string | null }

type MessageRow = { id: string; chatId: string; role: string; createdAt: string; status: string; finishedAt: string | null; messageParts: string | null }

const parseParts = (text: string | null): ChatPart[] => {
  try {
    const parsed = JSON.parse(text ?? '[]') as unknown
    return Array.isArray(parsed) ? (parsed as ChatPart[]) : []
  } catch {
    return []
  }
}

export async function localSessions(): Promise<ChatSession[]> {
  return localDb.all<ChatSession>('SELECT chatId, title, createdAt, updatedAt FROM ai_chat_sessions ORDER BY updatedAt DESC')
}

export async function localMessages(chatId: string): Promise<ChatMessage[]> {
  const rows = await localDb.all<MessageRow>('SELECT id, chatId, role, createdAt, status, finishedAt, messageParts FROM ai_chat_messages WHERE chatId = ? ORDER BY createdAt, id', [chatId])
  return rows.map((r) => ({ id: r.id, chatId: r.chatId, role: r.role === 'assistant' ? 'assistant' : 'user', parts: parseParts(r.messageParts), status: r.status, createdAt: r.createdAt, finishedAt: r.finishedAt }))
}

const sessionStatement = (s: ChatSession) => ({
  sql: `INSERT INTO ai_chat_sessions (chatId, title, createdAt, updatedAt) VALUES (?, ?, ?, ?)
    ON CONFLICT (chatId) DO UPDATE SET title = COALESCE(excluded.title, ai_chat_sessions.title), updatedAt = excluded.updatedAt`,
  params: [s.chatId, s.title, s.createdAt, s.updatedAt],
})

const messageStatement = (m: ChatMessage) => ({
  sql: `INSERT INTO ai_chat_messages (id, chatId, role, createdAt, metadata, status, finishedAt, messageParts) VALUES (?, ?, ?, ?, NULL, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET status = excluded.status, finishedAt = excluded.finishedAt, messageParts = excluded.messageParts`,
  params: [m.id, m.chatId, m.role, m.createdAt, m.status, m.finishedAt, JSON.stringify(m.parts)],
})

/** Keeps a session and some of its messages locally. */
export async function storeChat(session: ChatSession, messages: ChatMessage[]): Promise<void> {
  await localDb.write([sessionStatement(session), ...messages.map(messageStatement)]).catch(() => undefined)
}

export async function deleteLocalSession(chatId: string): Promise<void> {
  await localDb
    .write([
      { sql: 'DELETE FROM ai_chat_messages WHERE chatId = ?', params: [chatId] },
      { sql: 'DELETE FROM ai_chat_sessions WHERE chatId = ?', params: [chatId] },
    ])
    .catch(() => undefined)
}

/** The server's sessions, kept locally (sessions gone from the server are removed). */
export async function syncSessions(): Promise<ChatSession[]> {
  const sessions: ChatSession[] = await api.get('/ai/chat/sessions')
  const known = new Set(sessions.map((s) => s.chatId))
  const stale = (await localSessions()).filter((s) => !known.has(s.chatId))
  await localDb.write([...sessions.map(sessionStatement), ...stale.flatMap((s) => [{ sql: 'DELETE FROM ai_chat_messages WHERE chatId = ?', params: [s.chatId] }, { sql: 'DELETE FROM ai_chat_sessions WHERE chatId = ?', params: [s.chatId] }])]).catch(() => undefined)
  return sessions
}

/** The server's messages of a session, kept locally. */
export async function syncMessages(session: ChatSession): Promise<ChatMessage[]> {
  const rows = await api.get('/ai/chat/sessions/{id}/messages', { id: session.chatId })
  const messages: ChatMessage[] = rows
    .filter((r) => r.role === 'user' || r.role === 'assistant')
    .map((r) => ({ id: r.id, chatId: r.chatId, role: r.role as 'user' | 'assistant', parts: r.parts as unknown as ChatPart[], status: r.status, createdAt: r.createdAt, finishedAt: r.finishedAt }))
  await storeChat(session, messages)
  return messages
}
