/** /api/invitations (SPEC §7): how many I may create, mine with who used them, create one, use one. */
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, jsonBody, jsonResponse } from '../../lib/apiSchemas.ts'
import { RoleSchema } from '../plans/present.ts'
import type { InvitationsService } from './service.ts'
import { InvitationSchema } from './present.ts'

const limitationRoute = createRoute({
  method: 'get',
  path: '/limitation',
  tags: ['invitations'],
  summary: 'How many invitation codes I may create now',
  request: { query: z.strictObject({}) },
  responses: { 200: jsonResponse(envelope(z.number().int().min(0)), 'Codes I may create now'), ...errors() },
})

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['invitations'],
  summary: 'My invitation codes, newest first, with who used them',
  request: { query: z.strictObject({}) },
  responses: { 200: jsonResponse(envelope(z.array(InvitationSchema)), 'My codes'), ...errors() },
})

const createInvitationRoute = createRoute({
  method: 'post',
  path: '/new',
  tags: ['invitations'],
  summary: 'Create an invitation code (5000 over my plan’s limit, 5001 while one is unused when the plan allows only one)',
  request: jsonBody(z.strictObject({})),
  responses: { 200: jsonResponse(envelope(z.string()), 'The new code'), ...errors(5000, 5001) },
})

const useRoute = createRoute({
  method: 'post',
  path: '/use',
  tags: ['invitations'],
  summary: 'Use an invitation code: my plan becomes Pro Preview (5002 used, 5003 unknown)',
  request: jsonBody(z.strictObject({ code: z.string().max(200) })),
  responses: { 200: jsonResponse(envelope(z.object({ role: RoleSchema })), 'My plan now'), ...errors(1004, 5002, 5003) },
})

export function invitationsRoutes({ invitations }: { invitations: InvitationsService }) {
  return createRouter()
    .openapi(limitationRoute, async (c) => c.json(ok(await invitations.limitation(requireUser(c))), 200))
    .openapi(listRoute, async (c) => c.json(ok(await invitations.list(requireUser(c))), 200))
    .openapi(createInvitationRoute, async (c) => c.json(ok(await invitations.create(requireUser(c))), 200))
    .openapi(useRoute, async (c) => {
      const user = requireUser(c)
      const result = await invitations.use(user, c.req.valid('json').code)
      c.get('sessionChanged')?.(user.id)
      return c.json(ok(result), 200)
    })
}
