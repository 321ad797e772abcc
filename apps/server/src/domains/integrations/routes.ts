/** /api/integrations: your integration settings (secrets never answered in full) and saving an entry to a service. */
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, idSchema, jsonBody, jsonResponse } from '../../lib/apiSchemas.ts'
import { IntegrationPatchSchema, IntegrationSettingsSchema, SERVER_SERVICES } from './schema.ts'
import type { IntegrationsService } from './service.ts'

const getRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['integrations'],
  summary: 'Your integration settings (secrets as set/hint only)',
  responses: { 200: jsonResponse(envelope(IntegrationSettingsSchema), 'Every service'), ...errors() },
})

const patchRoute = createRoute({
  method: 'patch',
  path: '/',
  tags: ['integrations'],
  summary: "Change one service's settings (an absent secret keeps the stored one)",
  request: jsonBody(IntegrationPatchSchema),
  responses: { 200: jsonResponse(envelope(IntegrationSettingsSchema), 'Every service'), ...errors(1002) },
})

const SaveResultSchema = z
  .object({
    service: z.string(),
    name: z.string().openapi({ description: 'The service as people know it (for the toast)' }),
    saved: z.boolean(),
    url: z.string().nullable().openapi({ description: 'Where the service keeps it, when it says' }),
    error: z.string().nullable().openapi({ description: "The service's own error text when not saved" }),
  })
  .openapi('IntegrationSaveResult')

const saveRoute = createRoute({
  method: 'post',
  path: '/save',
  tags: ['integrations'],
  summary: 'Save an entry to a service (from the server)',
  request: jsonBody(z.strictObject({ service: z.enum([...SERVER_SERVICES, 'custom']), customId: z.string().max(64).optional(), entryId: idSchema })),
  responses: { 200: jsonResponse(envelope(SaveResultSchema), 'What the service said'), ...errors(1002, 3000) },
})

export function integrationsRoutes({ integrations }: { integrations: IntegrationsService }) {
  const router = createRouter()

  router.openapi(getRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await integrations.get(user.id)), 200)
  })

  router.openapi(patchRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await integrations.patch(user.id, c.req.valid('json'))), 200)
  })

  router.openapi(saveRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await integrations.save(user.id, c.req.valid('json'))), 200)
  })

  return router
}
