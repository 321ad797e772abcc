/** A Social media post: author, time, the full text and its pictures/videos. */
import { memo, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useUiSettings } from '../settings/useSettingsValues.ts'
import { interceptJumpOut } from '../entry/jumpOut.ts'
import { sanitizeCached } from '../entry/sanitize.ts'
import { entryBodyHtml } from '../entry/entryBodyHtml.ts'
import { LazyVideoPlayer } from '../player/LazyVideoPlayer.tsx'
import { FeedIcon } from '../subscriptions/FeedIcon.tsx'
import { mediaOf } from './entryMedia.ts'
import { formatFullTime, formatRelativeTime } from './formatTime.ts'
import type { ItemProps } from './itemProps.ts'
import { useEntryRow } from './useEntryRow.ts'
import { EntryRow, entryLabel } from './EntryRow.tsx'
import { StarIcon } from '../../components/moreIcons.tsx'

export const SocialItem = memo(function SocialItem({ id, active, onOpen, dimRead, hoverMark }: ItemProps) {
  const { t, i18n } = useTranslation()
  const { entry, feed, starred } = useEntryRow(id)
  const ui = useUiSettings()
  const html = useMemo(() => (entry ? sanitizeCached(`social:${id}`, entryBodyHtml(entry), { baseUrl: entry.url, keepInlineStyle: ui.readerRenderInlineStyle }) : ''), [entry, id, ui.readerRenderInlineStyle])
  if (!entry) return <div className="h-24" />
  const name = entry.author || feed?.title || ''
  const media = mediaOf(entry).slice(0, 4)
  return (
    <EntryRow
      id={id}
      label={entryLabel(entry)}
      read={entry.read}
      active={active}
      dimRead={dimRead}
      hoverMark={hoverMark}
      onOpen={onOpen}
      onClick={(e) => {
        if ((e.target as HTMLElement).closest('a') == null) onOpen(id)
        else interceptJumpOut(e)
      }}
      className="mx-auto flex max-w-2xl cursor-pointer gap-3 border-b border-zinc-100 px-5 py-4 transition-colors dark:border-zinc-800/70"
      activeClassName="bg-accent/[0.06]"
      idleClassName="hover:bg-zinc-900/[0.02] dark:hover:bg-white/[0.02]"
      dimClassName="opacity-60"
    >
      {entry.authorAvatar ? (
        <img src={entry.authorAvatar} alt="" referrerPolicy="no-referrer" loading="lazy" className="size-10 shrink-0 rounded-full object-cover" />
      ) : (
        <FeedIcon title={name || '?'} image={feed?.image} siteUrl={feed?.siteUrl} size={40} className="!rounded-full" />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-1.5 text-[13px]">
          <span className="truncate font-semibold text-zinc-900 dark:text-zinc-50">{name}</span>
          {feed?.title && feed.title !== name && <span className="truncate text-zinc-500">{feed.title}</span>}
          <span className="text-zinc-300 dark:text-zinc-600">·</span>
          <time dateTime={entry.publishedAt} title={formatFullTime(entry.publishedAt, i18n.language)} className="shrink-0 text-zinc-500 tabular-nums">
            {formatRelativeTime(entry.publishedAt, i18n.language)}
          </time>
          {!entry.read && <span role="img" aria-label={t('timeline:unread')} className="size-1.5 shrink-0 rounded-full bg-accent" />}
          {starred && <StarIcon size={12} className="ml-auto shrink-0 fill-amber-400 text-amber-400" />}
        </div>
        {entry.title && !html.includes(entry.title.slice(0, 30)) && <p className="mt-1 text-[14px] font-medium">{entry.title}</p>}
        <div className="reader-content mt-1 !text-[14px] !leading-relaxed [&_img]:hidden" dangerouslySetInnerHTML={{ __html: html }} />
        {media.length > 0 && (
          <div className={`mt-3 grid gap-1.5 overflow-hidden rounded-xl ${media.length === 1 ? 'grid-cols-1' : 'grid-cols-2'}`}>
            {media.map((m, i) =>
              m.type === 'video' ? (
                // The player's clicks are its own, not the post's (which opens the entry); its keys are its own too.
                // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-static-element-interactions
                <div key={i} onClick={(e) => e.stopPropagation()}>
                  <LazyVideoPlayer src={m.url} poster={m.preview} maxHeight="20rem" className="!rounded-none" />
                </div>
              ) : (
                <img key={i} src={m.url} alt="" loading="lazy" referrerPolicy="no-referrer" className={`w-full bg-zinc-100 object-cover dark:bg-zinc-800 ${media.length === 1 ? 'max-h-96' : 'aspect-square'}`} />
              ),
            )}
          </div>
        )}
      </div>
    </EntryRow>
  )
})
