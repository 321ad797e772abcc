/** @module The API shapes of search answers (the service already builds them; these are their schemas). */
import { z } from '@hono/zod-openapi'

export const HighlightSchema = z.object({ start: z.number().int(), end: z.number().int() }).openapi('SearchHighlight', { description: 'A matched span: [start, end) in UTF-16 code units' })

export const EntrySearchHitSchema = z
  .object({
    id: z.string(),
    feedId: z.string().nullable(),
    inboxId: z.string().nullable(),
    title: z.string().nullable(),
    url: z.string().nullable(),
    author: z.string().nullable(),
    publishedAt: z.string(),
    score: z.number().openapi({ description: 'Relevance times the recency boost; higher is better, comparable within one answer' }),
    titleHighlights: z.array(HighlightSchema),
    snippet: z.object({ text: z.string(), highlights: z.array(HighlightSchema) }).openapi({ description: 'Plain text around the first match of the body' }),
  })
  .openapi('EntrySearchHit')

export const EntrySearchResultSchema = z.object({ entries: z.array(EntrySearchHitSchema), nextCursor: z.string().nullable() }).openapi('EntrySearchResult')

export const SubscriptionSearchHitSchema = z
  .object({
    id: z.string().openapi({ description: 'feed/{id}, list/{id} or inbox/{id}' }),
    type: z.enum(['feed', 'list', 'inbox']),
    feedId: z.string().nullable(),
    listId: z.string().nullable(),
    inboxId: z.string().nullable(),
    view: z.number().int(),
    category: z.string().nullable(),
    title: z.string(),
    url: z.string().nullable(),
    siteUrl: z.string().nullable(),
    image: z.string().nullable(),
    titleHighlights: z.array(HighlightSchema),
  })
  .openapi('SubscriptionSearchHit')
