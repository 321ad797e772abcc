/**
 * /api/reads: unread counts (a map of feed/list/inbox id → count over the user's subscriptions),
 * mark read / unread by entry, mark a whole timeline read, the total.
 */
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { AppError } from '../../lib/appError.ts'
import { envelope, errors, idSchema, jsonBody, jsonResponse, queryView, timeInput, viewSchema } from '../../lib/apiSchemas.ts'
import type { ReadsService } from './service.ts'

const CountMap = z.record(z.string(), z.number())
const entryIds = z.array(idSchema).min(1).max(1000)

const countsRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['reads'],
  summary: 'Unread count per subscribed feed, list and inbox id',
  request: { query: z.strictObject({ view: queryView.optional() }) },
  responses: { 200: jsonResponse(envelope(CountMap), 'Counts by source id'), ...errors() },
})

const markRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['reads'],
  summary: 'Mark entries read',
  request: jsonBody(z.strictObject({ entryIds, isInbox: z.boolean().optional(), readHistories: z.array(z.string()).max(1000).optional() })),
  responses: { 200: jsonResponse(envelope(z.object({ count: z.number() })), 'How many were unread'), ...errors({ 404: 'No such entry (3000)' }) },
})

const unmarkRoute = createRoute({
  method: 'delete',
  path: '/',
  tags: ['reads'],
  summary: 'Mark entries unread',
  request: jsonBody(z.strictObject({ entryId: idSchema.optional(), entryIds: entryIds.optional(), isInbox: z.boolean().optional() })),
  responses: { 200: jsonResponse(envelope(z.object({ count: z.number() })), 'How many were read'), ...errors({ 404: 'No such entry (3000)' }) },
})

const allRoute = createRoute({
  method: 'post',
  path: '/all',
  tags: ['reads'],
  summary: 'Mark everything of a timeline read, optionally within a publish-time window or before an insert time',
  request: jsonBody(
    z.strictObject({
      view: viewSchema.optional(),
      feedId: idSchema.optional(),
      feedIdList: z.array(idSchema).min(1).max(5000).optional(),
      listId: idSchema.optional(),
      inboxId: z.string().max(64).optional(),
      excludePrivate: z.boolean().optional(),
      startTime: timeInput.optional().openapi({ description: 'publishedAt ≥ this (ISO or epoch ms)' }),
      endTime: timeInput.optional().openapi({ description: 'publishedAt ≤ this (ISO or epoch ms)' }),
      insertedBefore: timeInput.optional().openapi({ description: 'insertedAt < this (ISO or epoch ms)' }),
    }),
  ),
  responses: { 200: jsonResponse(envelope(z.object({ count: z.number() })), 'How many entries were marked'), ...errors({ 403: 'Not your inbox (10003)', 404: 'No such list (8000) or inbox (10000)' }) },
})

const totalRoute = createRoute({
  method: 'get',
  path: '/total-count',
  tags: ['reads'],
  summary: "Sum of the user's unread counters",
  request: { query: z.strictObject({}) },
  responses: { 200: jsonResponse(envelope(z.object({ count: z.number() })), 'The total'), ...errors() },
})

export function readsRoutes({ reads }: { reads: ReadsService }) {
  const router = createRouter()

  router.openapi(countsRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await reads.counts(user.id, c.req.valid('query').view)), 200)
  })

  router.openapi(markRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok({ count: await reads.markRead(user.id, c.req.valid('json').entryIds) }), 200)
  })

  router.openapi(unmarkRoute, async (c) => {
    const user = requireUser(c)
    const { entryId, entryIds: many } = c.req.valid('json')
    const ids = [...(many ?? []), ...(entryId ? [entryId] : [])]
    if (ids.length === 0) throw new AppError(4, { reason: 'Give entryId or entryIds' })
    return c.json(ok({ count: await reads.markUnread(user.id, ids) }), 200)
  })

  router.openapi(allRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok({ count: await reads.markAll(user.id, c.req.valid('json')) }), 200)
  })

  router.openapi(totalRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok({ count: await reads.total(user.id) }), 200)
  })

  return router
}
