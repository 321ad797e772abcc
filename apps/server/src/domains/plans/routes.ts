/** /api/plans: every plan with its limits and the registration mode (public), and my plan with usage. */
import { createRoute, z } from '@hono/zod-openapi'
import { ROLE_LABELS, USER_ROLES } from '@brook/shared'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, jsonResponse, publicErrors } from '../../lib/apiSchemas.ts'
import type { PlansService } from './service.ts'
import { MyPlanSchema, PlanSchema, RegistrationModeSchema } from './present.ts'

const tableRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['plans'],
  summary: 'Every plan with its limits, and how people may sign up',
  request: { query: z.strictObject({}) },
  responses: { 200: jsonResponse(envelope(z.object({ plans: z.array(PlanSchema), registrationMode: RegistrationModeSchema })), 'The plans'), ...publicErrors() },
})

const mineRoute = createRoute({
  method: 'get',
  path: '/me',
  tags: ['plans'],
  summary: 'My plan: role, its end, limits and usage',
  request: { query: z.strictObject({}) },
  responses: { 200: jsonResponse(envelope(MyPlanSchema), 'My plan'), ...errors() },
})

export function plansRoutes({ plans }: { plans: PlansService }) {
  return createRouter()
    .openapi(tableRoute, async (c) => {
      const table = await plans.table()
      return c.json(ok({ plans: USER_ROLES.map((role) => ({ role, label: ROLE_LABELS[role], limits: table[role] })), registrationMode: await plans.registrationMode() }), 200)
    })
    .openapi(mineRoute, async (c) => c.json(ok(await plans.mine(requireUser(c))), 200))
}
