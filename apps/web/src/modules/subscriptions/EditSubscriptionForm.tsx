/** The subscription form: title, view, category, private, hidden from timeline. Used to edit and (by discover) to follow. */
import { FEED_VIEWS, type FeedViewType } from '@brook/shared'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/Button.tsx'
import { Switch } from '../../components/Switch.tsx'
import { TextField } from '../../components/TextField.tsx'
import { useCategories, type SubscriptionPatch } from '../../store/index.ts'
import { VIEW_TABS } from './viewIcons.tsx'

export interface SubscriptionFormValues {
  title: string
  view: FeedViewType
  category: string
  isPrivate: boolean
  hideFromTimeline: boolean
}

export function EditSubscriptionForm({
  subscription,
  onSave,
  onCancel,
  submitLabel,
  titleLabel,
  titlePlaceholder,
}: {
  subscription: { title: string | null; view: FeedViewType; category: string | null; isPrivate: boolean; hideFromTimeline: boolean }
  onSave: (patch: SubscriptionPatch) => Promise<void> | void
  onCancel?: () => void
  submitLabel?: string
  titleLabel?: string
  titlePlaceholder?: string
}) {
  const { t } = useTranslation('subscriptions')
  const { t: tc } = useTranslation()
  const [values, setValues] = useState<SubscriptionFormValues>({
    title: subscription.title ?? '',
    view: subscription.view,
    category: subscription.category ?? '',
    isPrivate: subscription.isPrivate,
    hideFromTimeline: subscription.hideFromTimeline,
  })
  const [busy, setBusy] = useState(false)
  const categories = useCategories(values.view)
  const listId = useId()
  const set = <K extends keyof SubscriptionFormValues>(key: K, value: SubscriptionFormValues[K]) => setValues((v) => ({ ...v, [key]: value }))

  const submit = async () => {
    setBusy(true)
    try {
      await onSave({
        title: values.title.trim() || null,
        view: values.view,
        category: values.category.trim() || null,
        isPrivate: values.isPrivate,
        hideFromTimeline: values.hideFromTimeline,
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => (e.preventDefault(), void submit())} data-testid="subscription-form">
      <TextField label={titleLabel ?? t('title')} value={values.title} onChange={(v) => set('title', v)} placeholder={titlePlaceholder} />
      <fieldset>
        <legend className="mb-1.5 text-[13px] font-medium text-zinc-700 dark:text-zinc-300">{t('view')}</legend>
        <div role="radiogroup" className="grid grid-cols-3 gap-1.5 sm:grid-cols-6">
          {FEED_VIEWS.map((view) => {
            const { icon: Icon, labelKey } = VIEW_TABS[view]
            const active = values.view === view
            return (
              <button
                key={view}
                type="button"
                role="radio"
                aria-checked={active}
                onClick={() => set('view', view)}
                className={`flex flex-col items-center gap-1 rounded-lg border px-1 py-2 text-[11px] transition-colors ${
                  active ? 'border-accent/50 bg-accent/5 text-accent' : 'border-zinc-200 text-zinc-500 hover:bg-zinc-50 dark:border-zinc-800 dark:hover:bg-zinc-800/60'
                }`}
              >
                <Icon size={18} />
                <span className="truncate">{tc(labelKey)}</span>
              </button>
            )
          })}
        </div>
      </fieldset>
      <div>
        <TextField label={t('category')} value={values.category} onChange={(v) => set('category', v)} list={listId} placeholder={t('categoryPlaceholder')} />
        <datalist id={listId}>
          {categories.map((c) => (
            <option key={c.name} value={c.name} />
          ))}
        </datalist>
      </div>
      <div className="flex flex-col gap-3 rounded-lg bg-zinc-50 px-3.5 py-3 dark:bg-zinc-800/40">
        <label className="flex items-center justify-between gap-4 text-[13px]">
          <span>
            <span className="block font-medium">{t('private')}</span>
            <span className="block text-xs text-zinc-500">{t('privateHint')}</span>
          </span>
          <Switch checked={values.isPrivate} onCheckedChange={(v) => set('isPrivate', v)} label={t('private')} />
        </label>
        <label className="flex items-center justify-between gap-4 text-[13px]">
          <span>
            <span className="block font-medium">{t('hideFromTimeline')}</span>
            <span className="block text-xs text-zinc-500">{t('hideFromTimelineHint')}</span>
          </span>
          <Switch checked={values.hideFromTimeline} onCheckedChange={(v) => set('hideFromTimeline', v)} label={t('hideFromTimeline')} />
        </label>
      </div>
      <div className="flex justify-end gap-2 pt-1">
        {onCancel && (
          <Button variant="ghost" size="sm" onClick={onCancel}>
            {t('cancel')}
          </Button>
        )}
        <Button type="submit" size="sm" busy={busy}>
          {submitLabel ?? t('save')}
        </Button>
      </div>
    </form>
  )
}
