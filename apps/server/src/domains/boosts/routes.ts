/** /api/boosts: a feed's boost level, boosting it with POWER, and its boosters (docs/power.md). */
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, idSchema, jsonBody, jsonResponse } from '../../lib/apiSchemas.ts'
import { TransactionSchema } from '../wallets/routes.ts'
import type { BoostsService } from './service.ts'

const units = (description: string) => z.string().openapi({ description: `${description} (smallest units, 1 POWER = 10^18, decimal string)` })

const BoostStatusSchema = z
  .object({
    feedId: z.string(),
    level: z.number().int().openapi({ description: 'Boost level 0–3 from the running boosts' }),
    boostCount: z.number().int(),
    totalAmount: units('Running boosts in total'),
    remainingToNextLevel: units('Missing to the next level; null at the top').nullable(),
    step: units('One boost step; a boost is a positive multiple of it'),
    expiresAt: z.string().nullable().openapi({ description: 'When the last running boost ends' }),
  })
  .openapi('BoostStatus')

const statusRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['boosts'],
  summary: "A feed's boost level, count, what is missing to the next level, and expiry",
  request: { query: z.strictObject({ feedId: idSchema }) },
  responses: { 200: jsonResponse(envelope(BoostStatusSchema), 'Boost status'), ...errors(2001) },
})
const boostRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['boosts'],
  summary: 'Boost a feed for 30 days (a positive multiple of the step)',
  request: jsonBody(z.strictObject({ feedId: idSchema, amount: z.string().regex(/^-?\d{1,80}$/, 'amount must be a whole number of smallest units').openapi({ description: 'Smallest units, a positive multiple of the step' }) })),
  responses: { 200: jsonResponse(envelope(z.object({ transaction: TransactionSchema, status: BoostStatusSchema })), 'The boost and the new status'), ...errors(2001, 4002, 4006) },
})
const boostersRoute = createRoute({
  method: 'get',
  path: '/boosters',
  tags: ['boosts'],
  summary: "A feed's boosters (public profiles) and how much each runs",
  request: { query: z.strictObject({ feedId: idSchema }) },
  responses: {
    200: jsonResponse(envelope(z.array(z.object({ userId: z.string(), name: z.string().nullable(), handle: z.string().nullable(), image: z.string().nullable(), amount: units('Running boosts') }))), 'Boosters'),
    ...errors(2001),
  },
})

export function boostsRoutes({ boosts }: { boosts: BoostsService }) {
  const router = createRouter()
  router.openapi(statusRoute, async (c) => {
    requireUser(c)
    return c.json(ok(await boosts.status(c.req.valid('query').feedId)), 200)
  })
  router.openapi(boostRoute, async (c) => {
    const user = requireUser(c)
    const { feedId, amount } = c.req.valid('json')
    return c.json(ok(await boosts.boost(user, { feedId, amount: BigInt(amount) }, c.req.header('Idempotency-Key'))), 200)
  })
  router.openapi(boostersRoute, async (c) => {
    requireUser(c)
    return c.json(ok(await boosts.boosters(c.req.valid('query').feedId)), 200)
  })
  return router
}
