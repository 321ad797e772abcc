/**
 * /api/achievement: all achievements with my progress, recompute, receive the reward
 * (9000/9001/9002), send proof for one that needs an audit (9003 otherwise).
 */
import { createRoute, z } from '@hono/zod-openapi'
import { ACHIEVEMENT_IDS } from '@brook/shared'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, jsonBody, jsonResponse } from '../../lib/apiSchemas.ts'
import type { AchievementsService } from './service.ts'
import { AchievementSchema } from './present.ts'

const IdSchema = z.enum(ACHIEVEMENT_IDS)

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['achievement'],
  summary: 'Every achievement with my progress and state',
  request: { query: z.strictObject({}) },
  responses: { 200: jsonResponse(envelope(z.array(AchievementSchema)), 'Achievements'), ...errors() },
})

const checkRoute = createRoute({
  method: 'post',
  path: '/check',
  tags: ['achievement'],
  summary: 'Recompute my progress; lists the achievements just completed',
  request: jsonBody(z.strictObject({})),
  responses: { 200: jsonResponse(envelope(z.object({ achievements: z.array(AchievementSchema), completed: z.array(z.string()) })), 'Achievements'), ...errors() },
})

const receiveRoute = createRoute({
  method: 'put',
  path: '/',
  tags: ['achievement'],
  summary: 'Receive a completed achievement’s POWER reward',
  request: jsonBody(z.strictObject({ id: IdSchema })),
  responses: { 200: jsonResponse(envelope(AchievementSchema), 'The achievement, received'), ...errors(9000, 9001, 9002) },
})

const auditRoute = createRoute({
  method: 'post',
  path: '/audit',
  tags: ['achievement'],
  summary: 'Send proof for an achievement that needs an audit',
  request: jsonBody(z.strictObject({ id: IdSchema, payload: z.string().trim().min(1).max(4000) })),
  responses: { 200: jsonResponse(envelope(AchievementSchema), 'The achievement, under audit'), ...errors(9001, 9003) },
})

export function achievementsRoutes({ achievements }: { achievements: AchievementsService }) {
  return createRouter()
    .openapi(listRoute, async (c) => c.json(ok(await achievements.list(requireUser(c).id)), 200))
    .openapi(checkRoute, async (c) => c.json(ok(await achievements.check(requireUser(c).id)), 200))
    .openapi(receiveRoute, async (c) => c.json(ok(await achievements.receive(requireUser(c).id, c.req.valid('json').id)), 200))
    .openapi(auditRoute, async (c) => {
      const { id, payload } = c.req.valid('json')
      return c.json(ok(await achievements.submitAudit(requireUser(c).id, id, payload)), 200)
    })
}
