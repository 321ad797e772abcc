/**
 * /api/analytics: the web app's measurement endpoint (SPEC §7 "an analytics client POSTs … json
 * client_id, user_id, events, user_properties") and the admins' per-day counts.
 */
import { createRoute, z } from '@hono/zod-openapi'
import { ANALYTICS_MAX_BATCH } from '@brook/shared'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, jsonBody, jsonResponse } from '../../lib/apiSchemas.ts'
import type { AnalyticsService } from './service.ts'

const Value = z.union([z.string().max(500), z.number(), z.boolean(), z.null()])

const collectRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['analytics'],
  summary: 'A batch of SPEC §3 events (counted per day and event while my sendAnonymousData is on; nothing else is kept)',
  request: jsonBody(
    z.strictObject({
      client_id: z.string().min(1).max(64),
      user_id: z.string().max(64).nullable().optional(),
      events: z
        .array(z.object({ name: z.string().min(1).max(64).openapi({ description: 'The event code, e.g. "2007" (search open)' }), params: z.record(z.string().max(64), Value).optional() }))
        .min(1)
        .max(ANALYTICS_MAX_BATCH),
      user_properties: z.record(z.string().max(64), z.object({ value: Value })).optional(),
    }),
  ),
  responses: { 200: jsonResponse(envelope(z.object({ accepted: z.number().int(), dropped: z.number().int() })), 'Counted'), ...errors() },
})

const dailyRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['analytics'],
  summary: 'Admins: how many times each event was sent, per UTC day',
  request: { query: z.strictObject({ days: z.coerce.number().int().min(1).max(366).optional() }) },
  responses: { 200: jsonResponse(envelope(z.array(z.object({ day: z.string(), event: z.string(), count: z.number().int() }))), 'Newest day first'), ...errors(1004) },
})

export function analyticsRoutes({ analytics }: { analytics: AnalyticsService }) {
  const router = createRouter()
  router.openapi(collectRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await analytics.collect(user.id, c.req.valid('json').events)), 200)
  })
  router.openapi(dailyRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await analytics.daily(user, c.req.valid('query').days ?? 30)), 200)
  })
  return router
}
