/** Known feeds of one discovery category, in the Discover language (GET /discover/feeds), each opening the follow form. */
import type { DiscoverCategory, FeedViewType } from '@brook/shared'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/client.ts'
import { useSubscriptionStore } from '../../store/entities/subscriptions.ts'
import { useUiSettings } from '../settings/useSettingsValues.ts'
import type { DiscoverResult } from './discoverApi.ts'
import { FollowPanel } from './FollowPanel.tsx'
import { ResultCard } from './ResultCard.tsx'

async function categoryFeeds(category: DiscoverCategory, language: string): Promise<DiscoverResult[]> {
  const items = await api.get('/discover/feeds', { category, language, limit: 30 })
  return items.map((i) => ({ feed: i.feed, subscriptionCount: i.subscriptionCount, isSubscribed: i.isSubscribed }))
}

export function CategoryFeeds({ category, defaultView }: { category: DiscoverCategory; defaultView: FeedViewType }) {
  const { t } = useTranslation('discover')
  const { discoverLanguage } = useUiSettings()
  const [chosen, setChosen] = useState<DiscoverResult | null>(null)
  const feeds = useQuery({ queryKey: ['discover', 'category-feeds', category, discoverLanguage], queryFn: () => categoryFeeds(category, discoverLanguage), staleTime: 10 * 60_000, meta: { silent: true } })
  // "Following" from the subscription store when drawn (a follow made here shows at once).
  const byId = useSubscriptionStore((s) => s.byId)
  const followed = useMemo(() => new Set(Object.values(byId).map((s) => s.feedId).filter(Boolean)), [byId])

  if (chosen) {
    return (
      <div>
        <button type="button" onClick={() => setChosen(null)} className="mb-4 text-[12px] font-medium text-zinc-500 hover:text-zinc-800 dark:hover:text-zinc-200">
          ← {t('categoryBackToFeeds')}
        </button>
        <FollowPanel result={chosen} defaultView={defaultView} onDone={() => setChosen(null)} />
      </div>
    )
  }
  return (
    <section data-testid="category-feeds">
      <h2 className="mb-2 text-[13px] font-semibold">{t('categoryFeeds')}</h2>
      {feeds.isSuccess && feeds.data.length === 0 && <p className="text-[13px] text-zinc-500">{t('categoryFeedsEmpty')}</p>}
      {feeds.isError && <p className="text-[13px] text-zinc-500">{feeds.error.message}</p>}
      {!!feeds.data?.length && (
        <ul className="grid gap-2 sm:grid-cols-2">
          {feeds.data.map((r) => ({ ...r, isSubscribed: r.isSubscribed || followed.has(r.feed?.id ?? '') })).map((r) => (
            <ResultCard key={r.feed?.url} result={r} onOpen={() => setChosen(r)} testId="category-feed" />
          ))}
        </ul>
      )}
    </section>
  )
}
