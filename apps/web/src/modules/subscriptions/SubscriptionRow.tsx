/** One subscription in the sidebar: icon, title, private/hidden markers and the unread count (right-click: useSidebarMenu). */
import { formatCount } from '@brook/shared/format'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { timelinePath } from '../../lib/routeParams.ts'
import { EyeOffIcon, LockIcon } from '../../components/moreIcons.tsx'
import { useFeed, useInbox, useList, type Subscription } from '../../store/index.ts'
import { FeedIcon } from './FeedIcon.tsx'
import { routeFeedIdOf } from './useSubscriptionTree.ts'

export interface SubscriptionRowProps {
  subscription: Subscription
  title: string
  unread: number
  nested: boolean
  active: boolean
  showCount: boolean
  onNavigate?: () => void
}

export const SubscriptionRow = memo(function SubscriptionRow({ subscription: sub, title, unread, nested, active, showCount, onNavigate }: SubscriptionRowProps) {
  const { t } = useTranslation('subscriptions')
  const feed = useFeed(sub.feedId)
  const list = useList(sub.listId)
  const inbox = useInbox(sub.inboxId)
  const image = feed?.image ?? list?.image ?? null
  return (
    <Link
      to={timelinePath({ view: sub.view, feedId: routeFeedIdOf(sub) })}
      onClick={onNavigate}
      data-testid="subscription-row"
      data-subscription-id={sub.id}
      aria-current={active ? 'page' : undefined}
      title={feed?.errorMessage ? `${title} — ${feed.errorMessage}` : title}
      className={`group flex h-8 items-center gap-2.5 rounded-md pr-2 text-[13px] transition-colors ${nested ? 'pl-7' : 'pl-2'} ${
        active
          ? 'bg-zinc-900/[0.07] font-medium text-zinc-900 dark:bg-white/10 dark:text-white'
          : 'text-zinc-600 hover:bg-zinc-900/5 dark:text-zinc-300 dark:hover:bg-white/5'
      } ${unread === 0 && !active ? 'text-zinc-500 dark:text-zinc-400' : ''}`}
    >
      <FeedIcon title={title || inbox?.id || '?'} image={image} siteUrl={feed?.siteUrl} />
      <span className={`min-w-0 flex-1 truncate ${feed?.errorAt ? 'text-red-600/90 dark:text-red-400/90' : ''}`}>{title}</span>
      {sub.isPrivate && <LockIcon size={12} className="shrink-0 text-zinc-500" aria-label={t('private')} aria-hidden={false} role="img" />}
      {sub.hideFromTimeline && <EyeOffIcon size={12} className="shrink-0 text-zinc-500" aria-label={t('hidden')} aria-hidden={false} role="img" />}
      {showCount && unread > 0 && (
        <span data-testid="unread-count" className="shrink-0 text-[11px] text-zinc-500 tabular-nums dark:text-zinc-500">
          {formatCount(unread)}
        </span>
      )}
    </Link>
  )
})
