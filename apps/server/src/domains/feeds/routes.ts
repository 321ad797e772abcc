/**
 * /api/feeds: lookup with analytics (SPEC §7), batch analytics, admin refresh, reset.
 * Every route needs a signed-in user.
 */
import { createRoute, z } from '@hono/zod-openapi'
import { AppError } from '../../lib/appError.ts'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, jsonResponse, queryIdList } from '../../lib/apiSchemas.ts'
import type { FeedService } from './service.ts'
import type { WebsubService } from '../websub/service.ts'
import { FeedAnalyticsSchema, FeedSchema, presentAnalytics, presentFeed } from './present.ts'

const json = jsonResponse

const FeedWithAnalytics = z.object({
  feed: FeedSchema,
  analytics: FeedAnalyticsSchema,
  pushedBy: z.string().nullable().openapi({ description: 'The WebSub hub pushing this feed\'s updates (an active subscription), else null' }),
  discoveryCategory: z.string().nullable().openapi({ description: 'The SPEC §3 category Discover lists the feed under (PUT /feeds/discovery-category), else null' }),
})
const IdBody = z.object({ id: z.string().min(1).max(64) })

const getFeedRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['feeds'],
  summary: 'A feed by id or url, with its analytics',
  request: { query: z.object({ id: z.string().max(64).optional(), url: z.string().max(2048).optional() }) },
  responses: { 200: json(envelope(FeedWithAnalytics), 'The feed'), ...errors(2002, 2001) },
})

const analyticsRoute = createRoute({
  method: 'post',
  path: '/analytics',
  tags: ['feeds'],
  summary: 'Analytics of several feeds, keyed by feed id',
  request: { body: { content: { 'application/json': { schema: z.object({ id: z.array(z.string().max(64)).max(1000) }) } }, required: true } },
  responses: { 200: json(envelope(z.object({ analytics: z.record(z.string(), FeedAnalyticsSchema) })), 'Analytics by feed id'), ...errors() },
})

const analyticsGetRoute = createRoute({
  method: 'get',
  path: '/analytics',
  tags: ['feeds'],
  summary: 'Analytics of feeds by id (`id=a&id=b` or `id=a,b`), keyed by feed id: the GET form of POST /feeds/analytics',
  request: { query: z.strictObject({ id: queryIdList }) },
  responses: { 200: json(envelope(z.object({ analytics: z.record(z.string(), FeedAnalyticsSchema) })), 'Analytics by feed id (unknown ids left out)'), ...errors() },
})

const refreshRoute = createRoute({
  method: 'post',
  path: '/refresh',
  tags: ['feeds'],
  summary: 'Check a feed now (admins only)',
  request: { body: { content: { 'application/json': { schema: IdBody } }, required: true } },
  responses: {
    200: json(envelope(z.object({ feed: FeedSchema, status: z.string(), inserted: z.number(), updated: z.number() })), 'The feed after the check; a failure shows in errorMessage'),
    ...errors(2000, 2001),
  },
})

const resetRoute = createRoute({
  method: 'post',
  path: '/reset',
  tags: ['feeds'],
  summary: "Clear a feed's error state and validators and check it again soon",
  request: { body: { content: { 'application/json': { schema: IdBody } }, required: true } },
  responses: { 200: json(envelope(z.object({ feed: FeedSchema })), 'The reset feed'), ...errors(2001) },
})

export function feedsRoutes({ feeds, websub, tippers }: { feeds: FeedService; websub: Pick<WebsubService, 'pushedBy'>; tippers?: (feedIds: string[]) => Promise<Map<string, Array<{ id: string }>>> }) {
  const router = createRouter()

  router.openapi(getFeedRoute, async (c) => {
    requireUser(c)
    const { id, url } = c.req.valid('query')
    const feed = await feeds.getFeed({ id: id || undefined, url: url || undefined })
    const tipUserIds = ((await tippers?.([feed.id]))?.get(feed.id) ?? []).map((u) => u.id)
    return c.json(ok({ feed: presentFeed(feed, tipUserIds), analytics: presentAnalytics(feed), pushedBy: await websub.pushedBy(feed.id), discoveryCategory: feed.discoveryCategory ?? null }), 200)
  })

  router.openapi(analyticsRoute, async (c) => {
    requireUser(c)
    const analytics = await feeds.analytics(c.req.valid('json').id)
    return c.json(ok({ analytics: Object.fromEntries(Object.entries(analytics).map(([id, a]) => [id, presentAnalytics(a)])) }), 200)
  })

  router.openapi(analyticsGetRoute, async (c) => {
    requireUser(c)
    const analytics = await feeds.analytics(c.req.valid('query').id)
    return c.json(ok({ analytics: Object.fromEntries(Object.entries(analytics).map(([id, a]) => [id, presentAnalytics(a)])) }), 200)
  })

  router.openapi(refreshRoute, async (c) => {
    const user = requireUser(c)
    if (user.role !== 'admin') throw new AppError(2000)
    const { id } = c.req.valid('json')
    await feeds.getFeed({ id })
    const outcome = await feeds.refreshFeed(id)
    const feed = await feeds.getFeed({ id })
    return c.json(ok({ feed: presentFeed(feed), status: outcome.status, inserted: outcome.inserted, updated: outcome.updated }), 200)
  })

  router.openapi(resetRoute, async (c) => {
    requireUser(c)
    const feed = await feeds.resetFeed(c.req.valid('json').id)
    return c.json(ok({ feed: presentFeed(feed) }), 200)
  })

  return router
}
