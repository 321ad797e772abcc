/** One found feed or list as a card (icon, title, description, followers or "Following"); opening it shows the follow form. */
import { useTranslation } from 'react-i18next'
import { FeedIcon } from '../subscriptions/FeedIcon.tsx'
import type { DiscoverResult } from './discoverApi.ts'

export function ResultCard({ result, onOpen, testId = 'trending-item' }: { result: DiscoverResult; onOpen: () => void; testId?: string }) {
  const { t } = useTranslation('discover')
  const title = result.feed?.title ?? result.list?.title ?? result.feed?.url ?? ''
  const detail = result.feed && result.feed.id !== null ? (result.feed.description ?? result.feed.siteUrl) : (result.list?.description ?? null)
  return (
    <li>
      <button type="button" onClick={onOpen} data-testid={testId} className="flex w-full items-center gap-3 rounded-lg border border-zinc-200/80 px-3 py-2.5 text-left transition-colors hover:border-accent/40 hover:bg-accent/5 dark:border-zinc-800">
        <FeedIcon title={title} image={result.feed && result.feed.id !== null ? result.feed.image : result.list?.image} siteUrl={result.feed && result.feed.id !== null ? result.feed.siteUrl : null} size={24} className="!rounded-md" />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-[13px] font-medium">{title}</span>
          {detail && <span className="block truncate text-[12px] text-zinc-500">{detail}</span>}
        </span>
        <span className="shrink-0 text-[11px] text-zinc-500">{result.isSubscribed ? t('following') : t('followers', { count: result.subscriptionCount })}</span>
      </button>
    </li>
  )
}
