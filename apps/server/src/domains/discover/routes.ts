/**
 * POST /api/discover: a keyword that is a URL finds the feeds behind it (discovery); any other
 * keyword searches known feeds and lists by title, description and URL, most followed first.
 */
import { createRoute, z } from '@hono/zod-openapi'
import { DISCOVER_CATEGORIES } from '@brook/shared'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, idSchema, jsonBody, jsonResponse } from '../../lib/apiSchemas.ts'
import { FeedSchema } from '../feeds/present.ts'
import { ListSchema } from '../lists/present.ts'
import type { DiscoverService } from './service.ts'

const FeedStub = z.object({ type: z.literal('feed'), id: z.null(), url: z.string(), title: z.string().nullable() })
const ResultSchema = z
  .object({
    feed: z.union([FeedSchema, FeedStub]).optional(),
    list: ListSchema.optional(),
    subscriptionCount: z.number(),
    isSubscribed: z.boolean(),
  })
  .openapi('DiscoverResult')

const discoverRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['discover'],
  summary: 'Feeds behind a URL, or known feeds and lists matching a keyword',
  request: jsonBody(z.strictObject({ keyword: z.string().trim().min(1).max(2048), target: z.enum(['feeds', 'lists']).optional() })),
  responses: { 200: jsonResponse(envelope(z.array(ResultSchema)), 'Results'), ...errors(2003) },
})

const categoryEnum = z.enum(DISCOVER_CATEGORIES)
const CategoryFeedSchema = z
  .object({
    feed: FeedSchema,
    category: z.string().nullable().openapi({ description: 'The feed’s discovery category' }),
    subscriptionCount: z.number().int().openapi({ description: 'Public subscribers' }),
    isSubscribed: z.boolean(),
  })
  .openapi('CategoryFeed')

const categoryFeedsRoute = createRoute({
  method: 'get',
  path: '/feeds',
  tags: ['discover'],
  summary: 'Known feeds of a discovery category (popular: every category) with public subscribers, most followed first',
  request: {
    query: z.strictObject({
      category: categoryEnum,
      language: z.string().max(16).optional().openapi({ description: 'all, eng, cmn (ui discoverLanguage) or a language tag; feeds without a language show under every one' }),
      limit: z.coerce.number().int().min(1).max(100).optional(),
    }),
  },
  responses: { 200: jsonResponse(envelope(z.array(CategoryFeedSchema)), 'Most followed first'), ...errors() },
})

const setCategoryRoute = createRoute({
  method: 'put',
  path: '/discovery-category',
  tags: ['feeds'],
  summary: 'Files a feed under a discovery category (its claimed owner or an admin; null: none)',
  request: jsonBody(z.strictObject({ feedId: idSchema, category: categoryEnum.exclude(['popular']).nullable() })),
  responses: { 200: jsonResponse(envelope(z.object({ feedId: z.string(), category: z.string().nullable() })), 'Filed'), ...errors(1004, 2001) },
})

/** PUT /api/feeds/discovery-category. */
export function feedCategoryRoutes({ discover }: { discover: DiscoverService }) {
  const router = createRouter()
  router.openapi(setCategoryRoute, async (c) => {
    const user = requireUser(c)
    const { feedId, category } = c.req.valid('json')
    return c.json(ok(await discover.setFeedCategory(user, feedId, category)), 200)
  })
  return router
}

export function discoverRoutes({ discover }: { discover: DiscoverService }) {
  const router = createRouter()

  router.openapi(categoryFeedsRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await discover.feedsOfCategory(user.id, c.req.valid('query'))), 200)
  })

  router.openapi(discoverRoute, async (c) => {
    const user = requireUser(c)
    const { keyword, target } = c.req.valid('json')
    return c.json(ok(await discover.discover(user.id, keyword, target)), 200)
  })

  return router
}
