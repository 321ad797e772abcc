/**
 * The shape of action rules on the wire (SPEC §7 GET/PUT /actions; the shape Folo's client sends):
 * `condition` is a list of OR'd groups, each a list of ANDed items. The answer is described
 * exactly; the request takes field and operator names as text so an unknown one is refused by the
 * service with 1002 naming the rule (validateRules.ts), not by the schema with a bare 4.
 */
import { z } from '@hono/zod-openapi'
import { ACTION_FIELDS, ACTION_GROUPS_MAX, ACTION_ITEMS_MAX, ACTION_OPERATORS, ACTION_REWRITES_MAX } from '@brook/shared'

const ConditionItemSchema = z.object({ field: z.enum(ACTION_FIELDS), operator: z.enum(ACTION_OPERATORS), value: z.string() }).openapi('ActionConditionItem')

const RewriteSchema = z.object({ from: z.string(), to: z.string() }).openapi('ActionRewrite')

/** What a matching rule does (every key optional; absent or false does nothing). */
export const ActionResultSchema = z
  .object({
    rewriteRules: z.array(RewriteSchema).optional(),
    blockRules: z.array(ConditionItemSchema).optional(),
    block: z.boolean().optional(),
    silence: z.boolean().optional(),
    star: z.boolean().optional(),
    summary: z.boolean().optional(),
    translation: z.string().optional().openapi({ description: 'Translate into this language (e.g. en, zh-CN, ja)' }),
    readability: z.boolean().optional(),
    sourceContent: z.boolean().optional(),
    newEntryNotification: z.boolean().optional(),
    webhooks: z.array(z.string()).optional(),
  })
  .openapi('ActionResult')

export const ActionRuleSchema = z
  .object({
    name: z.string(),
    disabled: z.boolean(),
    condition: z.array(z.array(ConditionItemSchema)),
    result: ActionResultSchema,
  })
  .openapi('ActionRule')

export type ActionRule = z.infer<typeof ActionRuleSchema>
export type ActionResult = z.infer<typeof ActionResultSchema>
export type ConditionItem = z.infer<typeof ConditionItemSchema>

/** A condition item as sent: names checked by the service. A number value is taken as its text. */
const ConditionItemInput = z.strictObject({
  field: z.string().max(40),
  operator: z.string().max(40),
  value: z.union([z.string().max(2000), z.number()]).transform((v) => String(v)),
})

const ActionResultInput = z.strictObject({
  rewriteRules: z.array(z.strictObject({ from: z.string().max(2000), to: z.string().max(2000) })).max(ACTION_REWRITES_MAX).optional(),
  blockRules: z.array(ConditionItemInput).max(ACTION_ITEMS_MAX).optional(),
  block: z.boolean().optional(),
  silence: z.boolean().optional(),
  star: z.boolean().optional(),
  summary: z.boolean().optional(),
  translation: z.string().max(35).optional(),
  readability: z.boolean().optional(),
  sourceContent: z.boolean().optional(),
  newEntryNotification: z.boolean().optional(),
  webhooks: z.array(z.string().max(2048)).optional(),
})

/** One rule as PUT /actions takes it. */
export const ActionRuleInput = z.strictObject({
  name: z.string().trim().max(200),
  disabled: z.boolean().optional().default(false),
  condition: z.array(z.array(ConditionItemInput).max(ACTION_ITEMS_MAX)).max(ACTION_GROUPS_MAX),
  result: ActionResultInput,
})

export type ActionRuleInputType = z.infer<typeof ActionRuleInput>
