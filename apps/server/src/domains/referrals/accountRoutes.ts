/**
 * Account calls of SPEC §7 that live beside better-auth under /api/auth: `providers` (the
 * sign-in providers this instance offers, as /api/status/configs knows them) and
 * `POST /subscription/restore` (a plan purchase restored through the receipt verifier).
 */
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, jsonBody, jsonResponse } from '../../lib/apiSchemas.ts'
import { RoleSchema } from '../plans/present.ts'
import type { SignInProvider } from '../status/signInProviders.ts'
import type { ReferralsService } from './service.ts'

const providersRoute = createRoute({
  method: 'get',
  path: '/providers',
  tags: ['auth'],
  summary: 'The sign-in providers of this instance: e-mail and password, and each configured social provider (GitHub, Google, the generic OAuth provider of OAUTH_*)',
  responses: {
    200: jsonResponse(envelope(z.array(z.object({ id: z.string(), name: z.string(), type: z.enum(['credential', 'social']) }))), 'Sign-in providers'),
  },
})

const restoreRoute = createRoute({
  method: 'post',
  path: '/subscription/restore',
  tags: ['auth'],
  summary: 'Restore a plan purchase: the receipt is checked by the instance’s receipt verifier and my plan becomes Pro until the purchase ends (1002 refused or expired — the default verifier accepts none; 1005 verifier unreachable)',
  request: jsonBody(z.strictObject({ receipt: z.string().min(1).max(200_000), platform: z.enum(['ios', 'android', 'web']).optional() })),
  responses: {
    200: jsonResponse(envelope(z.object({ role: RoleSchema, roleEndAt: z.string().nullable(), productId: z.string(), transactionId: z.string() })), 'My plan now'),
    ...errors(1002, 1005),
  },
})

export function accountRoutes({ referrals, providers }: { referrals: ReferralsService; providers: SignInProvider[] }) {
  return createRouter()
    .openapi(providersRoute, (c) => c.json(ok(providers), 200))
    .openapi(restoreRoute, async (c) => {
      const user = requireUser(c)
      const body = c.req.valid('json')
      const result = await referrals.restorePurchase(user, { receipt: body.receipt, platform: body.platform ?? null })
      c.get('sessionChanged')?.(user.id)
      return c.json(ok(result), 200)
    })
}
