/**
 * /api/trending (SPEC §7: feeds; entries, lists and users are this shape) and the two
 * list discovery routes of SPEC §7, /api/lists/discover and /api/lists/trending, which read the
 * same rankings (mounted beside the lists router).
 */
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, jsonResponse, queryView } from '../../lib/apiSchemas.ts'
import { FeedSchema } from '../feeds/present.ts'
import { ListSchema } from '../lists/present.ts'
import type { TrendingService } from './service.ts'

const limit = z.coerce.number().int().min(1).max(100).optional()
const language = z.string().max(16).optional().openapi({ description: 'all, eng, cmn (ui discoverLanguage) or a language tag such as zh-CN; feeds without a language show under every one' })

const TrendingFeedSchema = z.object({ feed: FeedSchema, score: z.number(), subscriberCount: z.number().int().openapi({ description: 'Public subscribers' }) }).openapi('TrendingFeed')
const TrendingListSchema = z.object({ list: ListSchema, score: z.number(), subscriberCount: z.number().int() }).openapi('TrendingList')
const TrendingEntrySchema = z
  .object({
    id: z.string(),
    feedId: z.string(),
    feedTitle: z.string().nullable(),
    title: z.string().nullable(),
    url: z.string().nullable(),
    publishedAt: z.string(),
    score: z.number(),
    readerCount: z.number().int().openapi({ description: 'Different people who read or starred it this week (at least 2)' }),
  })
  .openapi('TrendingEntry')
const TrendingUserSchema = z
  .object({ id: z.string(), name: z.string(), handle: z.string().nullable(), image: z.string().nullable(), score: z.number(), newSubscriberCount: z.number().int() })
  .openapi('TrendingUser')

const feedsRoute = createRoute({
  method: 'get',
  path: '/feeds',
  tags: ['trending'],
  summary: 'Feeds trending here: recent public subscriptions, stars and reads, decaying with a half-life of 3.5 days',
  request: { query: z.strictObject({ view: queryView.optional(), language, limit }) },
  responses: { 200: jsonResponse(envelope(z.array(TrendingFeedSchema)), 'Best first'), ...errors() },
})
const entriesRoute = createRoute({
  method: 'get',
  path: '/entries',
  tags: ['trending'],
  summary: 'Entries read or starred this week by at least two public subscribers of their feed',
  request: { query: z.strictObject({ view: queryView.optional(), language, limit }) },
  responses: { 200: jsonResponse(envelope(z.array(TrendingEntrySchema)), 'Best first'), ...errors() },
})
const listsRoute = createRoute({
  method: 'get',
  path: '/lists',
  tags: ['trending'],
  summary: 'Lists trending here: recent public subscriptions',
  request: { query: z.strictObject({ view: queryView.optional(), limit }) },
  responses: { 200: jsonResponse(envelope(z.array(TrendingListSchema)), 'Best first'), ...errors() },
})
const usersRoute = createRoute({
  method: 'get',
  path: '/users',
  tags: ['trending'],
  summary: 'People whose lists and claimed feeds gained public subscribers recently',
  request: { query: z.strictObject({ limit }) },
  responses: { 200: jsonResponse(envelope(z.array(TrendingUserSchema)), 'Best first'), ...errors() },
})

export function trendingRoutes({ trending }: { trending: TrendingService }) {
  const router = createRouter()
  router.openapi(feedsRoute, async (c) => {
    requireUser(c)
    return c.json(ok(await trending.feeds(c.req.valid('query'))), 200)
  })
  router.openapi(entriesRoute, async (c) => {
    requireUser(c)
    return c.json(ok(await trending.entries(c.req.valid('query'))), 200)
  })
  router.openapi(listsRoute, async (c) => {
    requireUser(c)
    return c.json(ok(await trending.lists(c.req.valid('query'))), 200)
  })
  router.openapi(usersRoute, async (c) => {
    requireUser(c)
    return c.json(ok(await trending.users(c.req.valid('query'))), 200)
  })
  return router
}

const listsDiscoverRoute = createRoute({
  method: 'get',
  path: '/discover',
  tags: ['lists'],
  summary: 'Lists whose title or description contains the keyword, most followed first',
  request: { query: z.strictObject({ keyword: z.string().max(200), limit }) },
  responses: { 200: jsonResponse(envelope(z.array(ListSchema)), 'Matching lists'), ...errors() },
})
const listsTrendingRoute = createRoute({
  method: 'get',
  path: '/trending',
  tags: ['lists'],
  summary: 'Lists trending here (the lists of GET /trending/lists)',
  request: { query: z.strictObject({ view: queryView.optional(), limit }) },
  responses: { 200: jsonResponse(envelope(z.array(TrendingListSchema)), 'Best first'), ...errors() },
})

/** GET /api/lists/discover and /api/lists/trending. */
export function listDiscoveryRoutes({ trending }: { trending: TrendingService }) {
  const router = createRouter()
  router.openapi(listsDiscoverRoute, async (c) => {
    requireUser(c)
    return c.json(ok(await trending.discoverLists(c.req.valid('query'))), 200)
  })
  router.openapi(listsTrendingRoute, async (c) => {
    requireUser(c)
    return c.json(ok(await trending.lists(c.req.valid('query'))), 200)
  })
  return router
}

const countersRoute = createRoute({
  method: 'get',
  path: '/g',
  tags: ['trending'],
  summary: "This instance's public counters (SPEC names /data/g without a shape; docs/trending.md): accounts, feeds, entries, public subscriptions, lists — refreshed hourly",
  responses: {
    200: jsonResponse(envelope(z.object({ users: z.number().int(), feeds: z.number().int(), entries: z.number().int(), publicSubscriptions: z.number().int(), lists: z.number().int() }).openapi('InstanceCounters')), 'Totals'),
    ...errors(),
  },
})

/** GET /api/data/g. */
export function dataRoutes({ trending }: { trending: TrendingService }) {
  const router = createRouter()
  router.openapi(countersRoute, async (c) => {
    requireUser(c)
    return c.json(ok(await trending.counters()), 200)
  })
  return router
}
