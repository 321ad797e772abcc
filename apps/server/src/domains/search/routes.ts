/** /api/search: full-text search of the entries the user can see, and of their subscriptions (docs/search.md). */
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, idSchema, jsonResponse, queryView } from '../../lib/apiSchemas.ts'
import type { SearchService } from './service.ts'
import { EntrySearchResultSchema, SubscriptionSearchHitSchema } from './present.ts'

const limitSchema = z.coerce.number().int().min(1).max(50).optional()

const entriesRoute = createRoute({
  method: 'get',
  path: '/entries',
  tags: ['search'],
  summary: 'Entries the user can see (feeds, lists, own inboxes, stars) containing every word of q, by relevance with a recency boost, highlighted',
  request: {
    query: z.strictObject({
      q: z.string().openapi({ description: 'Words (operators and quotes are plain separators); at most 500 characters' }),
      view: queryView.optional(),
      feedId: idSchema.optional(),
      cursor: z.string().optional().openapi({ description: 'nextCursor of the previous page' }),
      limit: limitSchema,
    }),
  },
  responses: { 200: jsonResponse(envelope(EntrySearchResultSchema), 'One page of matching entries'), ...errors(1002) },
})

const subscriptionsRoute = createRoute({
  method: 'get',
  path: '/subscriptions',
  tags: ['search'],
  summary: "The user's subscriptions whose title, URL, site or category contains every word of q",
  request: { query: z.strictObject({ q: z.string(), limit: limitSchema }) },
  responses: { 200: jsonResponse(envelope(z.array(SubscriptionSearchHitSchema)), 'Matching subscriptions'), ...errors(1002) },
})

export function searchRoutes({ search }: { search: SearchService }) {
  const router = createRouter()

  router.openapi(entriesRoute, async (c) => {
    const user = requireUser(c)
    const { q, view, feedId, cursor, limit } = c.req.valid('query')
    return c.json(ok(await search.searchEntries({ userId: user.id, query: q, view, feedId, cursor, limit })), 200)
  })

  router.openapi(subscriptionsRoute, async (c) => {
    const user = requireUser(c)
    const { q, limit } = c.req.valid('query')
    return c.json(ok(await search.searchSubscriptions({ userId: user.id, query: q, limit })), 200)
  })

  return router
}
