/**
 * /api/inboxes: your inboxes (id = handle) with their webhook secrets, and the webhook itself,
 * which needs no session: it is authenticated by the X-Inbox-Handle and X-Inbox-Secret headers.
 */
import { createRoute, z } from '@hono/zod-openapi'
import { AppError } from '../../lib/appError.ts'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, JsonValueSchema, jsonBody, jsonResponse, publicErrors } from '../../lib/apiSchemas.ts'
import type { EntriesService } from '../entries/service.ts'
import type { InboxesService } from './service.ts'
import type { EmailIntake } from './email/emailIntake.ts'
import type { AttachmentStore } from './email/attachmentStore.ts'
import { EmailRefused } from './email/parseEmail.ts'
import crypto from 'node:crypto'
import { InboxSchema } from './present.ts'

/** Header names of the webhook. */
export const INBOX_HANDLE_HEADER = 'x-inbox-handle'
export const INBOX_SECRET_HEADER = 'x-inbox-secret'

const handle = z.string().trim().min(1).max(64)
const title = z.string().max(200).nullable()

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
  extra: z.record(z.string(), JsonValueSchema).nullable().optional(),
  read: z.boolean().optional(),
})

const getRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['inboxes'],
  summary: 'One of your inboxes',
  request: { query: z.strictObject({ handle }) },
  responses: { 200: jsonResponse(envelope(InboxSchema), 'The inbox'), ...errors(10003, 10000) },
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
  responses: { 200: jsonResponse(envelope(InboxSchema), 'The inbox with its secret'), ...errors(1002, 1102, 2011, 10001) },
})

const updateRoute = createRoute({
  method: 'put',
  path: '/',
  tags: ['inboxes'],
  summary: "Rename an inbox's title",
  request: jsonBody(z.strictObject({ handle, title })),
  responses: { 200: jsonResponse(envelope(InboxSchema), 'The inbox'), ...errors(10003, 10000) },
})

const deleteRoute = createRoute({
  method: 'delete',
  path: '/',
  tags: ['inboxes'],
  summary: 'Delete an inbox with its entries',
  request: jsonBody(z.strictObject({ handle })),
  responses: { 200: jsonResponse(envelope(z.object({ handle: z.string() })), 'Deleted'), ...errors(10003, 10000) },
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
    ...publicErrors(10003, 10000),
  },
})

/** Header of POST /inboxes/email: the deployment's INBOX_EMAIL_SECRET. */
export const INBOX_EMAIL_SECRET_HEADER = 'x-inbox-email-secret'
/** Header of POST /inboxes/email naming the recipient (else the message's To/Cc). */
export const INBOX_RECIPIENT_HEADER = 'x-inbox-recipient'

const emailRoute = createRoute({
  method: 'post',
  path: '/email',
  tags: ['inboxes'],
  summary: 'Deliver one raw e-mail (message/rfc822) to the inbox it is addressed to (header X-Inbox-Email-Secret; no session)',
  request: {
    headers: z.object({ [INBOX_EMAIL_SECRET_HEADER]: z.string().min(1).max(500), [INBOX_RECIPIENT_HEADER]: z.string().max(320).optional() }),
    body: { content: { 'message/rfc822': { schema: z.string().openapi({ format: 'binary', description: 'The message as received (RFC 5322)' }) } }, required: true },
  },
  responses: {
    200: jsonResponse(envelope(z.object({ entries: z.array(z.object({ inbox: z.string(), id: z.string(), created: z.boolean() })) })), 'Stored in each recipient inbox (created false: that Message-ID was already there)'),
    ...publicErrors(5, 1002, 10000, 10003),
  },
})

const attachmentRoute = createRoute({
  method: 'get',
  path: '/attachments/{handle}/{file}',
  tags: ['inboxes'],
  summary: "An attachment of a mail in one of your inboxes",
  request: { params: z.object({ handle, file: z.string().max(100) }) },
  responses: {
    200: { description: 'The file (served as a download)', content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...errors(6, 10000, 10003),
  },
})

export function inboxesRoutes({ inboxes, entries, email, attachments, emailSecret }: { inboxes: InboxesService; entries: Pick<EntriesService, 'receive'>; email: EmailIntake; attachments: AttachmentStore; emailSecret: string | undefined }) {
  const router = createRouter()

  router.openapi(emailRoute, async (c) => {
    if (!emailSecret) throw new AppError(5, { reason: 'INBOX_EMAIL_SECRET is not set on this server' })
    const headers = c.req.valid('header')
    const given = Buffer.from(headers[INBOX_EMAIL_SECRET_HEADER])
    const expected = Buffer.from(emailSecret)
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw new AppError(10003, { reason: 'Wrong e-mail secret' })
    const raw = Buffer.from(await c.req.arrayBuffer())
    if (raw.length === 0) throw new AppError(1002, { reason: 'Empty message' })
    try {
      const recipient = headers[INBOX_RECIPIENT_HEADER]
      const targets = recipient ? [await email.inboxFor(recipient)].filter((i) => i !== null) : await email.inboxesOf(raw)
      if (targets.length === 0) throw new AppError(10000, { reason: `No inbox at ${recipient ?? 'any recipient'} (@${email.domain})` })
      return c.json(ok({ entries: await email.deliver(raw, targets) }), 200)
    } catch (error) {
      if (error instanceof EmailRefused) throw new AppError(1002, { reason: error.message })
      throw error
    }
  })

  router.openapi(attachmentRoute, async (c) => {
    const user = requireUser(c)
    const { handle: h, file } = c.req.valid('param')
    const inbox = await inboxes.mustOwn(user.id, h.toLowerCase())
    const found = await attachments.get(inbox.id, file)
    if (!found) throw new AppError(6)
    const name = found.filename.replace(/[^\w.\- ]+/g, '_').slice(0, 200) || 'attachment'
    return c.body(new Uint8Array(found.content), 200, {
      'content-type': found.contentType,
      'content-disposition': `attachment; filename="${name}"`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': 'sandbox',
    }) as never
  })

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
    await attachments.drop(h.toLowerCase())
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
