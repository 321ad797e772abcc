/** An entry in the Articles and Notifications lists: source line, title, two lines of description, thumbnail. */
import { useTranslation } from 'react-i18next'
import { memo } from 'react'
import { useEntryRow } from './useEntryRow.ts'
import { EntryItemMeta } from './EntryItemMeta.tsx'
import { listPreview } from './entryMedia.ts'
import { EntryRow, entryLabel } from './EntryRow.tsx'
import type { ItemProps } from './itemProps.ts'
import { useTranslatedTitle } from '../ai/useTranslatedTitle.ts'

export const ArticleItem = memo(function ArticleItem({ id, active, onOpen, dimRead, hoverMark, compact = false, squareThumbnail }: ItemProps & { compact?: boolean }) {
  const { entry, feed, starred } = useEntryRow(id)
  const { t } = useTranslation()
  const translated = useTranslatedTitle(id, entry?.title)
  if (!entry) return <div className="h-full" />
  const preview = listPreview(entry)
  const thumb = compact ? null : preview.thumbnail
  const description = preview.text
  return (
    <EntryRow
      id={id}
      label={entryLabel(entry)}
      read={entry.read}
      active={active}
      dimRead={dimRead}
      hoverMark={hoverMark}
      onOpen={onOpen}
      className="relative mx-2 flex h-full cursor-pointer gap-3 rounded-lg px-3 py-3 transition-colors"
      activeClassName="bg-accent/[0.08] dark:bg-accent/[0.12]"
      idleClassName="hover:bg-zinc-900/[0.035] dark:hover:bg-white/[0.04]"
      dimClassName="opacity-55"
    >
      {!entry.read && <span role="img" aria-label={t('timeline:unread')} className="absolute top-[19px] left-1 size-1.5 rounded-full bg-accent" />}
      <div className="min-w-0 flex-1">
        <EntryItemMeta entry={entry} feed={feed} starred={starred} />
        <h3 className={`mt-1 line-clamp-2 text-[14px] leading-snug ${entry.read ? 'font-normal text-zinc-700 dark:text-zinc-300' : 'font-semibold text-zinc-900 dark:text-zinc-50'}`} data-testid="entry-item-title" data-translated={translated ? true : undefined} title={translated ? (entry.title ?? undefined) : undefined}>
          {translated || entry.title || description.slice(0, 80) || '—'}
        </h3>
        {!compact && description && <p className="mt-1 line-clamp-2 text-[13px] leading-relaxed text-zinc-500 dark:text-zinc-400">{description}</p>}
      </div>
      {thumb && (
        <img
          src={thumb.url}
          alt=""
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          className={`mt-0.5 shrink-0 rounded-md bg-zinc-100 object-cover dark:bg-zinc-800 ${squareThumbnail ? 'size-[68px]' : 'h-[68px] w-auto max-w-[100px]'}`}
          onError={(e) => (e.currentTarget.style.display = 'none')}
        />
      )}
    </EntryRow>
  )
})
