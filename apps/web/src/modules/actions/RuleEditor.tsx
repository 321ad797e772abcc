/** One rule: name, on/off, condition groups, what it does, and how many of your latest 100 entries it would match. */
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/Button.tsx'
import { Select } from '../../components/Select.tsx'
import { Switch } from '../../components/Switch.tsx'
import { previewRule, type ActionRule } from './actionsApi.ts'
import { ConditionEditor } from './ConditionEditor.tsx'

type Result = ActionRule['result']
const FLAGS = ['star', 'silence', 'block', 'summary', 'readability', 'sourceContent', 'newEntryNotification'] as const
const LANGUAGES = ['', 'en', 'zh-CN', 'zh-TW', 'ja'] as const

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setV(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return v
}

/** The drag-and-drop payload type of a rule card (its index). */
const DRAG_TYPE = 'application/x-brook-rule'

export function RuleEditor({ rule, index, count, onChange, onRemove, onMove, onDropRule }: { rule: ActionRule; index: number; count: number; onChange: (r: ActionRule) => void; onRemove: () => void; onMove: (delta: -1 | 1) => void; onDropRule: (from: number) => void }) {
  const { t } = useTranslation('actions')
  const setResult = (patch: Partial<Result>) => onChange({ ...rule, result: { ...rule.result, ...patch } })
  const debounced = useDebounced(rule, 500)
  const preview = useQuery({ queryKey: ['actions', 'preview', JSON.stringify(debounced)], queryFn: () => previewRule({ ...debounced, disabled: false }), retry: false })
  const rewrites = rule.result.rewriteRules ?? []
  const sectionRef = useRef<HTMLElement>(null)
  const [dropTarget, setDropTarget] = useState(false)
  return (
    <section
      ref={sectionRef}
      className={`flex flex-col gap-4 rounded-xl border bg-white p-4 shadow-xs transition-colors dark:bg-zinc-900/60 ${dropTarget ? 'border-accent ring-3 ring-accent/15' : 'border-zinc-200 dark:border-zinc-800'}`}
      data-testid={`rule-${index}`}
      aria-label={rule.name || t('untitled')}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes(DRAG_TYPE)) return
        e.preventDefault()
        e.dataTransfer.dropEffect = 'move'
        setDropTarget(true)
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDropTarget(false)
      }}
      onDrop={(e) => {
        setDropTarget(false)
        const from = Number(e.dataTransfer.getData(DRAG_TYPE))
        if (!e.dataTransfer.types.includes(DRAG_TYPE) || !Number.isInteger(from)) return
        e.preventDefault()
        if (from !== index) onDropRule(from)
      }}
    >
      <div className="flex flex-wrap items-center gap-3">
        <span
          draggable
          role="button"
          tabIndex={-1}
          aria-label={t('dragToReorder')}
          title={t('dragToReorder')}
          data-testid={`rule-${index}-handle`}
          onDragStart={(e) => {
            e.dataTransfer.setData(DRAG_TYPE, String(index))
            e.dataTransfer.effectAllowed = 'move'
            if (sectionRef.current) e.dataTransfer.setDragImage(sectionRef.current, 16, 16)
          }}
          className="flex h-8 w-5 shrink-0 cursor-grab items-center justify-center text-zinc-400 select-none hover:text-zinc-600 active:cursor-grabbing dark:hover:text-zinc-300"
        >
          ⠿
        </span>
        <input
          aria-label={t('name')}
          data-testid={`rule-${index}-name`}
          value={rule.name}
          placeholder={t('untitled')}
          onChange={(e) => onChange({ ...rule, name: e.target.value })}
          className="h-8 min-w-48 flex-1 rounded-lg border border-zinc-200 bg-transparent px-2.5 text-sm font-medium outline-none focus:border-accent/60 dark:border-zinc-700"
        />
        <span className="text-[13px] text-zinc-500" data-testid={`rule-${index}-preview`} aria-live="polite">
          {preview.data ? t('wouldMatch', { count: preview.data.matched, checked: preview.data.checked }) : preview.isError ? t('previewInvalid') : '…'}
        </span>
        <Switch checked={!rule.disabled} onCheckedChange={(on) => onChange({ ...rule, disabled: !on })} label={t('enabled')} />
        <Button size="sm" variant="ghost" disabled={index === 0} onClick={() => onMove(-1)} aria-label={t('moveUp')}>
          ↑
        </Button>
        <Button size="sm" variant="ghost" disabled={index === count - 1} onClick={() => onMove(1)} aria-label={t('moveDown')}>
          ↓
        </Button>
        <Button size="sm" variant="ghost" onClick={onRemove}>
          {t('remove')}
        </Button>
      </div>
      <ConditionEditor condition={rule.condition} onChange={(condition) => onChange({ ...rule, condition })} ruleIndex={index} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-xs font-semibold tracking-wide text-zinc-500 uppercase">{t('then')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {FLAGS.map((flag) => (
            <label key={flag} className="flex items-center gap-2 text-[13px]">
              <input type="checkbox" data-testid={`rule-${index}-${flag}`} checked={Boolean(rule.result[flag])} onChange={(e) => setResult({ [flag]: e.target.checked || undefined })} className="accent-[var(--color-accent)]" />
              {t(`results.${flag}`)}
            </label>
          ))}
          <label className="flex items-center gap-2 text-[13px]">
            {t('results.translation')}
            <Select aria-label={t('results.translation')} value={(rule.result.translation ?? '') as (typeof LANGUAGES)[number]} onChange={(v) => setResult({ translation: v || undefined })} options={LANGUAGES.map((l) => ({ value: l, label: l ? t(`languages.${l}`) : t('languages.none') }))} />
          </label>
        </div>
        <div className="flex flex-col gap-2">
          {rewrites.map((r, i) => (
            <div key={i} className="flex items-center gap-2">
              <input aria-label={t('rewriteFrom')} placeholder={t('rewriteFrom')} value={r.from} onChange={(e) => setResult({ rewriteRules: rewrites.map((x, j) => (j === i ? { ...x, from: e.target.value } : x)) })} className="h-8 flex-1 rounded-lg border border-zinc-200 bg-transparent px-2.5 text-[13px] dark:border-zinc-700" />
              <span aria-hidden>→</span>
              <input aria-label={t('rewriteTo')} placeholder={t('rewriteTo')} value={r.to} onChange={(e) => setResult({ rewriteRules: rewrites.map((x, j) => (j === i ? { ...x, to: e.target.value } : x)) })} className="h-8 flex-1 rounded-lg border border-zinc-200 bg-transparent px-2.5 text-[13px] dark:border-zinc-700" />
              <Button size="sm" variant="ghost" aria-label={t('removeRewrite')} onClick={() => setResult({ rewriteRules: rewrites.filter((_, j) => j !== i) })}>
                ×
              </Button>
            </div>
          ))}
          <div>
            <Button size="sm" variant="ghost" onClick={() => setResult({ rewriteRules: [...rewrites, { from: '', to: '' }] })}>
              {t('addRewrite')}
            </Button>
          </div>
        </div>
        <label className="flex flex-col gap-1 text-[13px]">
          {t('webhooks')}
          <textarea
            value={(rule.result.webhooks ?? []).join('\n')}
            rows={2}
            placeholder="https://example.com/hook"
            onChange={(e) => setResult({ webhooks: e.target.value.split('\n').map((s) => s.trim()).filter(Boolean) })}
            className="rounded-lg border border-zinc-200 bg-transparent px-2.5 py-1.5 font-mono text-xs dark:border-zinc-700"
          />
        </label>
      </fieldset>
    </section>
  )
}
