/** /api/profiles: public profiles by id or handle, and in batches (SPEC §7). */
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, jsonBody, jsonResponse } from '../../lib/apiSchemas.ts'
import { toIso } from '../../lib/time.ts'
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

const getRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['profiles'],
  summary: 'A public profile by id or handle',
  request: { query: z.strictObject({ id: z.string().max(64).optional(), handle: z.string().max(64).optional() }) },
  responses: { 200: jsonResponse(envelope(ProfileSchema), 'The profile'), ...errors({ 404: 'No such user (6000)' }) },
})

const batchRoute = createRoute({
  method: 'post',
  path: '/batch',
  tags: ['profiles'],
  summary: 'Public profiles keyed by id (unknown ids are left out)',
  request: jsonBody(z.strictObject({ ids: z.array(z.string().max(64)).max(500) })),
  responses: { 200: jsonResponse(envelope(z.record(z.string(), ProfileSchema)), 'Profiles by id'), ...errors() },
})

export function profilesRoutes({ profiles }: { profiles: ProfilesService }) {
  const router = createRouter()

  router.openapi(getRoute, async (c) => {
    requireUser(c)
    return c.json(ok(presentProfile(await profiles.find(c.req.valid('query')))), 200)
  })

  router.openapi(batchRoute, async (c) => {
    requireUser(c)
    const rows = await profiles.byIds(c.req.valid('json').ids)
    return c.json(ok(Object.fromEntries(rows.map((r) => [r.id, presentProfile(r)]))), 200)
  })

  return router
}
