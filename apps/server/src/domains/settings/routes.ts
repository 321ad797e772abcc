/** /api/settings: the ui, general and ai tabs (SPEC §3, §7), with defaults from @brook/shared. */
import { createRoute, z } from '@hono/zod-openapi'
import { SETTINGS_TABS, settingsPatchSchemas, settingsTabSchemas } from '@brook/shared'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, jsonResponse } from '../../lib/apiSchemas.ts'
import type { SettingsService } from './service.ts'

const Tabs = z.object({ ui: settingsTabSchemas.ui, general: settingsTabSchemas.general, ai: settingsTabSchemas.ai })
/** A tab's stored values: some of its keys. */
const StoredTab = z.union([settingsPatchSchemas.ui, settingsPatchSchemas.general, settingsPatchSchemas.ai])
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
    200: jsonResponse(envelope(z.object({ tab: z.enum(SETTINGS_TABS), settings: StoredTab, updated: z.string() })), "The tab's stored values"),
    ...errors(7001, 7002, 7003),
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
