/** Settings → Feeds: every subscription across views, searchable, with edit, move and unfollow. */
import { FEED_VIEWS, type FeedViewType } from '@brook/shared'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/Button.tsx'
import { Select } from '../../components/Select.tsx'
import { EyeOffIcon, LockIcon, PencilIcon, SearchIcon, TrashIcon } from '../../components/moreIcons.tsx'
import { batchUpdateSubscriptions, useSubscriptions } from '../../store/index.ts'
import { openSidebarDialog } from '../subscriptions/dialogStore.ts'
import { FeedIcon } from '../subscriptions/FeedIcon.tsx'
import { titleOf } from '../subscriptions/subscriptionActions.ts'
import { VIEW_TABS } from '../subscriptions/viewIcons.tsx'
import { exportOpml } from '../discover/discoverApi.ts'
import { SettingsPage } from './SettingsPage.tsx'

export function FeedsSettings() {
  const { t } = useTranslation('settings')
  const { t: tc } = useTranslation()
  const subs = useSubscriptions()
  const [query, setQuery] = useState('')
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const rows = useMemo(() => {
    const q = query.trim().toLowerCase()
    return subs
      .map((s) => ({ sub: s, title: titleOf(s) }))
      .filter((r) => !q || r.title.toLowerCase().includes(q) || (r.sub.category ?? '').toLowerCase().includes(q))
      .sort((a, b) => a.title.localeCompare(b.title))
  }, [subs, query])
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  const feedIds = [...selected].filter((id) => id.startsWith('feed/'))
  return (
    <SettingsPage title={t('sections.feeds')} description={t('feeds.description', { count: subs.length })} testId="settings-feeds">
      <div className="flex flex-wrap items-center gap-2">
        <label className="relative min-w-48 flex-1">
          <span className="sr-only">{t('feeds.search')}</span>
          <SearchIcon size={14} className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-zinc-500" />
          <input value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t('feeds.search')} className="h-8 w-full rounded-lg border border-zinc-200 bg-white pr-3 pl-8 text-[13px] outline-none focus:border-accent/60 dark:border-zinc-700 dark:bg-zinc-900" />
        </label>
        {feedIds.length > 0 && (
          <Select<string>
            aria-label={t('feeds.moveSelected')}
            value=""
            onChange={(v) => v && void batchUpdateSubscriptions(feedIds, { view: Number(v) as FeedViewType }).then(() => setSelected(new Set()))}
            options={[{ value: '', label: t('feeds.moveSelected', { count: feedIds.length }) }, ...FEED_VIEWS.map((v) => ({ value: String(v), label: tc(VIEW_TABS[v].labelKey) }))]}
          />
        )}
        <Button variant="secondary" size="sm" onClick={() => void exportOpml()}>
          {t('feeds.export')}
        </Button>
      </div>
      <ul className="divide-y divide-zinc-100 rounded-xl border border-zinc-200/80 dark:divide-zinc-800 dark:border-zinc-800">
        {rows.length === 0 && <li className="px-4 py-6 text-center text-[13px] text-zinc-500">{t('feeds.empty')}</li>}
        {rows.map(({ sub, title }) => {
          const ViewIcon = VIEW_TABS[sub.view].icon
          return (
            <li key={sub.id} className="flex h-11 items-center gap-3 px-4 text-[13px]">
              <input type="checkbox" aria-label={title} checked={selected.has(sub.id)} onChange={() => toggle(sub.id)} className="accent-[var(--color-accent)]" />
              <FeedIcon title={title} size={16} />
              <span className="min-w-0 flex-1 truncate">{title}</span>
              {sub.isPrivate && <LockIcon size={12} className="text-zinc-500" />}
              {sub.hideFromTimeline && <EyeOffIcon size={12} className="text-zinc-500" />}
              {sub.category && <span className="max-w-32 truncate text-[11px] text-zinc-500">{sub.category}</span>}
              <ViewIcon size={14} className="shrink-0 text-zinc-500" aria-label={tc(VIEW_TABS[sub.view].labelKey)} />
              <button type="button" aria-label={t('feeds.edit')} onClick={() => openSidebarDialog({ kind: 'edit', subscriptionId: sub.id })} className="flex size-7 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-900/5 hover:text-zinc-700 dark:hover:bg-white/10">
                <PencilIcon size={13} />
              </button>
              <button type="button" aria-label={t('feeds.unfollow')} onClick={() => openSidebarDialog({ kind: 'unfollow', subscriptionId: sub.id })} className="flex size-7 items-center justify-center rounded-md text-zinc-500 hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-500/10">
                <TrashIcon size={13} />
              </button>
            </li>
          )
        })}
      </ul>
    </SettingsPage>
  )
}
