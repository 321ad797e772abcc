/** Search box and results: a URL finds the feeds behind it; `rsshub://…` previews a route; words search known feeds and lists (and, through `onWords`, the page's RSSHub routes). */
import { useFeatureFlag } from '../featureFlags/featureFlags.ts'
import type { FeedViewType } from '@brook/shared'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/Button.tsx'
import { SearchIcon } from '../../components/moreIcons.tsx'
import { FeedIcon } from '../subscriptions/FeedIcon.tsx'
import { discover, knownFeed, type DiscoverResult } from './discoverApi.ts'
import { FollowPanel } from './FollowPanel.tsx'

export function DiscoverSearch({
  initial = '',
  defaultView,
  onDone,
  onWords,
  autoFocus = false,
}: {
  initial?: string
  defaultView: FeedViewType
  onDone: () => void
  /** Called with what was searched (not an rsshub:// route): /discover also looks it up among the RSSHub routes. */
  onWords?: (keyword: string) => void
  autoFocus?: boolean
}) {
  const { t } = useTranslation('discover')
  const [keyword, setKeyword] = useState(initial)
  const [chosen, setChosen] = useState<DiscoverResult | null>(null)
  // The admin's rsshub flag off for me: an rsshub:// route is not previewed (the server refuses it too).
  const rsshub = useFeatureFlag('rsshub')
  const search = useMutation({
    mutationFn: discover,
    onSuccess: (results) => setChosen(results.length === 1 ? results[0] : null),
  })

  if (chosen) {
    return (
      <div>
        {(search.data?.length ?? 0) > 1 && (
          <button type="button" onClick={() => setChosen(null)} className="mb-4 text-[12px] font-medium text-zinc-500 hover:text-zinc-800 dark:hover:text-zinc-200">
            ← {t('backToResults')}
          </button>
        )}
        <FollowPanel result={chosen} defaultView={defaultView} onDone={onDone} />
      </div>
    )
  }

  return (
    <div data-testid="discover-search">
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          // An rsshub:// route is previewed as it is (through my RSSHub instance); anything else is searched.
          if (rsshub && /^rsshub:\/\/\w/i.test(keyword.trim())) setChosen({ feed: { type: 'feed', id: null, url: keyword.trim(), title: null }, subscriptionCount: 0, isSubscribed: false })
          else if (keyword.trim()) {
            search.mutate(keyword)
            onWords?.(keyword.trim())
          }
        }}
      >
        <label className="relative flex-1">
          <span className="sr-only">{t('searchLabel')}</span>
          <SearchIcon size={16} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-zinc-500" />
          <input
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            placeholder={t('searchPlaceholder')}
            autoFocus={autoFocus}
            data-testid="discover-input"
            className="h-10 w-full rounded-lg border border-zinc-300 bg-white pr-3 pl-9 text-sm shadow-xs outline-none placeholder:text-zinc-400 focus:border-accent focus:ring-3 focus:ring-accent/15 dark:border-zinc-700 dark:bg-zinc-950"
          />
        </label>
        <Button type="submit" busy={search.isPending} disabled={!keyword.trim()} data-testid="discover-submit">
          {t('search')}
        </Button>
      </form>
      {search.isSuccess && search.data.length === 0 && <p className="mt-6 text-center text-[13px] text-zinc-500">{t('noResults')}</p>}
      {search.data && search.data.length > 1 && (
        <ul className="mt-4 flex flex-col gap-1.5" data-testid="discover-results">
          {search.data.map((r, i) => {
            const title = r.feed?.title ?? r.list?.title ?? r.feed?.url ?? ''
            return (
              <li key={r.feed?.url ?? r.list?.id ?? i}>
                <button type="button" onClick={() => setChosen(r)} className="flex w-full items-center gap-3 rounded-xl border border-zinc-200 px-3.5 py-3 text-left transition-colors hover:border-accent/40 hover:bg-accent/[0.03] dark:border-zinc-800">
                  <FeedIcon title={title} image={knownFeed(r)?.image ?? r.list?.image} siteUrl={knownFeed(r)?.siteUrl} size={28} className="!rounded-md" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-[13px] font-medium">{title}</span>
                    <span className="block truncate text-[12px] text-zinc-500">{r.feed?.url ?? r.list?.description}</span>
                  </span>
                  <span className="shrink-0 text-[11px] text-zinc-500">{r.isSubscribed ? t('following') : r.list ? t('list') : t('followers', { count: r.subscriptionCount })}</span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
