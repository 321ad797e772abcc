/**
 * POST /api/discover: a keyword that is a URL finds the feeds behind it (discovery); any other
 * keyword searches known feeds and lists by title, description and URL, most followed first.
 */
import { createRoute, z } from '@hono/zod-openapi'
import type { AppDeps } from '../../app.ts'
import { AppError } from '../../lib/appError.ts'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, jsonBody, jsonResponse } from '../../lib/apiSchemas.ts'
import { discoverFeeds } from '../../reader/discovery/discoverFeeds.ts'
import { FetchError } from '../../reader/fetcher/fetchFeed.ts'
import { normalizeFeedUrl } from '../feeds/feedUrl.ts'
import { FeedSchema, presentFeed } from '../feeds/present.ts'
import { ListSchema, presentList } from '../lists/present.ts'
import { readingServices } from '../readingServices.ts'

const SEARCH_LIMIT = 20

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

/** A keyword that names a URL: a scheme, or a host-looking word without spaces. */
function urlOf(keyword: string): string | null {
  if (/\s/.test(keyword)) return null
  if (!/^(https?:|feed:)/i.test(keyword) && !/^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?(\/|$)/i.test(keyword)) return null
  return normalizeFeedUrl(keyword)
}

export function discoverRoutes(deps: AppDeps) {
  const router = createRouter()

  router.openapi(discoverRoute, async (c) => {
    const user = requireUser(c)
    const { keyword, target } = c.req.valid('json')
    const { discover } = readingServices(deps)
    const url = urlOf(keyword)
    if (url) {
      let found
      try {
        found = await discoverFeeds(url, { allowPrivateNetworks: deps.env.FETCH_ALLOW_PRIVATE_NETWORKS, maxBytes: deps.env.FETCH_MAX_BYTES, timeoutMs: deps.env.FETCH_TIMEOUT_MS })
      } catch (error) {
        throw new AppError(2003, { reason: error instanceof FetchError ? error.message : String(error) })
      }
      const urls = found.map((f) => normalizeFeedUrl(f.url) ?? f.url)
      const known = new Map((await discover.feedsByUrls(urls)).map((f) => [f.url, f]))
      const followed = await discover.followed(user.id, [...known.values()].map((f) => f.id))
      return c.json(
        ok(
          found.map((f, i) => {
            const feed = known.get(urls[i])
            return feed
              ? { feed: presentFeed(feed), subscriptionCount: Number(feed.subscriptionCount), isSubscribed: followed.has(feed.id) }
              : { feed: { type: 'feed' as const, id: null, url: urls[i], title: f.title }, subscriptionCount: 0, isSubscribed: false }
          }),
        ),
        200,
      )
    }
    const feeds = target === 'lists' ? [] : await discover.searchFeeds(keyword, SEARCH_LIMIT)
    const lists = target === 'feeds' ? [] : await discover.searchLists(keyword, SEARCH_LIMIT)
    const followed = await discover.followed(user.id, [...feeds.map((f) => f.id), ...lists.map((l) => l.id)])
    const listFeeds = await discover.listFeedIds(lists.map((l) => l.id))
    return c.json(
      ok([
        ...feeds.map((f) => ({ feed: presentFeed(f), subscriptionCount: Number(f.subscriptionCount), isSubscribed: followed.has(f.id) })),
        ...lists.map((l) => ({ list: presentList(l, listFeeds.get(l.id) ?? []), subscriptionCount: Number(l.subscriptionCount), isSubscribed: followed.has(l.id) })),
      ]),
      200,
    )
  })

  return router
}
