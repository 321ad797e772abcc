/**
 * /api/profiles: public profiles by id or handle, and in batches (SPEC §7), and what a profile
 * page lists (`/share/users/{handle}`): each shown to the audience its owner chose.
 */
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, jsonBody, jsonResponse, publicErrors } from '../../lib/apiSchemas.ts'
import { toIso } from '../../lib/time.ts'
import { FeedSchema, presentFeed } from '../feeds/present.ts'
import { ListSchema, presentList } from '../lists/present.ts'
import type { ProfileRow } from './repo.ts'
import type { ProfilesService } from './service.ts'

export const ProfileSchema = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    handle: z.string().nullable(),
    image: z.string().nullable(),
    bio: z.string().nullable(),
    website: z.string().nullable(),
    socialLinks: z.record(z.string(), z.string()).nullable(),
    createdAt: z.string().nullable(),
  })
  .openapi('Profile')

const PublicSubscriptionSchema = z
  .object({
    type: z.enum(['feed', 'list']),
    title: z.string().nullable().openapi({ description: "The subscriber's own title, when they gave one" }),
    category: z.string().nullable(),
    view: z.number().int(),
    createdAt: z.string(),
    feed: FeedSchema.nullable(),
    list: ListSchema.nullable(),
  })
  .openapi('PublicSubscription')

const ProfileSubscriptionsSchema = z
  .object({
    userId: z.string(),
    visible: z.boolean().openapi({ description: 'False when the owner keeps their subscriptions and lists from the caller (then both are empty)' }),
    subscriptions: z.array(PublicSubscriptionSchema).openapi({ description: 'Feeds and lists followed and not made private, oldest first' }),
    lists: z.array(ListSchema).openapi({ description: 'Lists the user owns, newest first' }),
  })
  .openapi('ProfileSubscriptions')

function presentProfile(row: ProfileRow): z.infer<typeof ProfileSchema> {
  let socialLinks: Record<string, string> | null = null
  if (row.socialLinks) {
    try {
      const parsed = JSON.parse(row.socialLinks)
      socialLinks = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : null
    } catch {
      socialLinks = null
    }
  }
  return { id: row.id, name: row.name, handle: row.handle, image: row.image, bio: row.bio, website: row.website, socialLinks, createdAt: toIso(row.createdAt) }
}

const whoQuery = z.strictObject({ id: z.string().max(64).optional(), handle: z.string().max(64).optional() })

const getRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['profiles'],
  summary: "A profile by id or handle, when its owner's profileVisibility admits the caller (signed out: only profiles shown to everyone)",
  request: { query: whoQuery },
  responses: { 200: jsonResponse(envelope(ProfileSchema), 'The profile'), ...publicErrors(1000, 1002, 6000) },
})

const subscriptionsRoute = createRoute({
  method: 'get',
  path: '/subscriptions',
  tags: ['profiles'],
  summary: "What a profile page lists: the user's subscriptions not made private and the lists they own (subscriptionsVisibility decides who sees them)",
  request: { query: whoQuery },
  responses: { 200: jsonResponse(envelope(ProfileSubscriptionsSchema), 'Public subscriptions and lists'), ...publicErrors(1000, 1002, 6000) },
})

const batchRoute = createRoute({
  method: 'post',
  path: '/batch',
  tags: ['profiles'],
  summary: 'Public profiles keyed by id (unknown ids are left out; bio, website and links only where the owner shows the profile to the caller)',
  request: jsonBody(z.strictObject({ ids: z.array(z.string().max(64)).max(500) })),
  responses: { 200: jsonResponse(envelope(z.record(z.string(), ProfileSchema)), 'Profiles by id'), ...errors() },
})

export function profilesRoutes({ profiles }: { profiles: ProfilesService }) {
  const router = createRouter()

  router.openapi(getRoute, async (c) => {
    return c.json(ok(presentProfile(await profiles.find(c.req.valid('query'), c.get('user')))), 200)
  })

  router.openapi(subscriptionsRoute, async (c) => {
    const found = await profiles.publicSubscriptions(c.req.valid('query'), c.get('user'))
    const feedIdsOf = (id: string) => found.listFeedIds.get(id) ?? []
    return c.json(
      ok({
        userId: found.userId,
        visible: found.visible,
        subscriptions: found.subscriptions.map(({ subscription: s, feed, list }) => ({
          type: s.feedId ? ('feed' as const) : ('list' as const),
          title: s.title,
          category: s.category,
          view: Number(s.view),
          createdAt: s.createdAt,
          feed: feed ? presentFeed(feed) : null,
          list: list ? presentList(list, feedIdsOf(list.id)) : null,
        })),
        lists: found.lists.map((l) => presentList(l, feedIdsOf(l.id))),
      }),
      200,
    )
  })

  router.openapi(batchRoute, async (c) => {
    const user = requireUser(c)
    const rows = await profiles.byIds(c.req.valid('json').ids, user)
    return c.json(ok(Object.fromEntries(rows.map((r) => [r.id, presentProfile(r)]))), 200)
  })

  return router
}
