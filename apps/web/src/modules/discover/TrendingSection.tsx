/** Discover's trending block: feeds, lists and entries this instance's people follow and read now (docs/trending.md), filtered by the Discover language. */
import type { FeedViewType } from '@brook/shared'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useUiSettings } from '../settings/useSettingsValues.ts'
import { useSubscriptionStore } from '../../store/entities/subscriptions.ts'
import type { DiscoverResult } from './discoverApi.ts'
import { FollowPanel } from './FollowPanel.tsx'
import { ResultCard } from './ResultCard.tsx'
import { trendingEntries, trendingFeeds, trendingLists } from './trendingApi.ts'

const STALE_MS = 10 * 60_000

export function TrendingSection({ view }: { view: FeedViewType }) {
  const { t } = useTranslation('discover')
  const { discoverLanguage } = useUiSettings()
  const language = discoverLanguage
  const [chosen, setChosen] = useState<DiscoverResult | null>(null)
  const feeds = useQuery({ queryKey: ['trending', 'feeds', language], queryFn: () => trendingFeeds(language), staleTime: STALE_MS, meta: { silent: true } })
  const lists = useQuery({ queryKey: ['trending', 'lists'], queryFn: () => trendingLists(), staleTime: STALE_MS, meta: { silent: true } })
  const entries = useQuery({ queryKey: ['trending', 'entries', language], queryFn: () => trendingEntries(language), staleTime: STALE_MS, meta: { silent: true } })
  // "Following" is read from the subscription store when drawn, not when the ranking was fetched:
  // on a fresh load the ranking can arrive before the store is filled (it said "1 follower").
  const byId = useSubscriptionStore((s) => s.byId)
  const following = useMemo(() => {
    const ids = new Set<string>()
    for (const s of Object.values(byId)) {
      if (s.feedId) ids.add(`f${s.feedId}`)
      if (s.listId) ids.add(`l${s.listId}`)
    }
    return ids
  }, [byId])
  const mark = (r: DiscoverResult): DiscoverResult => ({ ...r, isSubscribed: following.has(r.list ? `l${r.list.id}` : `f${r.feed?.id ?? ''}`) })

  if (chosen) {
    return (
      <div>
        <button type="button" onClick={() => setChosen(null)} className="mb-4 text-[12px] font-medium text-zinc-500 hover:text-zinc-800 dark:hover:text-zinc-200">
          ← {t('backToTrending')}
        </button>
        <FollowPanel result={chosen} defaultView={view} onDone={() => setChosen(null)} />
      </div>
    )
  }
  const empty = feeds.isSuccess && lists.isSuccess && entries.isSuccess && feeds.data.length + lists.data.length + entries.data.length === 0
  return (
    <div className="flex flex-col gap-5" data-testid="trending">
      {empty && <p className="text-[13px] text-zinc-500">{t('trendingEmpty')}</p>}
      {!!feeds.data?.length && (
        <div>
          <h3 className="mb-2 text-[12px] font-medium text-zinc-500">{t('trendingFeeds')}</h3>
          <ul className="grid gap-2 sm:grid-cols-2">
            {feeds.data.map(mark).map((r) => (
              <ResultCard key={`f${r.feed?.url}`} result={r} onOpen={() => setChosen(r)} />
            ))}
          </ul>
        </div>
      )}
      {!!lists.data?.length && (
        <div>
          <h3 className="mb-2 text-[12px] font-medium text-zinc-500">{t('trendingLists')}</h3>
          <ul className="grid gap-2 sm:grid-cols-2">
            {lists.data.map(mark).map((r) => (
              <ResultCard key={`l${r.list?.id}`} result={r} onOpen={() => setChosen(r)} />
            ))}
          </ul>
        </div>
      )}
      {!!entries.data?.length && (
        <div>
          <h3 className="mb-2 text-[12px] font-medium text-zinc-500">{t('trendingEntries')}</h3>
          <ul className="flex flex-col gap-1.5">
            {entries.data.map((e) => (
              <li key={e.id} className="flex items-baseline gap-2 text-[13px]">
                {e.url ? (
                  <a href={e.url} target="_blank" rel="noreferrer noopener" className="min-w-0 flex-1 truncate hover:text-accent">
                    {e.title ?? e.url}
                  </a>
                ) : (
                  <span className="min-w-0 flex-1 truncate">{e.title}</span>
                )}
                <span className="shrink-0 text-[11px] text-zinc-500">{e.feedTitle}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}
