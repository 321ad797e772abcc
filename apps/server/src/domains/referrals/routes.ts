/** /api/referrals (SPEC §7): my code and who came by it, the Pro preview days earned, verify a purchase receipt. */
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, jsonBody, jsonResponse } from '../../lib/apiSchemas.ts'
import type { ReferralsService } from './service.ts'

const DaysSchema = z.object({
  days: z.number().int().min(0).openapi({ description: 'Pro preview days my referrals earned me in all' }),
  fromSignUps: z.number().int().min(0),
  fromPurchases: z.number().int().min(0),
})

const ReferralsSchema = DaysSchema.extend({
  code: z.string(),
  path: z.string().openapi({ description: 'The sign-up path to share: /register?ref=CODE' }),
  trialDays: z.number().int().openapi({ description: 'Days of Pro preview trial a referred account starts with' }),
  signupDays: z.number().int().openapi({ description: 'Days I earn per account that signs up by my code' }),
  purchaseDays: z.number().int().openapi({ description: 'Days I earn once per referred account whose purchase is verified' }),
  receiptsAccepted: z.boolean().openapi({ description: 'False when this instance verifies no purchase receipts' }),
  referred: z.array(
    z.object({
      user: z.object({ id: z.string(), name: z.string(), handle: z.string().nullable(), image: z.string().nullable() }).nullable(),
      createdAt: z.string(),
      days: z.number().int(),
      purchased: z.boolean(),
    }),
  ),
})

const mineRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['referrals'],
  summary: 'My referral code, the accounts that signed up by it, and the Pro preview days they earned me',
  request: { query: z.strictObject({}) },
  responses: { 200: jsonResponse(envelope(ReferralsSchema), 'My referrals'), ...errors(1005) },
})

const daysRoute = createRoute({
  method: 'get',
  path: '/days',
  tags: ['referrals'],
  summary: 'Pro preview days my referrals earned me',
  request: { query: z.strictObject({}) },
  responses: { 200: jsonResponse(envelope(DaysSchema), 'Days earned'), ...errors() },
})

const verifyRoute = createRoute({
  method: 'post',
  path: '/verify-receipt',
  tags: ['referrals'],
  summary: 'Verify my purchase receipt through the instance’s receipt verifier; a referred account’s first verified purchase earns its referrer days (1002 refused — the default verifier accepts none; 1005 verifier unreachable)',
  request: jsonBody(z.strictObject({ receipt: z.string().min(1).max(200_000), platform: z.enum(['ios', 'android', 'web']).optional() })),
  responses: {
    200: jsonResponse(envelope(z.object({ transactionId: z.string(), productId: z.string(), referred: z.boolean(), referrerDays: z.number().int() })), 'The verified purchase'),
    ...errors(1002, 1005),
  },
})

export function referralsRoutes({ referrals }: { referrals: ReferralsService }) {
  return createRouter()
    .openapi(mineRoute, async (c) => c.json(ok(await referrals.mine(requireUser(c))), 200))
    .openapi(daysRoute, async (c) => c.json(ok(await referrals.days(requireUser(c))), 200))
    .openapi(verifyRoute, async (c) => {
      const body = c.req.valid('json')
      return c.json(ok(await referrals.verifyReceipt(requireUser(c), { receipt: body.receipt, platform: body.platform ?? null })), 200)
    })
}
