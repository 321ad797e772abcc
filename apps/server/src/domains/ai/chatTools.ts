/**
 * The tools the chat model gets over the user's own data (issue 10). Each runs as the signed-in
 * user through the same services as the HTTP routes, so whatever the model asks for, it can
 * reach only what that user may: search their entries, read one, list unread of a
 * subscription, mark entries read. Entry text handed back is wrapped as data.
 */
import type { tool as aiTool } from 'ai'
import { z } from 'zod'
import type { EntriesService } from '../entries/service.ts'
import type { ReadsService } from '../reads/service.ts'
import type { SearchService } from '../search/service.ts'
import { articleText } from './articleText.ts'
import { dataBlock } from './prompts.ts'

export type ChatToolDeps = {
  entries: Pick<EntriesService, 'visibleEntry' | 'list'>
  reads: Pick<ReadsService, 'markRead'>
  search: Pick<SearchService, 'searchEntries'>
}

/** An AppError or any failure becomes a tool result the model can read (never a thrown 500). */
async function safely<T>(fn: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await fn()
  } catch (error) {
    const e = error as { code?: number; message?: string; reason?: string }
    return { error: e.code ? `${e.code} ${e.message}${e.reason ? `: ${e.reason}` : ''}` : 'failed' }
  }
}

/** The tools of one chat turn; `tool` is the AI SDK's (passed in: the SDK is loaded on first use). */
export function chatTools(userId: string, deps: ChatToolDeps, tool: typeof aiTool) {
  return {
    searchEntries: tool({
      description: "Full-text search over the titles and contents of the user's own entries (feeds they follow, their inboxes, their stars).",
      inputSchema: z.object({ query: z.string().min(1).max(500), limit: z.number().int().min(1).max(20).optional() }),
      execute: async ({ query, limit }) =>
        safely(async () => {
          const found = await deps.search.searchEntries({ userId, query, limit: limit ?? 8 })
          return found.entries.map((e) => ({ id: e.id, title: e.title, url: e.url, publishedAt: e.publishedAt, snippet: e.snippet.text }))
        }),
    }),
    readEntry: tool({
      description: 'Read one entry (title, address and text) by its id.',
      inputSchema: z.object({ id: z.string().min(1).max(40) }),
      execute: async ({ id }) =>
        safely(async () => {
          const entry = await deps.entries.visibleEntry(userId, id)
          return { id: entry.id, title: entry.title, url: entry.url, publishedAt: entry.publishedAt, text: dataBlock('entry', articleText(entry.content ?? entry.description).slice(0, 8000)) }
        }),
    }),
    listUnread: tool({
      description: 'List unread entries of one subscribed feed (by feed id), newest first.',
      inputSchema: z.object({ feedId: z.string().min(1).max(40), limit: z.number().int().min(1).max(50).optional() }),
      execute: async ({ feedId, limit }) =>
        safely(async () => {
          const items = await deps.entries.list(userId, { feedId, read: false, limit: limit ?? 20, withContent: false })
          return items.map((i) => ({ id: i.entries.id, title: i.entries.title, url: i.entries.url, publishedAt: i.entries.publishedAt }))
        }),
    }),
    markRead: tool({
      description: 'Mark entries as read, by id.',
      inputSchema: z.object({ entryIds: z.array(z.string().min(1).max(40)).min(1).max(100) }),
      execute: async ({ entryIds }) => safely(async () => ({ marked: await deps.reads.markRead(userId, entryIds) })),
    }),
  }
}
