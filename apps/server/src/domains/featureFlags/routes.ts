/** /api/admin/feature-flags (admins only: 1004): list, switch and roll out, per-user overrides, stats, affected users. */
import { createRoute, z } from '@hono/zod-openapi'
import { FEATURE_FLAGS } from '@brook/shared'
import { createRouter, ok, requireAdmin } from '../../lib/router.ts'
import { envelope, errors, jsonBody, jsonResponse } from '../../lib/apiSchemas.ts'
import type { FeatureFlagsService } from './service.ts'

const NameSchema = z.enum(FEATURE_FLAGS)
const FlagSchema = z.object({ name: NameSchema, enabled: z.boolean(), percentage: z.number().int(), overrides: z.number().int(), updatedAt: z.string().nullable() }).openapi('FeatureFlag')
const OverrideSchema = z.object({ name: NameSchema, userId: z.string(), enabled: z.boolean() })

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['admin'],
  summary: 'Every feature flag',
  request: { query: z.strictObject({}) },
  responses: { 200: jsonResponse(envelope(z.array(FlagSchema)), 'Flags'), ...errors(1004) },
})

const setRoute = createRoute({
  method: 'put',
  path: '/{name}',
  tags: ['admin'],
  summary: 'Switch a flag on or off, with a percentage rollout',
  request: { params: z.object({ name: NameSchema }), ...jsonBody(z.strictObject({ enabled: z.boolean(), percentage: z.number().int().min(0).max(100).optional() })) },
  responses: { 200: jsonResponse(envelope(FlagSchema), 'The flag'), ...errors(1004) },
})

const overrideRoute = createRoute({
  method: 'post',
  path: '/{name}/overrides',
  tags: ['admin'],
  summary: 'Turn a flag on or off for one user, whatever the rollout',
  request: { params: z.object({ name: NameSchema }), ...jsonBody(z.strictObject({ userId: z.string().max(64), enabled: z.boolean() })) },
  responses: { 200: jsonResponse(envelope(OverrideSchema), 'The override'), ...errors(1004, 6) },
})

const removeOverrideRoute = createRoute({
  method: 'delete',
  path: '/{name}/overrides/{userId}',
  tags: ['admin'],
  summary: 'Remove a user’s override',
  request: { params: z.object({ name: NameSchema, userId: z.string().max(64) }) },
  responses: { 200: jsonResponse(envelope(z.object({ name: NameSchema, userId: z.string() })), 'Removed'), ...errors(1004, 6) },
})

const statsRoute = createRoute({
  method: 'get',
  path: '/{name}/stats',
  tags: ['admin'],
  summary: 'How many accounts have the flag on',
  request: { params: z.object({ name: NameSchema }) },
  responses: {
    200: jsonResponse(envelope(z.object({ name: NameSchema, enabled: z.boolean(), percentage: z.number(), totalUsers: z.number(), enabledUsers: z.number(), overridesOn: z.number(), overridesOff: z.number() })), 'Stats'),
    ...errors(1004),
  },
})

const affectedRoute = createRoute({
  method: 'get',
  path: '/{name}/affected-users',
  tags: ['admin'],
  summary: 'Accounts with an override of the flag',
  request: { params: z.object({ name: NameSchema }) },
  responses: { 200: jsonResponse(envelope(z.array(z.object({ userId: z.string(), name: z.string(), email: z.string(), enabled: z.boolean() }))), 'Accounts'), ...errors(1004) },
})

export function featureFlagsRoutes({ featureFlags }: { featureFlags: FeatureFlagsService }) {
  return createRouter()
    .openapi(listRoute, async (c) => {
      requireAdmin(c)
      return c.json(ok(await featureFlags.list()), 200)
    })
    .openapi(setRoute, async (c) => {
      requireAdmin(c)
      return c.json(ok(await featureFlags.set(c.req.valid('param').name, c.req.valid('json'))), 200)
    })
    .openapi(overrideRoute, async (c) => {
      requireAdmin(c)
      const { userId, enabled } = c.req.valid('json')
      return c.json(ok(await featureFlags.override(c.req.valid('param').name, userId, enabled)), 200)
    })
    .openapi(removeOverrideRoute, async (c) => {
      requireAdmin(c)
      const { name, userId } = c.req.valid('param')
      return c.json(ok(await featureFlags.removeOverride(name, userId)), 200)
    })
    .openapi(statsRoute, async (c) => {
      requireAdmin(c)
      return c.json(ok(await featureFlags.stats(c.req.valid('param').name)), 200)
    })
    .openapi(affectedRoute, async (c) => {
      requireAdmin(c)
      return c.json(ok(await featureFlags.affectedUsers(c.req.valid('param').name)), 200)
    })
}
