/** /api/actions: the signed-in user's action rules (SPEC §7 GET, PUT /actions) and a live preview of one rule. */
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, ok, requireUser } from '../../lib/router.ts'
import { envelope, errors, jsonBody, jsonResponse } from '../../lib/apiSchemas.ts'
import { ActionRuleInput, ActionRuleSchema } from './ruleSchema.ts'
import type { ActionsService } from './service.ts'

const getRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['actions'],
  summary: 'Your action rules',
  responses: { 200: jsonResponse(envelope(z.object({ rules: z.array(ActionRuleSchema) })), 'The rules, in order'), ...errors() },
})

const putRoute = createRoute({
  method: 'put',
  path: '/',
  tags: ['actions'],
  summary: 'Replace your action rules (applyToExisting: also run them over your latest 1000 entries)',
  request: jsonBody(z.strictObject({ rules: z.array(ActionRuleInput).max(1000), applyToExisting: z.boolean().optional() })),
  responses: {
    200: jsonResponse(envelope(z.object({ rules: z.array(ActionRuleSchema), applied: z.number().int().openapi({ description: 'Existing entries the rules matched (0 without applyToExisting)' }) })), 'The stored rules'),
    ...errors(1002, 12000),
  },
})

const previewRoute = createRoute({
  method: 'post',
  path: '/preview',
  tags: ['actions'],
  summary: 'How many of your latest 100 entries one rule would match',
  request: jsonBody(z.strictObject({ rule: ActionRuleInput })),
  responses: {
    200: jsonResponse(envelope(z.object({ checked: z.number().int(), matched: z.number().int(), entryIds: z.array(z.string()) })), 'Entries the rule matches'),
    ...errors(1002),
  },
})

export function actionsRoutes({ actions }: { actions: ActionsService }) {
  const router = createRouter()

  router.openapi(getRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await actions.get(user.id)), 200)
  })

  router.openapi(putRoute, async (c) => {
    const user = requireUser(c)
    const body = c.req.valid('json')
    return c.json(ok(await actions.put(user.id, body.rules, body.applyToExisting ?? false)), 200)
  })

  router.openapi(previewRoute, async (c) => {
    const user = requireUser(c)
    return c.json(ok(await actions.preview(user.id, c.req.valid('json').rule)), 200)
  })

  return router
}
