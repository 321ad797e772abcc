/**
 * /api/entries: timeline pages and details, streamed contents (NDJSON), check-new, read
 * histories, preview of an unsubscribed feed, readability, and inbox entries.
 */
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { AppError } from '../../lib/appError.ts'
import { envelope, errors, idSchema, jsonBody, jsonResponse, queryBool, queryIdList, queryView, timeInput } from '../../lib/apiSchemas.ts'
import { normalizeFeedUrl } from '../feeds/feedUrl.ts'
import type { ProfilesService } from '../profiles/service.ts'
import type { DiscoverService } from '../discover/service.ts'
import type { EntriesService } from './service.ts'
import { EntrySchema, PreviewEntrySchema, PreviewFeedSchema, TimelineItemSchema } from './present.ts'
import { FeedSchema } from '../feeds/present.ts'

const DEFAULT_LIMIT = 20
const MAX_LIMIT = 100

const TimelineQuery = z.strictObject({
  id: idSchema.optional().openapi({ description: 'One entry (detail, content included); the other parameters are then ignored' }),
  view: queryView.optional(),
  feedId: idSchema.optional(),
  feedIdList: queryIdList.optional().openapi({ type: 'string', description: 'Repeated or comma-separated feed ids' }),
  listId: idSchema.optional(),
  inboxId: z.string().max(64).optional(),
  isCollection: queryBool.optional(),
  read: queryBool.optional().openapi({ description: 'false: unread only; true: read only; absent: both' }),
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).optional().openapi({ description: `default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}` }),
  publishedAfter: timeInput.optional().openapi({ type: 'string', description: "Cursor: the last entry's publishedAt; returns older entries" }),
  beforeId: idSchema.optional().openapi({ description: "With publishedAfter: the last entry's id, so entries sharing its publishedAt are not skipped" }),
  excludePrivate: queryBool.optional(),
  withContent: queryBool.optional(),
})

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['entries'],
  summary: 'A timeline page (newest first) or, with id, one entry',
  request: { query: TimelineQuery },
  responses: {
    200: jsonResponse(envelope(z.union([z.array(TimelineItemSchema), TimelineItemSchema])), 'Items {entries, feeds, read, view, collections}, or one item'),
    ...errors(10003, 3000, 8000, 10000),
  },
})

const streamRoute = createRoute({
  method: 'post',
  path: '/stream',
  tags: ['entries'],
  summary: 'Contents of entries as newline-delimited JSON {id, content}',
  request: jsonBody(z.strictObject({ ids: z.array(idSchema).min(1).max(500) })),
  responses: { 200: { description: 'One JSON object per line, `{"id": string, "content": string | null}`, for each asked entry the user may see, in the order asked', content: { 'application/x-ndjson': { schema: z.string().openapi({ example: '{"id":"1234567890123","content":"<p>…</p>"}\n' }) } } }, ...errors() },
})

const checkNewRoute = createRoute({
  method: 'get',
  path: '/check-new',
  tags: ['entries'],
  summary: 'Whether a timeline has entries inserted after a time',
  request: {
    query: z.strictObject({
      insertedAfter: timeInput.openapi({ type: 'string', description: 'ISO time or epoch ms' }),
      view: queryView.optional(),
      feedId: idSchema.optional(),
      feedIdList: queryIdList.optional().openapi({ type: 'string' }),
      listId: idSchema.optional(),
      inboxId: z.string().max(64).optional(),
      isCollection: queryBool.optional(),
      read: queryBool.optional(),
      excludePrivate: queryBool.optional(),
    }),
  },
  responses: {
    200: jsonResponse(envelope(z.object({ hasNew: z.boolean(), entryId: z.string().nullable(), latestAt: z.string().nullable() })), 'The newest such entry'),
    ...errors(10003, 8000, 10000),
  },
})

const UserSummary = z.object({ id: z.string(), name: z.string().nullable(), handle: z.string().nullable(), image: z.string().nullable() })

const historiesRoute = createRoute({
  method: 'get',
  path: '/{id}/read-histories',
  tags: ['entries'],
  summary: 'Who read an entry (readers who follow its feed publicly, and you)',
  request: {
    params: z.object({ id: idSchema }),
    query: z.strictObject({ size: z.coerce.number().int().min(1).max(100).optional(), page: z.coerce.number().int().min(1).max(10_000).optional() }),
  },
  responses: {
    200: jsonResponse(envelope(z.object({ users: z.record(z.string(), UserSummary), entryReadHistories: z.object({ entryId: z.string(), userIds: z.array(z.string()), readCount: z.number() }), total: z.number() })), 'Readers'),
    ...errors(3000),
  },
})

const previewRoute = createRoute({
  method: 'post',
  path: '/preview',
  tags: ['entries'],
  summary: 'The entries of a feed URL without subscribing',
  request: jsonBody(z.strictObject({ url: z.string().min(1).max(2048) })),
  responses: {
    200: jsonResponse(envelope(z.object({ feed: z.union([FeedSchema, PreviewFeedSchema]), entries: z.array(PreviewEntrySchema) })), 'The feed and its newest entries (a stored feed as stored; another as fetched now, ids null)'),
    ...errors(2003, 2004, 13000, 13007, 1004),
  },
})

const readabilityRoute = createRoute({
  method: 'post',
  path: '/readability',
  tags: ['entries'],
  summary: "The readable article of an entry's page (cached 3 days on the entry)",
  request: jsonBody(z.strictObject({ id: idSchema })),
  responses: {
    200: jsonResponse(envelope(z.object({ content: z.string().nullable(), updatedAt: z.string().nullable(), cached: z.boolean() })), 'Sanitized article HTML'),
    ...errors(3, 3000, 2003),
  },
})

const batchRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['entries'],
  summary: 'Entries by ids (the batch form of GET /entries?id=): each one I may see, in the order asked; others are left out',
  request: jsonBody(z.strictObject({ ids: z.array(idSchema).min(1).max(100) })),
  responses: { 200: jsonResponse(envelope(z.array(TimelineItemSchema)), 'The entries'), ...errors() },
})

const inboxDetailRoute = createRoute({
  method: 'get',
  path: '/inbox',
  tags: ['entries'],
  summary: 'One inbox entry (content included)',
  request: { query: z.strictObject({ id: idSchema }) },
  responses: { 200: jsonResponse(envelope(TimelineItemSchema), 'The entry'), ...errors(3000) },
})

const inboxListRoute = createRoute({
  method: 'post',
  path: '/inbox',
  tags: ['entries'],
  summary: "A page of an inbox's entries",
  request: jsonBody(
    z.strictObject({
      inboxId: z.string().min(1).max(64),
      read: z.boolean().optional(),
      limit: z.number().int().min(1).max(MAX_LIMIT).optional(),
      publishedAfter: timeInput.optional(),
      beforeId: idSchema.optional(),
    }),
  ),
  responses: { 200: jsonResponse(envelope(z.array(TimelineItemSchema)), 'Items'), ...errors(10003, 10000) },
})

const inboxDeleteRoute = createRoute({
  method: 'delete',
  path: '/inbox',
  tags: ['entries'],
  summary: 'Delete an entry of one of your inboxes',
  request: jsonBody(z.strictObject({ entryId: idSchema })),
  responses: { 200: jsonResponse(envelope(z.object({ entryId: z.string() })), 'Deleted'), ...errors(10003, 3000) },
})

export function entriesRoutes({ entries, profiles, discover }: { entries: EntriesService; profiles: Pick<ProfilesService, 'byIds'>; discover: Pick<DiscoverService, 'knownFeed'> }) {
  const router = createRouter()

  router.openapi(batchRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await entries.details(user.id, c.req.valid('json').ids)), 200)
  })

  router.openapi(listRoute, async (c) => {
    const user = requireUser(c)
    const q = c.req.valid('query')
    if (q.id) return c.json(ok(await entries.detail(user.id, q.id)), 200)
    const items = await entries.list(user.id, {
      view: q.view,
      feedId: q.feedId,
      feedIdList: q.feedIdList,
      listId: q.listId,
      inboxId: q.inboxId,
      isCollection: q.isCollection || undefined,
      excludePrivate: q.excludePrivate,
      read: q.read,
      publishedAfter: q.publishedAfter,
      beforeId: q.beforeId,
      limit: q.limit ?? DEFAULT_LIMIT,
      withContent: q.withContent ?? false,
    }, () => c.req.raw.signal.aborted)
    return c.json(ok(items), 200)
  })

  router.openapi(streamRoute, async (c) => {
    const user = requireUser(c)
    const rows = await entries.contents(user.id, c.req.valid('json').ids)
    const encoder = new TextEncoder()
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const row of rows) controller.enqueue(encoder.encode(`${JSON.stringify(row)}\n`))
        controller.close()
      },
    })
    // A stream body has no typed-response counterpart in the route's schema: the cast only quiets the type.
    return c.body(body, 200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' }) as never
  })

  router.openapi(checkNewRoute, async (c) => {
    const user = requireUser(c)
    const q = c.req.valid('query')
    return c.json(ok(await entries.checkNew(user.id, { ...q, isCollection: q.isCollection || undefined })), 200)
  })

  router.openapi(historiesRoute, async (c) => {
    const user = requireUser(c)
    const { id } = c.req.valid('param')
    const { size = 20, page = 1 } = c.req.valid('query')
    const { userIds, total } = await entries.readHistories(user.id, id, size, page)
    const users = Object.fromEntries((await profiles.byIds(userIds, user)).map((u) => [u.id, { id: u.id, name: u.name, handle: u.handle, image: u.image }]))
    return c.json(ok({ users, entryReadHistories: { entryId: id, userIds, readCount: total }, total }), 200)
  })

  router.openapi(previewRoute, async (c) => {
    const user = requireUser(c)
    const { url } = c.req.valid('json')
    const normalized = normalizeFeedUrl(url)
    if (!normalized) throw new AppError(2003, { reason: `not an http(s) URL: ${url.slice(0, 200)}` })
    return c.json(ok(await entries.preview(normalized, discover.knownFeed, user.id)), 200)
  })

  router.openapi(readabilityRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await entries.readability(user.id, c.req.valid('json').id)), 200)
  })

  router.openapi(inboxDetailRoute, async (c) => {
    const user = requireUser(c)
    const id = c.req.valid('query').id
    const entry = await entries.visibleEntry(user.id, id)
    if (!entry.inboxId) throw new AppError(3000)
    return c.json(ok(await entries.detail(user.id, id)), 200)
  })

  router.openapi(inboxListRoute, async (c) => {
    const user = requireUser(c)
    const body = c.req.valid('json')
    const items = await entries.list(user.id, { inboxId: body.inboxId, read: body.read, publishedAfter: body.publishedAfter, beforeId: body.beforeId, limit: body.limit ?? DEFAULT_LIMIT, withContent: false })
    return c.json(ok(items), 200)
  })

  router.openapi(inboxDeleteRoute, async (c) => {
    const user = requireUser(c)
    const { entryId } = c.req.valid('json')
    await entries.deleteInboxEntry(user.id, entryId)
    return c.json(ok({ entryId }), 200)
  })

  return router
}

export { EntrySchema }
