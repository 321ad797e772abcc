/**
 * /api/rsshub (SPEC §7: instances, use, status) and the RSSHub routes of /api/discover
 * (the route catalogue, one route, analytics). Errors 13000–13007 (SPEC §8).
 */
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, idSchema, jsonBody, jsonResponse } from '../../lib/apiSchemas.ts'
import type { RsshubService } from './service.ts'

const InstanceSchema = z
  .object({
    id: z.string(),
    baseUrl: z.string(),
    description: z.string().nullable(),
    price: z.string().nullable().openapi({ description: 'POWER a month; null: free' }),
    userLimit: z.number().int().nullable(),
    isDefault: z.boolean(),
    isOwner: z.boolean(),
    ownerUserId: z.string().nullable().openapi({ description: 'null: the instance seeded from RSSHUB_URL' }),
    accessKey: z.string().nullable().openapi({ description: 'Shown to its owner only' }),
    hasAccessKey: z.boolean(),
    userCount: z.number().int(),
    inUse: z.boolean().openapi({ description: 'My rsshub:// feeds go through it' }),
    purchaseExpiresAt: z.string().nullable().openapi({ description: 'A paid instance (not mine): when the access I bought ends (past: expired); null: free for me, or not bought' }),
    status: z.object({ checkedAt: z.string().nullable(), responseTimeMs: z.number().int().nullable(), errorAt: z.string().nullable(), errorMessage: z.string().nullable() }),
    createdAt: z.string(),
  })
  .openapi('RsshubInstance')

const StatusSchema = z
  .object({ id: z.string(), baseUrl: z.string(), responseTimeMs: z.number().int(), checkedAt: z.string(), lastErrorAt: z.string().nullable(), lastError: z.string().nullable().openapi({ description: 'The error of the check before this one, if it failed' }) })
  .openapi('RsshubStatus')

const ParameterSchema = z.object({ name: z.string(), description: z.string(), optional: z.boolean() })
const RouteSchema = z
  .object({
    route: z.string().openapi({ example: '/github/issue/:user/:repo/:state?' }),
    namespace: z.string(),
    name: z.string(),
    example: z.string().nullable(),
    description: z.string().nullable(),
    parameters: z.array(ParameterSchema),
    categories: z.array(z.string()),
    maintainers: z.array(z.string()),
    requiresConfig: z.boolean(),
  })
  .openapi('RsshubRoute')
const NamespaceSchema = z
  .object({ namespace: z.string(), name: z.string(), url: z.string().nullable(), description: z.string().nullable(), lang: z.string().nullable(), categories: z.array(z.string()), routes: z.array(RouteSchema) })
  .openapi('RsshubNamespace')

const createInstanceRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['rsshub'],
  summary: 'Adds an RSSHub instance of mine (checked first: GET /healthz must answer like RSSHub), or with an id edits one of mine',
  request: jsonBody(
    z.strictObject({
      id: idSchema.optional().openapi({ description: 'Edits this instance of mine (admins: also the one seeded from RSSHUB_URL): a field left out stays, null clears it; a new URL or access key is checked first' }),
      baseUrl: z.string().trim().min(1).max(2048),
      accessKey: z.string().max(500).nullable().optional(),
      description: z.string().max(2000).nullable().optional().openapi({ description: 'Set: the instance is shared (others see it in their list)' }),
      price: z.string().regex(/^\d+(\.\d+)?$/).max(40).nullable().optional(),
      userLimit: z.number().int().min(1).max(1_000_000).nullable().optional(),
      isDefault: z.boolean().optional().openapi({ description: 'Admins only: the instance used by everyone who chose none' }),
    }),
  ),
  responses: { 200: jsonResponse(envelope(InstanceSchema), 'The instance'), ...errors(1004, 13001, 13002, 13003, 13004, 13006, 13007) },
})
const listRoute = createRoute({
  method: 'get',
  path: '/list',
  tags: ['rsshub'],
  summary: 'Instances I may use: mine, shared ones and the default, with status and user count',
  responses: { 200: jsonResponse(envelope(z.array(InstanceSchema)), 'Instances'), ...errors() },
})
const getRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['rsshub'],
  summary: 'One instance',
  request: { query: z.strictObject({ id: idSchema }) },
  responses: { 200: jsonResponse(envelope(InstanceSchema), 'The instance'), ...errors(13003) },
})
const deleteRoute = createRoute({
  method: 'delete',
  path: '/',
  tags: ['rsshub'],
  summary: 'Deletes an instance of mine nobody else uses',
  request: jsonBody(z.strictObject({ id: idSchema })),
  responses: { 200: jsonResponse(envelope(z.null()), 'Deleted'), ...errors(13001, 13002, 13003) },
})
const useRoute = createRoute({
  method: 'post',
  path: '/use',
  tags: ['rsshub'],
  summary: 'My rsshub:// feeds go through this instance (null: the default one); a paid one needs a purchase (durationInMonths buys months with POWER)',
  request: jsonBody(
    z.strictObject({
      id: idSchema.nullable(),
      durationInMonths: z.number().int().min(1).max(24).optional().openapi({ description: 'Paid instance: buy this many months at its price (POWER a month), moved from my wallet to its owner in one ledger transaction' }),
    }),
  ),
  responses: { 200: jsonResponse(envelope(z.object({ instanceId: z.string().nullable(), purchaseExpiresAt: z.string().nullable() })), 'In use'), ...errors(1004, 4002, 13003, 13004, 13005, 13006) },
})
const defaultRoute = createRoute({
  method: 'post',
  path: '/default',
  tags: ['rsshub'],
  summary: 'Admins: the instance everyone who chose none reads through (null: none); not a paid one',
  request: jsonBody(z.strictObject({ id: idSchema.nullable() })),
  responses: { 200: jsonResponse(envelope(z.object({ instanceId: z.string().nullable() })), 'The default'), ...errors(1004, 13003, 13006) },
})
const statusRoute = createRoute({
  method: 'get',
  path: '/status',
  tags: ['rsshub'],
  summary: 'A fresh health check of an instance (default: the one I use)',
  request: { query: z.strictObject({ id: idSchema.optional() }) },
  responses: { 200: jsonResponse(envelope(StatusSchema), 'Healthy'), ...errors(13003, 13007) },
})

export function rsshubRoutes({ rsshub }: { rsshub: RsshubService }) {
  const router = createRouter()
  router.openapi(createInstanceRoute, async (c) => {
    const user = requireUser(c)
    const { id, ...input } = c.req.valid('json')
    return c.json(ok(id === undefined ? await rsshub.create(user, input) : await rsshub.update(user, { id, ...input })), 200)
  })
  router.openapi(listRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await rsshub.list(user.id)), 200)
  })
  router.openapi(getRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await rsshub.get(user.id, c.req.valid('query').id)), 200)
  })
  router.openapi(deleteRoute, async (c) => {
    const user = requireUser(c)
    await rsshub.remove(user, c.req.valid('json').id)
    return c.json(ok(null), 200)
  })
  router.openapi(useRoute, async (c) => {
    const user = requireUser(c)
    const { id, durationInMonths } = c.req.valid('json')
    return c.json(ok(await rsshub.use(user.id, id, { durationInMonths, idempotencyKey: c.req.header('Idempotency-Key') })), 200)
  })
  router.openapi(defaultRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await rsshub.setDefault(user, c.req.valid('json').id)), 200)
  })
  router.openapi(statusRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await rsshub.status(user.id, c.req.valid('query').id)), 200)
  })
  return router
}

const catalogueRoute = createRoute({
  method: 'get',
  path: '/rsshub',
  tags: ['discover'],
  summary: "RSSHub routes of the instance I use (its /api/namespace, cached 1 hour), by category, namespace, language or keyword",
  request: {
    query: z.strictObject({
      category: z.string().max(64).optional(),
      namespace: z.string().max(128).optional(),
      lang: z.string().max(16).optional().openapi({ description: 'all, eng, cmn (ui discoverLanguage) or a tag; namespaces without a language show under every one' }),
      keyword: z.string().max(200).optional(),
    }),
  },
  responses: { 200: jsonResponse(envelope(z.array(NamespaceSchema)), 'Namespaces with their matching routes'), ...errors(13003, 13007) },
})
const routeRoute = createRoute({
  method: 'get',
  path: '/rsshub-route',
  tags: ['discover'],
  summary: 'One RSSHub route by its pattern or a concrete path (rsshub://github/issue/a/b): parameters, example, description',
  request: { query: z.strictObject({ route: z.string().trim().min(1).max(2048) }) },
  responses: { 200: jsonResponse(envelope(RouteSchema.extend({ values: z.record(z.string(), z.string()).openapi({ description: 'Parameter values a concrete path gives' }) })), 'The route'), ...errors(13000, 13003, 13007) },
})
const analyticsRoute = createRoute({
  method: 'get',
  path: '/rsshub-analytics',
  tags: ['discover'],
  summary: 'How many people follow each rsshub:// feed here (public subscriptions only)',
  request: { query: z.strictObject({ limit: z.coerce.number().int().min(1).max(500).optional() }) },
  responses: { 200: jsonResponse(envelope(z.array(z.object({ url: z.string(), feedId: z.string(), title: z.string().nullable(), followers: z.number().int() }))), 'Most followed first'), ...errors() },
})

/** GET /api/discover/rsshub, /rsshub-route, /rsshub-analytics. */
export function rsshubDiscoverRoutes({ rsshub }: { rsshub: RsshubService }) {
  const router = createRouter()
  router.openapi(catalogueRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await rsshub.routes(user.id, c.req.valid('query'))), 200)
  })
  router.openapi(routeRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await rsshub.route(user.id, c.req.valid('query').route)), 200)
  })
  router.openapi(analyticsRoute, async (c) => {
    requireUser(c)
    return c.json(ok(await rsshub.analytics(c.req.valid('query').limit ?? 100)), 200)
  })
  return router
}
