/**
 * /api/lists: a list by id (anyone signed in), your own lists, create/edit/delete (owner only:
 * 8001), its feeds (8003 when already there), and its OPML export.
 */
import { createRoute, z } from '@hono/zod-openapi'
import { AppError } from '../../lib/appError.ts'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, idSchema, jsonBody, jsonResponse, viewSchema } from '../../lib/apiSchemas.ts'
import { FeedSchema } from '../feeds/present.ts'
import { SubscriptionSchema } from '../subscriptions/present.ts'
import type { ListsService } from './service.ts'
import { ListSchema, ListWithFeedsSchema } from './present.ts'

const text = (max: number) => z.string().max(max)
const fee = z.number().int().min(0).max(1_000_000)
const image = z.string().max(2048).nullable()
const ownerOnly = { 403: 'Not your list (8001)', 404: 'No such list (8000)' } as const

const getRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['lists'],
  summary: 'A list with its feeds, counts and your subscription to it',
  request: { query: z.strictObject({ listId: idSchema }) },
  responses: {
    200: jsonResponse(envelope(z.object({ list: ListWithFeedsSchema, subscriptionCount: z.number(), feedCount: z.number(), subscription: SubscriptionSchema.nullable() })), 'The list'),
    ...errors({ 404: 'No such list (8000)' }),
  },
})

const ownedRoute = createRoute({
  method: 'get',
  path: '/list',
  tags: ['lists'],
  summary: 'The lists you own',
  request: { query: z.strictObject({}) },
  responses: { 200: jsonResponse(envelope(z.array(ListSchema)), 'Your lists'), ...errors() },
})

const createListRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['lists'],
  summary: 'Create a list',
  request: jsonBody(z.strictObject({ title: text(200).trim().min(1), description: text(2000).nullable().optional(), image: image.optional(), view: viewSchema, fee: fee.default(0) })),
  responses: { 200: jsonResponse(envelope(ListSchema), 'The list'), ...errors() },
})

const editRoute = createRoute({
  method: 'patch',
  path: '/',
  tags: ['lists'],
  summary: 'Edit a list (a new view moves its subscriptions along)',
  request: jsonBody(z.strictObject({ listId: idSchema, title: text(200).trim().min(1).optional(), description: text(2000).nullable().optional(), image: image.optional(), view: viewSchema.optional(), fee: fee.optional() })),
  responses: { 200: jsonResponse(envelope(ListSchema), 'The list'), ...errors(ownerOnly) },
})

const deleteRoute = createRoute({
  method: 'delete',
  path: '/',
  tags: ['lists'],
  summary: 'Delete a list nobody follows',
  request: jsonBody(z.strictObject({ listId: idSchema })),
  responses: { 200: jsonResponse(envelope(z.object({ listId: z.string() })), 'Deleted'), ...errors({ ...ownerOnly, 409: 'Still followed (8004)' }) },
})

const addFeedsRoute = createRoute({
  method: 'post',
  path: '/feeds',
  tags: ['lists'],
  summary: 'Add feeds to a list',
  request: jsonBody(z.strictObject({ listId: idSchema, feedId: idSchema.optional(), feedIds: z.array(idSchema).min(1).max(500).optional() })),
  responses: { 200: jsonResponse(envelope(z.array(FeedSchema)), 'The added feeds'), ...errors({ 403: 'Not your list (8001)', 404: 'No such list (8000) or feed (2001)', 409: 'Already in the list (8003)' }) },
})

const removeFeedRoute = createRoute({
  method: 'delete',
  path: '/feeds',
  tags: ['lists'],
  summary: 'Remove a feed from a list',
  request: jsonBody(z.strictObject({ listId: idSchema, feedId: idSchema })),
  responses: { 200: jsonResponse(envelope(z.object({ listId: z.string(), feedId: z.string() })), 'Removed'), ...errors({ ...ownerOnly, 404: 'No such list (8000), or the feed is not in it (2001)' }) },
})

const removeFeedByPathRoute = createRoute({
  method: 'delete',
  path: '/{id}/feeds/{feedId}',
  tags: ['lists'],
  summary: 'Remove a feed from a list (path form)',
  request: { params: z.object({ id: idSchema, feedId: idSchema }) },
  responses: { 200: jsonResponse(envelope(z.object({ listId: z.string(), feedId: z.string() })), 'Removed'), ...errors({ ...ownerOnly, 404: 'No such list (8000), or the feed is not in it (2001)' }) },
})

const exportRoute = createRoute({
  method: 'get',
  path: '/{id}/export',
  tags: ['lists'],
  summary: "A list's feeds as OPML",
  request: { params: z.object({ id: idSchema }), query: z.strictObject({}) },
  responses: { 200: { description: 'OPML document', content: { 'text/x-opml': { schema: z.string() } } }, ...errors({ 404: 'No such list (8000)' }) },
})

export function listsRoutes({ lists }: { lists: ListsService }) {
  const router = createRouter()

  router.openapi(getRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await lists.detail(user.id, c.req.valid('query').listId)), 200)
  })

  router.openapi(ownedRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await lists.owned(user.id)), 200)
  })

  router.openapi(createListRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await lists.create(user.id, c.req.valid('json'))), 200)
  })

  router.openapi(editRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await lists.update(user.id, c.req.valid('json'))), 200)
  })

  router.openapi(deleteRoute, async (c) => {
    const user = requireUser(c)
    const { listId } = c.req.valid('json')
    await lists.delete(user.id, listId)
    return c.json(ok({ listId }), 200)
  })

  router.openapi(addFeedsRoute, async (c) => {
    const user = requireUser(c)
    const { listId, feedId, feedIds } = c.req.valid('json')
    const ids = [...(feedIds ?? []), ...(feedId ? [feedId] : [])]
    if (ids.length === 0) throw new AppError(4, { reason: 'Give feedId or feedIds' })
    return c.json(ok(await lists.addFeeds(user.id, listId, ids)), 200)
  })

  router.openapi(removeFeedRoute, async (c) => {
    const user = requireUser(c)
    const { listId, feedId } = c.req.valid('json')
    await lists.removeFeed(user.id, listId, feedId)
    return c.json(ok({ listId, feedId }), 200)
  })

  router.openapi(removeFeedByPathRoute, async (c) => {
    const user = requireUser(c)
    const { id, feedId } = c.req.valid('param')
    await lists.removeFeed(user.id, id, feedId)
    return c.json(ok({ listId: id, feedId }), 200)
  })

  router.openapi(exportRoute, async (c) => {
    requireUser(c)
    const { opml } = await lists.export(c.req.valid('param').id)
    return c.body(opml, 200, { 'content-type': 'text/x-opml; charset=utf-8', 'content-disposition': 'attachment; filename="brook-list.opml"' })
  })

  return router
}
