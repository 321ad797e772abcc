/**
 * /api/subscriptions: list, subscribe, edit, unsubscribe, batch edit, OPML parse/import/export
 * (SPEC §7). Every route needs a signed-in user and touches only that user's subscriptions.
 */
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { AppError } from '../../lib/appError.ts'
import { envelope, errors, idSchema, jsonBody, jsonResponse, queryView, viewSchema } from '../../lib/apiSchemas.ts'
import { FeedSchema } from '../feeds/present.ts'
import { ListSchema } from '../lists/present.ts'
import type { SubscriptionsService } from './service.ts'
import type { OpmlTransfer } from './opmlTransfer.ts'
import { SubscriptionSchema } from './present.ts'

const title = z.string().max(500).nullable()
const category = z.string().max(200).nullable()

const SubscribeBody = z.strictObject({
  url: z.string().min(1).max(2048).optional(),
  feedId: idSchema.optional(),
  listId: idSchema.optional(),
  view: viewSchema.optional(),
  title: title.optional(),
  category: category.optional(),
  isPrivate: z.boolean().optional(),
  hideFromTimeline: z.boolean().optional(),
})

const EditBody = z.strictObject({
  id: z.string().max(100).optional().openapi({ description: 'feed/{id}, list/{id} or inbox/{id}' }),
  feedId: idSchema.optional(),
  listId: idSchema.optional(),
  inboxId: z.string().max(64).optional(),
  view: viewSchema.optional(),
  title: title.optional(),
  category: category.optional(),
  isPrivate: z.boolean().optional(),
  hideFromTimeline: z.boolean().optional(),
})

const DeleteBody = z.strictObject({
  feedIdList: z.array(z.string().max(64)).min(1).max(5000).optional(),
  feedId: idSchema.optional(),
  listId: idSchema.optional(),
  inboxId: z.string().max(64).optional(),
  url: z.string().max(2048).optional(),
})

const BatchBody = z.strictObject({
  feedIds: z.array(z.string().max(64)).min(1).max(5000).openapi({ description: 'Feed, list or inbox ids of the subscriptions to change' }),
  view: viewSchema.optional(),
  category: category.optional(),
  isPrivate: z.boolean().optional(),
  hideFromTimeline: z.boolean().optional(),
})

const OpmlItemSchema = z.object({ url: z.string(), title: z.string(), siteUrl: z.string().nullable(), category: z.string().nullable(), subscribed: z.boolean() })
export const QuotaSchema = z.object({ limit: z.number(), used: z.number(), remaining: z.number() })
const ImportItem = z.strictObject({ url: z.string().min(1).max(2048), title: title.optional(), category: category.optional(), view: viewSchema.optional() })
const ImportJson = z.strictObject({ items: z.array(ImportItem).min(1).max(5000) })
export const OpmlUpload = z.object({
  file: z.any().openapi({ type: 'string', format: 'binary', description: 'The OPML document' }),
  urls: z.string().optional().openapi({ description: 'JSON array (or comma list) of the feed URLs to import; all when absent' }),
})
const OpmlJson = z.strictObject({ opml: z.string().min(1) })
export const ImportResultSchema = z.object({
  url: z.string(),
  status: z.enum(['subscribed', 'updated', 'failed']),
  feedId: z.string().optional(),
  error: z.object({ code: z.number(), message: z.string(), reason: z.string().optional() }).optional(),
})

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['subscriptions'],
  summary: "The user's subscriptions, each with its feed, list or inbox",
  request: { query: z.strictObject({ view: queryView.optional() }) },
  responses: { 200: jsonResponse(envelope(z.array(SubscriptionSchema)), 'Subscriptions'), ...errors() },
})

const subscribeRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['subscriptions'],
  summary: 'Subscribe to a feed (by url or feedId) or a list (listId)',
  request: jsonBody(SubscribeBody),
  responses: {
    200: jsonResponse(envelope(z.object({ feed: FeedSchema.nullable(), list: ListSchema.nullable(), unread: z.number(), created: z.boolean() })), 'The followed feed or list and its unread count'),
    ...errors(2002, 1100, 1101, 2011, 1004, 4002, 2001, 8000, 2003, 2004, 13000, 13007),
  },
})

const editRoute = createRoute({
  method: 'patch',
  path: '/',
  tags: ['subscriptions'],
  summary: 'Edit one subscription (view, title, category, private, hidden from timeline)',
  request: jsonBody(EditBody),
  responses: { 200: jsonResponse(envelope(SubscriptionSchema), 'The subscription'), ...errors(6) },
})

const deleteRoute = createRoute({
  method: 'delete',
  path: '/',
  tags: ['subscriptions'],
  summary: 'Unsubscribe (feedIdList, feedId, listId, inboxId or url)',
  request: jsonBody(DeleteBody),
  responses: { 200: jsonResponse(envelope(z.object({ count: z.number() })), 'How many subscriptions went'), ...errors(6) },
})

const batchRoute = createRoute({
  method: 'patch',
  path: '/batch',
  tags: ['subscriptions'],
  summary: 'Set view and/or category (and flags) of several subscriptions',
  request: jsonBody(BatchBody),
  responses: { 200: jsonResponse(envelope(z.object({ count: z.number() })), 'How many changed'), ...errors(6) },
})

const uploadBody = (json: z.ZodTypeAny) => ({
  body: { content: { 'multipart/form-data': { schema: OpmlUpload }, 'application/json': { schema: json } } },
})

const parseRoute = createRoute({
  method: 'post',
  path: '/parse-opml',
  tags: ['subscriptions'],
  summary: 'Read an OPML upload: its feeds, which are followed, and the import quota left today',
  request: uploadBody(OpmlJson),
  responses: {
    200: jsonResponse(envelope(z.object({ title: z.string().nullable(), items: z.array(OpmlItemSchema), quota: QuotaSchema })), 'The feeds of the document'),
    ...errors(14000),
  },
})

const importRoute = createRoute({
  method: 'post',
  path: '/import',
  tags: ['subscriptions'],
  summary: 'Import a selection of feeds (JSON items, or an OPML upload with optional urls)',
  request: uploadBody(ImportJson),
  responses: {
    200: jsonResponse(envelope(z.object({ results: z.array(ImportResultSchema), quota: QuotaSchema })), 'What became of each feed'),
    ...errors(14000, 2011),
  },
})

const exportRoute = createRoute({
  method: 'get',
  path: '/export',
  tags: ['subscriptions'],
  summary: "The user's feeds as an OPML 2.0 download, categories as folders",
  request: { query: z.strictObject({}) },
  responses: { 200: { description: 'OPML document', content: { 'text/x-opml': { schema: z.string() } } }, ...errors() },
})

/** The OPML text of an upload (multipart `file`) or of a JSON body. */
export async function opmlOf(c: { req: { header(n: string): string | undefined; parseBody(): Promise<Record<string, unknown>>; json(): Promise<unknown> } }) {
  const type = c.req.header('content-type') ?? ''
  if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    const form = await c.req.parseBody()
    const file = form.file
    const text = file instanceof File ? new Uint8Array(await file.arrayBuffer()) : typeof file === 'string' ? file : null
    if (!text) throw new AppError(14000, { reason: 'Upload the OPML document as the form field "file"' })
    let urls: string[] | undefined
    if (typeof form.urls === 'string' && form.urls.trim()) {
      try {
        const parsed = JSON.parse(form.urls)
        urls = Array.isArray(parsed) ? parsed.map(String) : undefined
      } catch {
        urls = form.urls.split(',').map((s) => s.trim()).filter(Boolean)
      }
    }
    return { opml: text, urls }
  }
  return null
}

export function subscriptionsRoutes({ subscriptions, opml }: { subscriptions: SubscriptionsService; opml: OpmlTransfer }) {
  const router = createRouter()

  router.openapi(listRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await subscriptions.list(user.id, c.req.valid('query').view)), 200)
  })

  router.openapi(subscribeRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await subscriptions.subscribe(user, c.req.valid('json'))), 200)
  })

  router.openapi(editRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await subscriptions.edit(user.id, c.req.valid('json'))), 200)
  })

  router.openapi(deleteRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok({ count: await subscriptions.unsubscribe(user.id, c.req.valid('json')) }), 200)
  })

  router.openapi(batchRoute, async (c) => {
    const user = requireUser(c)
    const { feedIds, ...patch } = c.req.valid('json')
    return c.json(ok({ count: await subscriptions.editMany(user.id, feedIds, patch) }), 200)
  })

  router.openapi(parseRoute, async (c) => {
    const user = requireUser(c)
    const upload = await opmlOf(c)
    const text = upload ? upload.opml : (c.req.valid('json') as z.infer<typeof OpmlJson>).opml
    if (!text) throw new AppError(14000, { reason: 'Send the OPML document' })
    return c.json(ok(await opml.parse(user.id, text)), 200)
  })

  router.openapi(importRoute, async (c) => {
    const user = requireUser(c)
    const upload = await opmlOf(c)
    let items: { url: string; title?: string | null; category?: string | null; view?: number }[]
    if (upload) items = opml.itemsOf(upload.opml, upload.urls)
    else {
      const body = c.req.valid('json') as z.infer<typeof ImportJson>
      if (!body?.items) throw new AppError(4, { reason: 'Send items or an OPML upload' })
      items = body.items
    }
    return c.json(ok(await opml.import(user, items)), 200)
  })

  router.openapi(exportRoute, async (c) => {
    const user = requireUser(c)
    const body = await opml.export(user.id, `${user.name || 'Brook'} subscriptions`)
    return c.body(body, 200, { 'content-type': 'text/x-opml; charset=utf-8', 'content-disposition': 'attachment; filename="brook-subscriptions.opml"' })
  })

  return router
}
