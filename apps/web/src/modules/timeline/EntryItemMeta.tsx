/** The small line above an entry: source icon and name, author, time; plus the star when starred. */
import { useTranslation } from 'react-i18next'
import { StarIcon } from '../../components/moreIcons.tsx'
import { useInbox, type Entry, type Feed } from '../../store/index.ts'
import { FeedIcon } from '../subscriptions/FeedIcon.tsx'
import { formatFullTime, formatRelativeTime } from './formatTime.ts'

export function EntryItemMeta({ entry, feed, starred, showAuthor = false }: { entry: Entry; feed: Feed | undefined; starred: boolean; showAuthor?: boolean }) {
  const { t, i18n } = useTranslation()
  const inbox = useInbox(entry.inboxHandle)
  const source = feed?.title || inbox?.title || entry.inboxHandle || ''
  // An inbox's entries are mail: the sender says more than the inbox they all share.
  showAuthor ||= !!entry.inboxHandle
  return (
    <div className="flex min-w-0 items-center gap-1.5 text-[12px] text-zinc-500 dark:text-zinc-400">
      <FeedIcon title={source || '?'} image={feed?.image} siteUrl={feed?.siteUrl} size={14} />
      <span className="min-w-0 truncate">{source}</span>
      {showAuthor && entry.author && entry.author !== source && <span className="min-w-0 truncate text-zinc-500">· {entry.author}</span>}
      <span aria-hidden className="text-zinc-300 dark:text-zinc-600">·</span>
      <time dateTime={entry.publishedAt} title={formatFullTime(entry.publishedAt, i18n.language)} className="shrink-0 tabular-nums">
        {formatRelativeTime(entry.publishedAt, i18n.language)}
      </time>
      {starred && <StarIcon size={12} className="ml-auto shrink-0 fill-amber-400 text-amber-400" role="img" aria-label={t('timeline:starred')} />}
    </div>
  )
}
