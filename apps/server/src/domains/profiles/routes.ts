/** /api/profiles: public profiles by id or handle, and in batches (SPEC §7). */
import { createRoute, z } from '@hono/zod-openapi'
import type { AppDeps } from '../../app.ts'
import { AppError } from '../../lib/appError.ts'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, jsonBody, jsonResponse } from '../../lib/apiSchemas.ts'
import { toIso } from '../../lib/time.ts'
import { readingServices } from '../readingServices.ts'
import type { ProfileRow } from './repo.ts'

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

export function profilesRoutes(deps: AppDeps) {
  const router = createRouter()
  const profiles = () => readingServices(deps).profiles

  router.openapi(getRoute, async (c) => {
    requireUser(c)
    const { id, handle } = c.req.valid('query')
    if ((id === undefined) === (handle === undefined)) throw new AppError(1002, { reason: 'Give id or handle' })
    const row = id ? await profiles().byId(id) : await profiles().byHandle((handle as string).replace(/^@/, ''))
    if (!row) throw new AppError(6000)
    return c.json(ok(presentProfile(row)), 200)
  })

  router.openapi(batchRoute, async (c) => {
    requireUser(c)
    const rows = await profiles().byIds([...new Set(c.req.valid('json').ids)])
    return c.json(ok(Object.fromEntries(rows.map((r) => [r.id, presentProfile(r)]))), 200)
  })

  return router
}
