/**
 * The guide's suggested feeds (issue 19): known feeds of the chosen interests and trending ones, in
 * the Discover language, each followed in one click with the app's subscribe action (so counters
 * and the offline outbox work as everywhere else); "Following" once followed. Nothing known here
 * yet: says so and leaves Discover's search to the button beside it.
 */
import type { DiscoverCategory } from '@brook/shared'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/Button.tsx'
import { CheckIcon } from '../../components/icons.tsx'
import { Spinner } from '../../components/Spinner.tsx'
import { subscribe } from '../../store/index.ts'
import { useSubscriptionStore } from '../../store/entities/subscriptions.ts'
import { useUiSettings } from '../settings/useSettingsValues.ts'
import { FeedIcon } from '../subscriptions/FeedIcon.tsx'
import { fetchSuggestions, viewForCategory, type Suggestion } from './suggestions.ts'

export function SuggestedFeeds({ interests, onFollowed }: { interests: readonly DiscoverCategory[]; onFollowed: () => void }) {
  const { t } = useTranslation('instance')
  const { t: td } = useTranslation('discover')
  const { discoverLanguage } = useUiSettings()
  const suggestions = useQuery({
    queryKey: ['onboarding', 'suggestions', interests.join(','), discoverLanguage],
    queryFn: () => fetchSuggestions(interests, discoverLanguage),
    staleTime: 60_000,
    meta: { silent: true },
  })
  // "Following" from the subscription store, so a follow made here (or anywhere) shows at once.
  const byId = useSubscriptionStore((s) => s.byId)
  const followed = useMemo(() => new Set(Object.values(byId).map((s) => s.feedId).filter(Boolean)), [byId])
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set())

  const follow = async (s: Suggestion) => {
    setPending((p) => new Set(p).add(s.feedId))
    try {
      await subscribe({ feedId: s.feedId, view: viewForCategory(s.category) })
      onFollowed()
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error))
    } finally {
      setPending((p) => {
        const next = new Set(p)
        next.delete(s.feedId)
        return next
      })
    }
  }

  if (suggestions.isPending)
    return (
      <p className="flex w-full items-center gap-2 text-[13px] text-zinc-500">
        <Spinner size={16} /> {t('onboarding.suggestionsLoading')}
      </p>
    )
  if (suggestions.isError) return <p className="w-full text-[13px] text-zinc-500">{t('onboarding.suggestionsFailed')}</p>
  if (suggestions.data.length === 0)
    return (
      <p className="w-full text-[13px] text-zinc-600 dark:text-zinc-400" data-testid="onboarding-suggestions-empty">
        {t('onboarding.suggestionsEmpty')}
      </p>
    )
  return (
    <ul className="flex w-full flex-col divide-y divide-zinc-100 rounded-lg border border-zinc-200/80 dark:divide-zinc-800 dark:border-zinc-800" aria-label={t('onboarding.suggestionsLabel')} data-testid="onboarding-suggestions">
      {suggestions.data.map((s) => {
        const isFollowing = followed.has(s.feedId)
        return (
          <li key={s.feedId} className="flex items-center gap-3 px-3 py-2" data-testid="onboarding-suggestion">
            <FeedIcon title={s.title} image={s.image} siteUrl={s.siteUrl} size={20} className="!rounded-md" />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-[13px] font-medium">{s.title}</span>
              <span className="block truncate text-[11px] text-zinc-500">{td('followers', { count: s.followers })}</span>
            </span>
            {isFollowing ? (
              <span className="inline-flex h-8 shrink-0 items-center gap-1 px-2 text-[13px] font-medium text-accent">
                <CheckIcon size={14} /> {td('following')}
              </span>
            ) : (
              <Button size="sm" variant="secondary" busy={pending.has(s.feedId)} onClick={() => void follow(s)} aria-label={t('onboarding.followFeed', { title: s.title })}>
                {td('follow')}
              </Button>
            )}
          </li>
        )
      })}
    </ul>
  )
}
