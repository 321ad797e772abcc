/** /api/collections: the user's stars (SPEC §3 collections). */
import { createRoute, z } from '@hono/zod-openapi'
import type { AppDeps } from '../../app.ts'
import { AppError } from '../../lib/appError.ts'
import { nowIso } from '../../lib/time.ts'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, idSchema, jsonBody, jsonResponse, viewSchema } from '../../lib/apiSchemas.ts'
import { readingServices } from '../readingServices.ts'

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

const present = (row: { entryId: string; feedId: string | null; view: number; createdAt: string }) => ({ entryId: row.entryId, feedId: row.feedId, view: Number(row.view), createdAt: row.createdAt })

export function collectionsRoutes(deps: AppDeps) {
  const router = createRouter()
  const services = () => readingServices(deps)

  router.openapi(listRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok((await services().collections.list(user.id, c.req.valid('query').entryId)).map(present)), 200)
  })

  router.openapi(addRoute, async (c) => {
    const user = requireUser(c)
    const { entryId, view } = c.req.valid('json')
    const { entries, entriesRepo, collections } = services()
    const entry = await entries.visibleEntry(user.id, entryId)
    const subscribedView = entry.feedId ? (await entriesRepo.viewsOfFeeds(user.id, [entry.feedId])).get(entry.feedId) : undefined
    const row = { userId: user.id, entryId, feedId: entry.feedId, view: view ?? subscribedView ?? 0, createdAt: nowIso() }
    await collections.add(row)
    const [stored] = await collections.list(user.id, entryId)
    return c.json(ok(present(stored ?? row)), 200)
  })

  router.openapi(removeRoute, async (c) => {
    const user = requireUser(c)
    const { entryId } = c.req.valid('json')
    if (!(await services().collections.remove(user.id, entryId))) throw new AppError(3000, { reason: 'Not starred' })
    return c.json(ok({ entryId }), 200)
  })

  return router
}
