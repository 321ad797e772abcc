/**
 * POST /api/discover: a keyword that is a URL finds the feeds behind it (discovery); any other
 * keyword searches known feeds and lists by title, description and URL, most followed first.
 */
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, jsonBody, jsonResponse } from '../../lib/apiSchemas.ts'
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
  responses: { 200: jsonResponse(envelope(z.array(ResultSchema)), 'Results'), ...errors({ 422: 'The URL could not be fetched (2003)' }) },
})

export function discoverRoutes({ discover }: { discover: DiscoverService }) {
  const router = createRouter()

  router.openapi(discoverRoute, async (c) => {
    const user = requireUser(c)
    const { keyword, target } = c.req.valid('json')
    return c.json(ok(await discover.discover(user.id, keyword, target)), 200)
  })

  return router
}
