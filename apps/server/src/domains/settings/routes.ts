/** /api/settings: the ui, general and ai tabs (SPEC §3, §7), with defaults from @brook/shared. */
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, jsonResponse } from '../../lib/apiSchemas.ts'
import type { SettingsService } from './service.ts'

const Tabs = z.object({ ui: z.record(z.string(), z.unknown()), general: z.record(z.string(), z.unknown()), ai: z.record(z.string(), z.unknown()) })
const Updated = z.object({ ui: z.string().nullable(), general: z.string().nullable(), ai: z.string().nullable() })

const getRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['settings'],
  summary: 'Every tab: defaults with the stored values over them, and when each was last saved',
  request: { query: z.strictObject({}) },
  responses: { 200: jsonResponse(envelope(z.object({ settings: Tabs, updated: Updated })), 'Settings'), ...errors() },
})

const patchRoute = createRoute({
  method: 'patch',
  path: '/{tab}',
  tags: ['settings'],
  summary: "Save some of a tab's keys (only that tab's keys, each with its type)",
  request: {
    params: z.object({ tab: z.string().max(40).openapi({ description: 'ui, general or ai' }) }),
    // Checked by the service against the tab's schema so a wrong key answers 7002, not 4.
    body: { content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } }, required: true },
  },
  responses: {
    200: jsonResponse(envelope(z.object({ tab: z.string(), settings: z.record(z.string(), z.unknown()), updated: z.string() })), "The tab's stored values"),
    ...errors({ 400: 'Invalid tab (7001), invalid payload (7002), payload too large (7003)' }),
  },
})

export function settingsRoutes({ settings }: { settings: SettingsService }) {
  const router = createRouter()

  router.openapi(getRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await settings.get(user.id)), 200)
  })

  router.openapi(patchRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await settings.patch(user.id, c.req.valid('param').tab, c.req.valid('json'))), 200)
  })

  return router
}
