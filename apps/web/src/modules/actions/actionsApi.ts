/** The /actions calls of the rule editor, typed by the contract (docs/actions.md). */
import { api } from '../../api/client.ts'
import type { ApiData, ApiInput } from '../../api/types.ts'

export type ActionRule = ApiData<'get', '/actions'>['rules'][number]
export type RuleInput = ApiInput<'put', '/actions'>['rules'][number]
export type ConditionItem = ActionRule['condition'][number][number]

export const actionKeys = { rules: ['actions', 'rules'] as const }

export const fetchRules = () => api.get('/actions', {})
export const saveRules = (rules: RuleInput[], applyToExisting: boolean) => api.put('/actions', { rules, applyToExisting })
export const previewRule = (rule: RuleInput) => api.post('/actions/preview', { rule })

/** A new rule: matches titles containing nothing yet, does nothing yet. */
export function blankRule(name: string): ActionRule {
  return { name, disabled: false, condition: [[{ field: 'title', operator: 'contains', value: '' }]], result: {} }
}
