/**
 * /api/categories: a category is the `category` of a user's subscriptions. GET names them,
 * PATCH renames one (moving all its subscriptions) or moves given subscriptions into one,
 * DELETE clears it (keeping the subscriptions) or unsubscribes them.
 */
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, jsonBody, jsonResponse, queryView } from '../../lib/apiSchemas.ts'
import type { CategoriesService } from './service.ts'

const name = z.string().trim().min(1).max(200)
const ids = z.array(z.string().max(64)).min(1).max(5000)

const getRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['categories'],
  summary: "The user's category names, optionally of one view",
  request: { query: z.strictObject({ view: queryView.optional() }) },
  responses: { 200: jsonResponse(envelope(z.array(z.string())), 'Category names'), ...errors() },
})

const patchRoute = createRoute({
  method: 'patch',
  path: '/',
  tags: ['categories'],
  summary: 'Rename a category (from → category) or move subscriptions into one (feedIdList → category)',
  request: jsonBody(z.strictObject({ category: name, from: name.optional(), feedIdList: ids.optional() })),
  responses: { 200: jsonResponse(envelope(z.object({ count: z.number() })), 'How many subscriptions changed'), ...errors({ 404: 'No such category or subscriptions (6)' }) },
})

const deleteRoute = createRoute({
  method: 'delete',
  path: '/',
  tags: ['categories'],
  summary: 'Clear a category (deleteSubscriptions false keeps them) or unsubscribe its subscriptions',
  request: jsonBody(z.strictObject({ category: name.optional(), feedIdList: ids.optional(), deleteSubscriptions: z.boolean() })),
  responses: { 200: jsonResponse(envelope(z.object({ count: z.number() })), 'How many subscriptions changed or went'), ...errors({ 404: 'No such category or subscriptions (6)' }) },
})

export function categoriesRoutes({ categories }: { categories: CategoriesService }) {
  const router = createRouter()

  router.openapi(getRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await categories.names(user.id, c.req.valid('query').view)), 200)
  })

  router.openapi(patchRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok({ count: await categories.patch(user.id, c.req.valid('json')) }), 200)
  })

  router.openapi(deleteRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok({ count: await categories.remove(user.id, c.req.valid('json')) }), 200)
  })

  return router
}
