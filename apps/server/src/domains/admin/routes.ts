/**
 * /api/admin (admins only: 1004 to anyone else): accounts, the registration mode and plan limits.
 */
import { createRoute, z } from '@hono/zod-openapi'
import { ROLE_LABELS, USER_ROLES } from '@brook/shared'
import { createRouter, ok, requireAdmin } from '../../lib/router.ts'
import { envelope, errors, jsonBody, jsonResponse } from '../../lib/apiSchemas.ts'
import { PlanLimitsSchema, PlanSchema, RegistrationModeSchema, RoleSchema } from '../plans/present.ts'
import { ACHIEVEMENT_IDS } from '@brook/shared'
import { AchievementSchema } from '../achievements/present.ts'
import type { AdminService } from './service.ts'

const AdminUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    handle: z.string().nullable(),
    image: z.string().nullable(),
    role: RoleSchema,
    roleEndAt: z.string().nullable(),
    disabled: z.boolean(),
    createdAt: z.string(),
  })
  .openapi('AdminUser')

const usersRoute = createRoute({
  method: 'get',
  path: '/users',
  tags: ['admin'],
  summary: 'Accounts whose name, e-mail or handle contains q, newest first',
  request: { query: z.strictObject({ q: z.string().max(200).default(''), limit: z.coerce.number().int().min(1).max(200).default(50), offset: z.coerce.number().int().min(0).default(0) }) },
  responses: { 200: jsonResponse(envelope(z.object({ users: z.array(AdminUserSchema), total: z.number() })), 'Accounts'), ...errors(1004) },
})

const updateUserRoute = createRoute({
  method: 'patch',
  path: '/users/{id}',
  tags: ['admin'],
  summary: 'Change an account’s plan, its end, or disable it (signs it out everywhere)',
  request: {
    params: z.object({ id: z.string().max(64) }),
    ...jsonBody(z.strictObject({ role: RoleSchema.optional(), roleEndAt: z.iso.datetime({ offset: true }).nullable().optional(), disabled: z.boolean().optional() })),
  },
  responses: { 200: jsonResponse(envelope(AdminUserSchema), 'The account'), ...errors(1004, 6) },
})

const getRegistrationRoute = createRoute({
  method: 'get',
  path: '/registration',
  tags: ['admin'],
  summary: 'The registration mode',
  request: { query: z.strictObject({}) },
  responses: { 200: jsonResponse(envelope(z.object({ mode: RegistrationModeSchema })), 'The mode'), ...errors(1004) },
})

const putRegistrationRoute = createRoute({
  method: 'put',
  path: '/registration',
  tags: ['admin'],
  summary: 'Set the registration mode: open, invitation (sign-up needs a code: 1003) or closed',
  request: jsonBody(z.strictObject({ mode: RegistrationModeSchema })),
  responses: { 200: jsonResponse(envelope(z.object({ mode: RegistrationModeSchema })), 'The mode'), ...errors(1004) },
})

const RoleParam = z.object({ role: z.enum(USER_ROLES) })

const putPlanRoute = createRoute({
  method: 'put',
  path: '/plans/{role}',
  tags: ['admin'],
  summary: 'Change some limits of one plan',
  request: { params: RoleParam, ...jsonBody(PlanLimitsSchema.partial().strict()) },
  responses: { 200: jsonResponse(envelope(PlanSchema), 'The plan'), ...errors(1004) },
})

const resetPlanRoute = createRoute({
  method: 'delete',
  path: '/plans/{role}',
  tags: ['admin'],
  summary: 'Put one plan back to its default limits',
  request: { params: RoleParam },
  responses: { 200: jsonResponse(envelope(PlanSchema), 'The plan'), ...errors(1004) },
})

const approveRoute = createRoute({
  method: 'post',
  path: '/achievements/approve',
  tags: ['admin'],
  summary: 'Accept the proof a user sent for an achievement that needs an audit (9003 when none awaits)',
  request: jsonBody(z.strictObject({ userId: z.string().max(64), id: z.enum(ACHIEVEMENT_IDS) })),
  responses: { 200: jsonResponse(envelope(AchievementSchema), 'The achievement, completed'), ...errors(1004, 9003) },
})

const cleanRoute = createRoute({
  method: 'post',
  path: '/clean',
  tags: ['admin'],
  summary: 'Purge what nothing needs: entries older than retentionDays (default 30) of feeds nobody follows, lists or owns (starred or tipped ones kept), feeds left with nothing, expired sessions, expired idempotency keys; answers the counts',
  request: jsonBody(z.strictObject({ retentionDays: z.number().int().min(1).max(36500).optional() })),
  responses: {
    200: jsonResponse(envelope(z.object({ entries: z.number().int(), feeds: z.number().int(), sessions: z.number().int(), idempotencyKeys: z.number().int() })), 'What was removed'),
    ...errors(1004),
  },
})

const mintRoute = createRoute({
  method: 'post',
  path: '/mintdscsafr',
  tags: ['admin'],
  summary: 'Mint POWER to a user from the treasury (one ledger transfer; amount in smallest units)',
  request: jsonBody(z.strictObject({ userId: z.string().max(64), amount: z.string().regex(/^[1-9][0-9]{0,76}$/) })),
  responses: { 200: jsonResponse(envelope(z.object({ transactionId: z.string(), userId: z.string(), amount: z.string() })), 'The transfer'), ...errors(1004, 6) },
})

export function adminRoutes({ admin }: { admin: AdminService }) {
  return createRouter()
    .openapi(usersRoute, async (c) => {
      requireAdmin(c)
      const { q, limit, offset } = c.req.valid('query')
      return c.json(ok(await admin.users(q, limit, offset)), 200)
    })
    .openapi(updateUserRoute, async (c) => {
      const me = requireAdmin(c)
      const { id } = c.req.valid('param')
      const user = await admin.updateUser(me.id, id, c.req.valid('json'))
      c.get('sessionChanged')?.(id)
      return c.json(ok(user), 200)
    })
    .openapi(getRegistrationRoute, async (c) => {
      requireAdmin(c)
      return c.json(ok({ mode: await admin.registrationMode() }), 200)
    })
    .openapi(putRegistrationRoute, async (c) => {
      requireAdmin(c)
      return c.json(ok({ mode: await admin.setRegistrationMode(c.req.valid('json').mode) }), 200)
    })
    .openapi(putPlanRoute, async (c) => {
      requireAdmin(c)
      const { role } = c.req.valid('param')
      return c.json(ok({ role, label: ROLE_LABELS[role], limits: await admin.setPlanLimits(role, c.req.valid('json')) }), 200)
    })
    .openapi(cleanRoute, async (c) => {
      requireAdmin(c)
      return c.json(ok(await admin.clean(c.req.valid('json').retentionDays ?? 30)), 200)
    })
    .openapi(mintRoute, async (c) => {
      const me = requireAdmin(c)
      const { userId, amount } = c.req.valid('json')
      return c.json(ok(await admin.mint(me.id, userId, amount)), 200)
    })
    .openapi(approveRoute, async (c) => {
      requireAdmin(c)
      const { userId, id } = c.req.valid('json')
      return c.json(ok(await admin.approveAchievement(userId, id)), 200)
    })
    .openapi(resetPlanRoute, async (c) => {
      requireAdmin(c)
      const { role } = c.req.valid('param')
      return c.json(ok({ role, label: ROLE_LABELS[role], limits: await admin.resetPlanLimits(role) }), 200)
    })
}
