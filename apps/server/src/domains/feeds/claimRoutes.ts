/** /api/feeds/claim: verification strings, the ownership challenge, and my claimed feeds (docs/power.md). */
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, idSchema, jsonBody, jsonResponse } from '../../lib/apiSchemas.ts'
import { FeedSchema } from './present.ts'
import type { FeedClaimService } from './claimService.ts'

const messageRoute = createRoute({
  method: 'post',
  path: '/message',
  tags: ['feeds'],
  summary: 'The strings that prove ownership: a line for the description or an item, a <meta> tag for the site, a JSON snippet',
  request: jsonBody(z.strictObject({ feedId: idSchema })),
  responses: { 200: jsonResponse(envelope(z.object({ token: z.string(), description: z.string(), meta: z.string(), json: z.string() })), 'Verification strings'), ...errors(2001) },
})
const challengeRoute = createRoute({
  method: 'post',
  path: '/challenge',
  tags: ['feeds'],
  summary: 'Fetch the feed and its site now, look for the token; on success the feed is yours and its waiting tips move to you',
  request: jsonBody(z.strictObject({ feedId: idSchema })),
  responses: {
    200: jsonResponse(envelope(z.object({ feedId: z.string(), ownerUserId: z.string(), moved: z.string().openapi({ description: 'Waiting tips moved to you (smallest units)' }) })), 'Claimed'),
    ...errors(2001, 2010),
  },
})
const listRoute = createRoute({
  method: 'get',
  path: '/list',
  tags: ['feeds'],
  summary: 'The feeds I have claimed',
  request: { query: z.strictObject({}) },
  responses: { 200: jsonResponse(envelope(z.array(FeedSchema)), 'Claimed feeds'), ...errors() },
})

export function feedClaimRoutes({ claims }: { claims: FeedClaimService }) {
  const router = createRouter()
  router.openapi(messageRoute, async (c) => c.json(ok(await claims.message(requireUser(c).id, c.req.valid('json').feedId)), 200))
  router.openapi(challengeRoute, async (c) => c.json(ok(await claims.challenge(requireUser(c).id, c.req.valid('json').feedId)), 200))
  router.openapi(listRoute, async (c) => c.json(ok(await claims.list(requireUser(c).id)), 200))
  return router
}
