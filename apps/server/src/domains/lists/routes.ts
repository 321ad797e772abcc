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
import { ImportResultSchema, OpmlUpload, QuotaSchema, opmlOf } from '../subscriptions/routes.ts'
import type { ImportItem, OpmlTransfer } from '../subscriptions/opmlTransfer.ts'
import type { ListsService } from './service.ts'
import { ListSchema, ListWithFeedsSchema } from './present.ts'

const text = (max: number) => z.string().max(max)
const fee = z.number().int().min(0).max(1_000_000)
const image = z.string().max(2048).nullable()

const getRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['lists'],
  summary: 'A list with its feeds, counts and your subscription to it',
  request: { query: z.strictObject({ listId: idSchema }) },
  responses: {
    200: jsonResponse(envelope(z.object({ list: ListWithFeedsSchema, subscriptionCount: z.number(), feedCount: z.number(), subscription: SubscriptionSchema.nullable() })), 'The list'),
    ...errors(8000),
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
  responses: { 200: jsonResponse(envelope(ListSchema), 'The list'), ...errors(1004) },
})

const editRoute = createRoute({
  method: 'patch',
  path: '/',
  tags: ['lists'],
  summary: 'Edit a list (a new view moves its subscriptions along)',
  request: jsonBody(z.strictObject({ listId: idSchema, title: text(200).trim().min(1).optional(), description: text(2000).nullable().optional(), image: image.optional(), view: viewSchema.optional(), fee: fee.optional() })),
  responses: { 200: jsonResponse(envelope(ListSchema), 'The list'), ...errors(8001, 8000, 1004) },
})

const deleteRoute = createRoute({
  method: 'delete',
  path: '/',
  tags: ['lists'],
  summary: 'Delete a list nobody follows',
  request: jsonBody(z.strictObject({ listId: idSchema })),
  responses: { 200: jsonResponse(envelope(z.object({ listId: z.string() })), 'Deleted'), ...errors(8001, 8000, 8004) },
})

const addFeedsRoute = createRoute({
  method: 'post',
  path: '/feeds',
  tags: ['lists'],
  summary: 'Add feeds to a list',
  request: jsonBody(z.strictObject({ listId: idSchema, feedId: idSchema.optional(), feedIds: z.array(idSchema).min(1).max(500).optional() })),
  responses: { 200: jsonResponse(envelope(z.array(FeedSchema)), 'The added feeds'), ...errors(8001, 8000, 2001, 8003) },
})

const removeFeedRoute = createRoute({
  method: 'delete',
  path: '/feeds',
  tags: ['lists'],
  summary: 'Remove a feed from a list',
  request: jsonBody(z.strictObject({ listId: idSchema, feedId: idSchema })),
  responses: { 200: jsonResponse(envelope(z.object({ listId: z.string(), feedId: z.string() })), 'Removed'), ...errors(8001, 8000, 2001) },
})

const removeFeedByPathRoute = createRoute({
  method: 'delete',
  path: '/{id}/feeds/{feedId}',
  tags: ['lists'],
  summary: 'Remove a feed from a list (path form)',
  request: { params: z.object({ id: idSchema, feedId: idSchema }) },
  responses: { 200: jsonResponse(envelope(z.object({ listId: z.string(), feedId: z.string() })), 'Removed'), ...errors(8001, 8000, 2001) },
})

const exportRoute = createRoute({
  method: 'get',
  path: '/{id}/export',
  tags: ['lists'],
  summary: "A list's feeds as OPML",
  request: { params: z.object({ id: idSchema }), query: z.strictObject({}) },
  responses: { 200: { description: 'OPML document', content: { 'text/x-opml': { schema: z.string() } } }, ...errors(8000) },
})

const analyticsRoute = createRoute({
  method: 'get',
  path: '/{id}/analytics',
  tags: ['lists'],
  summary: "A list's subscribers and entries over time, one row per UTC day (any signed-in user: lists are public)",
  request: { params: z.object({ id: idSchema }), query: z.strictObject({ days: z.coerce.number().int().min(1).max(365).default(30).openapi({ description: 'How many days back, today included (1–365, default 30)' }) }) },
  responses: {
    200: jsonResponse(
      envelope(
        z
          .object({
            listId: z.string(),
            subscriptionCount: z.number().int(),
            feedCount: z.number().int(),
            series: z.array(z.object({ date: z.string().openapi({ description: 'YYYY-MM-DD (UTC)' }), subscribers: z.number().int(), newSubscribers: z.number().int(), entries: z.number().int() })),
          })
          .openapi('ListAnalytics'),
      ),
      'The series, oldest day first',
    ),
    ...errors(8000),
  },
})

const ImportJson = z.strictObject({
  listId: idSchema,
  opml: z.string().min(1).optional().openapi({ description: 'An OPML document' }),
  urls: z.array(z.string().min(1).max(2048)).min(1).max(5000).optional().openapi({ description: 'Feed URLs (alone, or the selection of the OPML document)' }),
})

const importRoute = createRoute({
  method: 'post',
  path: '/import',
  tags: ['lists'],
  summary: "Add feeds to one of my lists from an OPML document or a list of feed URLs (owner only; the daily OPML import quota applies; 'subscribed' = added, 'updated' = already in the list)",
  request: { body: { content: { 'multipart/form-data': { schema: OpmlUpload.extend({ listId: idSchema }) }, 'application/json': { schema: ImportJson } } } },
  responses: {
    200: jsonResponse(envelope(z.object({ results: z.array(ImportResultSchema), quota: QuotaSchema })), 'What became of each feed'),
    ...errors(8000, 8001, 14000, 2011),
  },
})

export function listsRoutes({ lists, opml, feeds }: { lists: ListsService; opml: OpmlTransfer; feeds: { ensureFeed(url: string, userId?: string): Promise<{ id: string }> } }) {
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

  router.openapi(analyticsRoute, async (c) => {
    requireUser(c)
    return c.json(ok(await lists.analytics(c.req.valid('param').id, c.req.valid('query').days)), 200)
  })

  router.openapi(importRoute, async (c) => {
    const user = requireUser(c)
    const upload = await opmlOf(c)
    let listId: string
    let items: ImportItem[]
    if (upload) {
      const form = await c.req.parseBody()
      listId = typeof form.listId === 'string' ? form.listId : ''
      if (!listId) throw new AppError(4, { reason: 'Give listId' })
      await lists.mustOwn(user.id, listId)
      items = opml.itemsOf(upload.opml, upload.urls)
    } else {
      const body = c.req.valid('json') as z.infer<typeof ImportJson>
      if (!body.opml && !body.urls) throw new AppError(4, { reason: 'Send opml, urls or an OPML upload' })
      listId = body.listId
      await lists.mustOwn(user.id, listId)
      items = body.opml ? opml.itemsOf(body.opml, body.urls) : (body.urls ?? []).map((url) => ({ url }))
    }
    return c.json(
      ok(
        await opml.importEach(user.id, items, async (item) => {
          const feed = await feeds.ensureFeed(item.url, user.id)
          try {
            await lists.addFeeds(user.id, listId, [feed.id])
            return { feedId: feed.id, created: true }
          } catch (error) {
            if (error instanceof AppError && error.code === 8003) return { feedId: feed.id, created: false }
            throw error
          }
        }),
      ),
      200,
    )
  })

  return router
}
