/** /action: the user's action rules (docs/actions.md) — edit, reorder, enable, preview, save (optionally applied to existing entries). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { toastError } from '../../api/toastError.ts'
import { Button } from '../../components/Button.tsx'
import { WandIcon } from '../../components/icons.tsx'
import { actionKeys, blankRule, fetchRules, saveRules, type ActionRule } from './actionsApi.ts'
import { RuleEditor } from './RuleEditor.tsx'

export function ActionsPage() {
  const { t } = useTranslation()
  const { t: ta } = useTranslation('actions')
  const client = useQueryClient()
  const stored = useQuery({ queryKey: actionKeys.rules, queryFn: fetchRules })
  const [rules, setRules] = useState<ActionRule[] | null>(null)
  const [applyExisting, setApplyExisting] = useState(false)
  // A stable React key per rule card, moved with its rule, so a reordered card keeps its own
  // state (the debounced preview) instead of showing its neighbour's for a moment.
  const keys = useRef<number[]>([])
  const nextKey = useRef(0)
  const newKey = () => nextKey.current++
  useEffect(() => {
    if (stored.data && rules === null) {
      keys.current = stored.data.rules.map(newKey)
      setRules(stored.data.rules)
    }
  }, [stored.data, rules])
  const save = useMutation({
    mutationFn: () => saveRules(rules ?? [], applyExisting),
    onSuccess: (data) => {
      client.setQueryData(actionKeys.rules, { rules: data.rules })
      if (data.rules.length !== keys.current.length) keys.current = data.rules.map(newKey)
      setRules(data.rules)
      toast.success(applyExisting ? ta('savedApplied', { count: data.applied }) : ta('saved'))
    },
    onError: toastError,
  })
  const list = rules ?? []
  const update = (i: number, rule: ActionRule) => setRules(list.map((r, j) => (j === i ? rule : r)))
  /** Rule `from` takes the place `to` (the arrows, or a card dropped on another). */
  const reorder = (from: number, to: number) => {
    const next = [...list]
    const [rule] = next.splice(from, 1)
    next.splice(to, 0, rule)
    const [key] = keys.current.splice(from, 1)
    keys.current.splice(to, 0, key)
    setRules(next)
  }
  const remove = (i: number) => {
    keys.current.splice(i, 1)
    setRules(list.filter((_, j) => j !== i))
  }
  const add = () => {
    keys.current.push(newKey())
    setRules([...list, blankRule(ta('newRuleName', { n: list.length + 1 }))])
  }
  return (
    <div className="scrollbar-thin flex h-full min-w-0 flex-1 flex-col overflow-y-auto" data-testid="actions-page">
      <header className="flex items-center gap-3 border-b border-zinc-200/70 px-8 pt-8 pb-6 dark:border-zinc-800/80">
        <span className="flex size-10 items-center justify-center rounded-xl bg-accent/10 text-accent">
          <WandIcon size={20} />
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="text-xl font-semibold tracking-tight">{t('pages.actionsTitle')}</h1>
          <p className="mt-0.5 text-sm text-zinc-500 dark:text-zinc-400">{ta('intro')}</p>
        </div>
        <label className="flex items-center gap-2 text-[13px]">
          <input type="checkbox" data-testid="apply-existing" checked={applyExisting} onChange={(e) => setApplyExisting(e.target.checked)} />
          {ta('applyExisting')}
        </label>
        <Button data-testid="save-rules" busy={save.isPending} disabled={rules === null} onClick={() => save.mutate()}>
          {ta('save')}
        </Button>
      </header>
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-8 py-8">
        {list.length === 0 && stored.isSuccess && <p className="text-sm text-zinc-500">{ta('empty')}</p>}
        {list.map((rule, i) => (
          <RuleEditor key={keys.current[i] ?? `i${i}`} rule={rule} index={i} count={list.length} onChange={(r) => update(i, r)} onRemove={() => remove(i)} onMove={(d) => reorder(i, i + d)} onDropRule={(from) => reorder(from, i)} />
        ))}
        <div>
          <Button variant="secondary" data-testid="add-rule" onClick={add}>
            {ta('add')}
          </Button>
        </div>
      </div>
    </div>
  )
}
