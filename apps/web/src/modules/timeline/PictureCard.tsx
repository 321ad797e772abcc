/** A Pictures/Videos card in the grid: the picture (or video poster), title and source underneath. */
import { useTranslation } from 'react-i18next'
import { memo } from 'react'
import { PlayIcon, StarIcon } from '../../components/moreIcons.tsx'
import { FeedIcon } from '../subscriptions/FeedIcon.tsx'
import { thumbnailOf, videoOf } from './entryMedia.ts'
import { EntryRow, entryLabel } from './EntryRow.tsx'
import type { ItemProps } from './itemProps.ts'
import { useEntryRow } from './useEntryRow.ts'
import { useTranslatedTitle } from '../ai/useTranslatedTitle.ts'

export const PictureCard = memo(function PictureCard({ id, active, onOpen, dimRead, masonry }: ItemProps & { masonry: boolean }) {
  const { entry, feed, starred } = useEntryRow(id)
  const { t } = useTranslation()
  const translated = useTranslatedTitle(id, entry?.title)
  if (!entry) return <div className="size-full rounded-xl bg-zinc-100 dark:bg-zinc-900" />
  const thumb = thumbnailOf(entry)
  const video = videoOf(entry)
  return (
    <EntryRow
      id={id}
      label={entryLabel(entry)}
      read={entry.read}
      active={active}
      dimRead={dimRead}
      onOpen={onOpen}
      className="group flex size-full cursor-pointer flex-col overflow-hidden rounded-xl transition-shadow"
      activeClassName="ring-2 ring-accent"
      dimClassName="opacity-60"
    >
      <div className={`relative min-h-0 flex-1 overflow-hidden rounded-xl bg-zinc-100 dark:bg-zinc-900 ${masonry ? '' : ''}`}>
        {thumb ? (
          <img src={thumb.url} alt={entry.title ?? ''} loading="lazy" decoding="async" referrerPolicy="no-referrer" className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]" />
        ) : (
          <div className="flex size-full items-center justify-center p-3 text-center text-[12px] text-zinc-500">{entry.title}</div>
        )}
        {video && (
          <span className="absolute top-2 right-2 flex size-7 items-center justify-center rounded-full bg-black/55 text-white backdrop-blur">
            <PlayIcon size={12} />
          </span>
        )}
        {!entry.read && <span role="img" aria-label={t('timeline:unread')} className="absolute top-2 left-2 size-2 rounded-full bg-accent ring-2 ring-white/80 dark:ring-black/40" />}
        {starred && <StarIcon size={14} className="absolute bottom-2 left-2 fill-amber-400 text-amber-400 drop-shadow" />}
      </div>
      <div className="flex h-11 shrink-0 flex-col justify-center px-0.5">
        <div className="truncate text-[12.5px] font-medium text-zinc-800 dark:text-zinc-100" data-testid="entry-item-title" data-translated={translated ? true : undefined} title={translated ? (entry.title ?? undefined) : undefined}>
          {translated || entry.title || '—'}
        </div>
        <div className="flex items-center gap-1 text-[11px] text-zinc-500">
          <FeedIcon title={feed?.title || '?'} image={feed?.image} siteUrl={feed?.siteUrl} size={12} />
          <span className="truncate">{feed?.title}</span>
        </div>
      </div>
    </EntryRow>
  )
})
