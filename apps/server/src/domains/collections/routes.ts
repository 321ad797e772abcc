/** /api/collections: the user's stars (SPEC §3 collections). */
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, idSchema, jsonBody, jsonResponse, viewSchema } from '../../lib/apiSchemas.ts'
import type { CollectionsService } from './service.ts'

const CollectionSchema = z.object({ entryId: z.string(), feedId: z.string().nullable(), view: z.number(), createdAt: z.string() }).openapi('Collection')

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['collections'],
  summary: "The user's stars, newest first (or whether one entry is starred, with entryId)",
  request: { query: z.strictObject({ entryId: idSchema.optional() }) },
  responses: { 200: jsonResponse(envelope(z.array(CollectionSchema)), 'Stars'), ...errors() },
})

const addRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['collections'],
  summary: 'Star an entry',
  request: jsonBody(z.strictObject({ entryId: idSchema, view: viewSchema.optional() })),
  responses: { 200: jsonResponse(envelope(CollectionSchema), 'The star'), ...errors({ 404: 'No such entry (3000)' }) },
})

const removeRoute = createRoute({
  method: 'delete',
  path: '/',
  tags: ['collections'],
  summary: 'Unstar an entry',
  request: jsonBody(z.strictObject({ entryId: idSchema })),
  responses: { 200: jsonResponse(envelope(z.object({ entryId: z.string() })), 'Unstarred'), ...errors({ 404: 'Not starred (3000)' }) },
})

export function collectionsRoutes({ collections }: { collections: CollectionsService }) {
  const router = createRouter()

  router.openapi(listRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await collections.list(user.id, c.req.valid('query').entryId)), 200)
  })

  router.openapi(addRoute, async (c) => {
    const user = requireUser(c)
    const { entryId, view } = c.req.valid('json')
    return c.json(ok(await collections.add(user.id, entryId, view)), 200)
  })

  router.openapi(removeRoute, async (c) => {
    const user = requireUser(c)
    const { entryId } = c.req.valid('json')
    await collections.remove(user.id, entryId)
    return c.json(ok({ entryId }), 200)
  })

  return router
}
