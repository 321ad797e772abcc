/** /api/tokens: create (the token is shown only in this answer), list and revoke API tokens. */
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, idSchema, jsonBody, jsonResponse } from '../../lib/apiSchemas.ts'
import type { ApiTokensService } from './service.ts'

const ApiTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    lastUsedClient: z.string().nullable().openapi({ description: 'The User-Agent of the last request made with the token' }),
  })
  .openapi('ApiToken')

const createTokenRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['tokens'],
  summary: 'Create an API token (shown only in this answer)',
  request: jsonBody(z.strictObject({ name: z.string().min(1).max(100) })),
  responses: { 200: jsonResponse(envelope(z.object({ id: z.string(), name: z.string(), token: z.string() })), 'The new token'), ...errors() },
})

const listTokensRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['tokens'],
  summary: "The user's API tokens (never the tokens themselves)",
  request: { query: z.strictObject({}) },
  responses: { 200: jsonResponse(envelope(z.array(ApiTokenSchema)), 'Tokens, newest first'), ...errors() },
})

const revokeTokenRoute = createRoute({
  method: 'delete',
  path: '/',
  tags: ['tokens'],
  summary: 'Revoke an API token',
  request: jsonBody(z.strictObject({ id: idSchema })),
  responses: { 200: jsonResponse(envelope(z.object({ id: z.string() })), 'Revoked'), ...errors(6) },
})

export function apiTokensRoutes({ apiTokens }: { apiTokens: ApiTokensService }) {
  const router = createRouter()

  router.openapi(createTokenRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await apiTokens.create(user, c.req.valid('json').name)), 200)
  })

  router.openapi(listTokensRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await apiTokens.list(user.id)), 200)
  })

  router.openapi(revokeTokenRoute, async (c) => {
    const user = requireUser(c)
    const { id } = c.req.valid('json')
    await apiTokens.revoke(user.id, id)
    return c.json(ok({ id }), 200)
  })

  return router
}
