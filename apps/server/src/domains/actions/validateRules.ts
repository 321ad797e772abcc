/**
 * Checks rules as PUT /actions receives them: known fields and operators, numbers where a number
 * is compared, regexes RE2 accepts, http(s) webhook URLs (at most ACTION_WEBHOOKS_MAX). A broken
 * rule is refused with 1002 and a reason naming it; a valid set comes back in its stored shape.
 */
import { ACTION_NUMBER_FIELDS, ACTION_REGEX_MAX_LENGTH, ACTION_WEBHOOKS_MAX, isActionField, isActionOperator } from '@brook/shared'
import { AppError } from '../../lib/appError.ts'
import { compilePattern } from './safeRegex.ts'
import type { ActionRule, ActionRuleInputType, ConditionItem } from './ruleSchema.ts'

function label(rule: { name: string }, index: number): string {
  return rule.name ? `Rule "${rule.name}"` : `Rule ${index + 1}`
}

function checkItem(item: { field: string; operator: string; value: string }, where: string): ConditionItem {
  if (!isActionField(item.field)) throw new AppError(1002, { reason: `${where}: unknown field "${item.field}"` })
  if (!isActionOperator(item.operator)) throw new AppError(1002, { reason: `${where}: unknown operator "${item.operator}"` })
  const numeric = ACTION_NUMBER_FIELDS.includes(item.field)
  if ((item.operator === 'gt' || item.operator === 'lt') && !numeric) throw new AppError(1002, { reason: `${where}: ${item.operator} compares numbers, and ${item.field} is text` })
  if (numeric && item.operator !== 'regex' && item.operator !== 'contains' && item.operator !== 'not_contains' && !Number.isFinite(Number(item.value)))
    throw new AppError(1002, { reason: `${where}: ${item.field} needs a number, not "${item.value}"` })
  if (item.operator === 'regex') {
    if (item.value.length > ACTION_REGEX_MAX_LENGTH) throw new AppError(1002, { reason: `${where}: the regex is longer than ${ACTION_REGEX_MAX_LENGTH} characters` })
    try {
      compilePattern(item.value)
    } catch (error) {
      throw new AppError(1002, { reason: `${where}: invalid regex (${error instanceof Error ? error.message : String(error)})` })
    }
  }
  return { field: item.field, operator: item.operator, value: item.value }
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** The rules in their stored shape, or AppError 1002 naming the first broken one. */
export function validateRules(rules: ActionRuleInputType[]): ActionRule[] {
  return rules.map((rule, index) => {
    const where = label(rule, index)
    const condition = rule.condition.map((group) => group.map((item) => checkItem(item, where)))
    const { blockRules, webhooks, ...rest } = rule.result
    if (webhooks && webhooks.length > ACTION_WEBHOOKS_MAX) throw new AppError(1002, { reason: `${where}: at most ${ACTION_WEBHOOKS_MAX} webhooks` })
    for (const url of webhooks ?? []) if (!isHttpUrl(url)) throw new AppError(1002, { reason: `${where}: webhook "${url}" is not an http(s) URL` })
    const result: ActionRule['result'] = { ...rest }
    if (blockRules) result.blockRules = blockRules.map((item) => checkItem(item, where))
    if (webhooks) result.webhooks = webhooks
    return { name: rule.name, disabled: rule.disabled, condition: condition.filter((g) => g.length > 0), result }
  })
}
