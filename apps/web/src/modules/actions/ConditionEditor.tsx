/** The condition of a rule: groups OR'd together, each a row of AND'ed items (field, operator, value). */
import { ACTION_FIELDS, ACTION_OPERATORS } from '@brook/shared'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/Button.tsx'
import { Select } from '../../components/Select.tsx'
import type { ActionRule, ConditionItem } from './actionsApi.ts'

type Condition = ActionRule['condition']

export function ConditionEditor({ condition, onChange, ruleIndex }: { condition: Condition; onChange: (c: Condition) => void; ruleIndex: number }) {
  const { t } = useTranslation('actions')
  const setItem = (g: number, i: number, item: ConditionItem) => onChange(condition.map((group, gi) => (gi === g ? group.map((it, ii) => (ii === i ? item : it)) : group)))
  const removeItem = (g: number, i: number) => onChange(condition.map((group, gi) => (gi === g ? group.filter((_, ii) => ii !== i) : group)).filter((group) => group.length > 0))
  const addItem = (g: number) => onChange(condition.map((group, gi) => (gi === g ? [...group, { field: 'title', operator: 'contains', value: '' }] : group)))
  const addGroup = () => onChange([...condition, [{ field: 'title', operator: 'contains', value: '' }]])
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-xs font-semibold tracking-wide text-zinc-500 uppercase">{t('when')}</legend>
      {condition.length === 0 && <p className="text-[13px] text-zinc-500">{t('matchesAll')}</p>}
      {condition.map((group, g) => (
        <div key={g} className="flex flex-col gap-2">
          {g > 0 && <span className="text-xs font-semibold text-accent">{t('or')}</span>}
          <div className="flex flex-col gap-2 rounded-lg border border-zinc-200 p-2 dark:border-zinc-800">
            {group.map((item, i) => (
              <div key={i} className="flex flex-wrap items-center gap-2">
                {i > 0 && <span className="text-xs text-zinc-500">{t('and')}</span>}
                <Select aria-label={t('field')} value={item.field} onChange={(field) => setItem(g, i, { ...item, field })} options={ACTION_FIELDS.map((f) => ({ value: f, label: t(`fields.${f}`) }))} />
                <Select aria-label={t('operator')} value={item.operator} onChange={(operator) => setItem(g, i, { ...item, operator })} options={ACTION_OPERATORS.map((o) => ({ value: o, label: t(`operators.${o}`) }))} />
                <input
                  aria-label={t('value')}
                  data-testid={`rule-${ruleIndex}-value-${g}-${i}`}
                  value={item.value}
                  onChange={(e) => setItem(g, i, { ...item, value: e.target.value })}
                  className="h-8 min-w-40 flex-1 rounded-lg border border-zinc-200 bg-white px-2.5 text-[13px] outline-none focus:border-accent/60 focus:ring-2 focus:ring-accent/20 dark:border-zinc-700 dark:bg-zinc-900"
                />
                <Button size="sm" variant="ghost" onClick={() => removeItem(g, i)} aria-label={t('removeCondition')}>
                  ×
                </Button>
              </div>
            ))}
            <div>
              <Button size="sm" variant="ghost" onClick={() => addItem(g)}>
                {t('addAnd')}
              </Button>
            </div>
          </div>
        </div>
      ))}
      <div>
        <Button size="sm" variant="secondary" onClick={addGroup}>
          {t('addOr')}
        </Button>
      </div>
    </fieldset>
  )
}
