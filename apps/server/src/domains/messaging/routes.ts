/**
 * /api/messaging (SPEC §7 "messaging: push tokens"): a browser's Web Push subscription registered,
 * listed and removed; the feeds whose new entries notify; a test notification.
 */
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, idSchema, jsonBody, jsonResponse } from '../../lib/apiSchemas.ts'
import type { MessagingService } from './service.ts'

const PushSubscriptionInfo = z
  .object({
    id: z.string(),
    endpointOrigin: z.string().openapi({ description: 'The push service the browser uses (the endpoint itself is a secret)' }),
    userAgent: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('PushSubscriptionInfo')

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['messaging'],
  summary: "The instance's VAPID public key and the user's registered browsers",
  request: { query: z.strictObject({}) },
  responses: {
    200: jsonResponse(envelope(z.object({ publicKey: z.string().openapi({ description: 'The applicationServerKey for PushManager.subscribe (base64url)' }), subscriptions: z.array(PushSubscriptionInfo) })), 'Key and browsers'),
    ...errors(),
  },
})

const registerRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['messaging'],
  summary: "Register a browser's push subscription (PushSubscription.toJSON())",
  request: jsonBody(
    z.object({
      endpoint: z.string().min(1).max(2048),
      expirationTime: z.number().nullable().optional(),
      keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
    }),
  ),
  responses: { 200: jsonResponse(envelope(z.object({ id: z.string() })), 'Registered'), ...errors() },
})

const removeRoute = createRoute({
  method: 'delete',
  path: '/',
  tags: ['messaging'],
  summary: 'Remove a registered browser (by id or endpoint)',
  request: jsonBody(z.union([z.strictObject({ id: idSchema }), z.strictObject({ endpoint: z.string().min(1).max(2048) })])),
  responses: { 200: jsonResponse(envelope(z.object({})), 'Removed'), ...errors(6) },
})

const feedsRoute = createRoute({
  method: 'get',
  path: '/feeds',
  tags: ['messaging'],
  summary: 'The feeds whose new entries notify the user',
  request: { query: z.strictObject({}) },
  responses: { 200: jsonResponse(envelope(z.object({ feedIds: z.array(z.string()) })), 'Feed ids'), ...errors() },
})

const setFeedRoute = createRoute({
  method: 'put',
  path: '/feeds',
  tags: ['messaging'],
  summary: "Turn a followed feed's notifications on or off",
  request: jsonBody(z.strictObject({ feedId: idSchema, enabled: z.boolean() })),
  responses: { 200: jsonResponse(envelope(z.object({ feedId: z.string(), enabled: z.boolean() })), 'Stored'), ...errors(6) },
})

const testRoute = createRoute({
  method: 'post',
  path: '/test',
  tags: ['messaging'],
  summary: "Send a test notification to every one of the user's browsers",
  request: jsonBody(z.strictObject({ title: z.string().min(1).max(200), body: z.string().max(500) })),
  responses: { 200: jsonResponse(envelope(z.object({ sent: z.number(), failed: z.number(), removed: z.number() })), 'What the push services answered'), ...errors() },
})

export function messagingRoutes({ messaging }: { messaging: MessagingService }) {
  const router = createRouter()

  router.openapi(listRoute, async (c) => c.json(ok(await messaging.list(requireUser(c).id)), 200))

  router.openapi(registerRoute, async (c) => {
    const user = requireUser(c)
    const { endpoint, keys } = c.req.valid('json')
    return c.json(ok(await messaging.register(user.id, { endpoint, keys }, c.req.header('user-agent') ?? null)), 200)
  })

  router.openapi(removeRoute, async (c) => {
    await messaging.remove(requireUser(c).id, c.req.valid('json'))
    return c.json(ok({}), 200)
  })

  router.openapi(feedsRoute, async (c) => c.json(ok({ feedIds: await messaging.feeds(requireUser(c).id) }), 200))

  router.openapi(setFeedRoute, async (c) => {
    const { feedId, enabled } = c.req.valid('json')
    await messaging.setFeed(requireUser(c).id, feedId, enabled)
    return c.json(ok({ feedId, enabled }), 200)
  })

  router.openapi(testRoute, async (c) => c.json(ok(await messaging.test(requireUser(c).id, c.req.valid('json'))), 200))

  return router
}
