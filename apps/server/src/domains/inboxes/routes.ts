/**
 * /api/inboxes: your inboxes (id = handle) with their webhook secrets, and the webhook itself,
 * which needs no session: it is authenticated by the X-Inbox-Handle and X-Inbox-Secret headers.
 */
import { createRoute, z } from '@hono/zod-openapi'
import { AppError } from '../../lib/appError.ts'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, jsonBody, jsonResponse } from '../../lib/apiSchemas.ts'
import type { EntriesService } from '../entries/service.ts'
import type { InboxesService } from './service.ts'
import { InboxSchema } from './present.ts'

/** Header names of the webhook. */
export const INBOX_HANDLE_HEADER = 'x-inbox-handle'
export const INBOX_SECRET_HEADER = 'x-inbox-secret'

const handle = z.string().trim().min(1).max(64)
const title = z.string().max(200).nullable()
const notYours = { 403: 'Not your inbox (10003)', 404: 'No such inbox (10000)' } as const

const WebhookEntry = z.strictObject({
  guid: z.string().min(1).max(1000),
  publishedAt: z.string().max(64).optional(),
  title: z.string().max(2000).nullable().optional(),
  url: z.string().max(4096).nullable().optional(),
  description: z.string().max(10_000).nullable().optional(),
  content: z.string().max(900_000).nullable().optional(),
  author: z.string().max(500).nullable().optional(),
  authorUrl: z.string().max(4096).nullable().optional(),
  authorAvatar: z.string().max(4096).nullable().optional(),
  language: z.string().max(35).nullable().optional(),
  categories: z.array(z.string().max(200)).max(100).nullable().optional(),
  media: z.array(z.strictObject({ url: z.string().max(4096), type: z.enum(['photo', 'video']), width: z.number().optional(), height: z.number().optional(), preview: z.string().max(4096).optional() })).max(50).nullable().optional(),
  attachments: z
    .array(z.strictObject({ url: z.string().max(4096), title: z.string().max(500).optional(), mime_type: z.string().max(200).optional(), size_in_bytes: z.number().optional(), duration_in_seconds: z.number().optional() }))
    .max(50)
    .nullable()
    .optional(),
  extra: z.record(z.string(), z.unknown()).nullable().optional(),
  read: z.boolean().optional(),
})

const getRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['inboxes'],
  summary: 'One of your inboxes',
  request: { query: z.strictObject({ handle }) },
  responses: { 200: jsonResponse(envelope(InboxSchema), 'The inbox'), ...errors(notYours) },
})

const listRoute = createRoute({
  method: 'get',
  path: '/list',
  tags: ['inboxes'],
  summary: 'Your inboxes',
  request: { query: z.strictObject({}) },
  responses: { 200: jsonResponse(envelope(z.array(InboxSchema)), 'Inboxes'), ...errors() },
})

const createInboxRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['inboxes'],
  summary: 'Create an inbox (you are subscribed to it)',
  request: jsonBody(z.strictObject({ handle, title: title.optional() })),
  responses: { 200: jsonResponse(envelope(InboxSchema), 'The inbox with its secret'), ...errors({ 400: 'Invalid handle (1002), trial cap (1102), subscription limit (2011)', 409: 'Handle taken (10001)' }) },
})

const updateRoute = createRoute({
  method: 'put',
  path: '/',
  tags: ['inboxes'],
  summary: "Rename an inbox's title",
  request: jsonBody(z.strictObject({ handle, title })),
  responses: { 200: jsonResponse(envelope(InboxSchema), 'The inbox'), ...errors(notYours) },
})

const deleteRoute = createRoute({
  method: 'delete',
  path: '/',
  tags: ['inboxes'],
  summary: 'Delete an inbox with its entries',
  request: jsonBody(z.strictObject({ handle })),
  responses: { 200: jsonResponse(envelope(z.object({ handle: z.string() })), 'Deleted'), ...errors(notYours) },
})

const webhookRoute = createRoute({
  method: 'post',
  path: '/webhook',
  tags: ['inboxes'],
  summary: 'Deliver an entry to an inbox (headers X-Inbox-Handle and X-Inbox-Secret; no session)',
  request: {
    headers: z.object({ [INBOX_HANDLE_HEADER]: z.string().min(1).max(64), [INBOX_SECRET_HEADER]: z.string().min(1).max(200) }),
    ...jsonBody(WebhookEntry),
  },
  responses: {
    200: jsonResponse(envelope(z.object({ id: z.string(), created: z.boolean() })), 'Stored (created false: that guid was already there)'),
    ...errors({ 403: 'Wrong secret (10003)', 404: 'No such inbox (10000)' }),
  },
})

export function inboxesRoutes({ inboxes, entries }: { inboxes: InboxesService; entries: Pick<EntriesService, 'receive'> }) {
  const router = createRouter()

  router.openapi(getRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await inboxes.get(user.id, c.req.valid('query').handle.toLowerCase())), 200)
  })

  router.openapi(listRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await inboxes.list(user.id)), 200)
  })

  router.openapi(createInboxRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await inboxes.create(user, c.req.valid('json'))), 200)
  })

  router.openapi(updateRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await inboxes.update(user.id, c.req.valid('json'))), 200)
  })

  router.openapi(deleteRoute, async (c) => {
    const user = requireUser(c)
    const { handle: h } = c.req.valid('json')
    await inboxes.delete(user.id, h)
    return c.json(ok({ handle: h.toLowerCase() }), 200)
  })

  router.openapi(webhookRoute, async (c) => {
    const headers = c.req.valid('header')
    const inbox = await inboxes.authenticate(headers[INBOX_HANDLE_HEADER], headers[INBOX_SECRET_HEADER])
    const body = c.req.valid('json')
    if (body.publishedAt !== undefined && Number.isNaN(Date.parse(body.publishedAt))) throw new AppError(4, { reason: 'publishedAt is not a date' })
    return c.json(ok(await entries.receive(inbox, body)), 200)
  })

  return router
}
