/** An Audios entry: artwork with a play button, title, source and duration. */
import { formatClock } from '@brook/shared/format'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { PauseIcon, PlayIcon } from '../../components/moreIcons.tsx'
import { usePlayerStore } from '../player/usePlayerStore.ts'
import { audioOf, plainText, thumbnailOf } from './entryMedia.ts'
import { EntryItemMeta } from './EntryItemMeta.tsx'
import { EntryRow, entryLabel } from './EntryRow.tsx'
import type { ItemProps } from './itemProps.ts'
import { useEntryRow } from './useEntryRow.ts'
import { useTranslatedTitle } from '../ai/useTranslatedTitle.ts'

export const AudioItem = memo(function AudioItem({ id, active, onOpen, dimRead }: ItemProps) {
  const { t } = useTranslation('entry')
  const { entry, feed, starred } = useEntryRow(id)
  const playing = usePlayerStore((s) => s.listId === id && s.status !== 'paused')
  const translated = useTranslatedTitle(id, entry?.title)
  if (!entry) return <div className="h-24" />
  const audio = audioOf(entry)
  const art = thumbnailOf(entry)?.url ?? feed?.image ?? null
  const play = (e: React.MouseEvent) => {
    e.stopPropagation()
    const player = usePlayerStore.getState()
    if (player.listId === id) return player.toggle()
    if (audio) player.play({ src: audio.url, entryId: id, title: entry.title ?? '', source: feed?.title ?? '', image: art })
  }
  return (
    <EntryRow
      id={id}
      label={entryLabel(entry)}
      read={entry.read}
      active={active}
      dimRead={dimRead}
      onOpen={onOpen}
      className="mx-2 flex cursor-pointer gap-3 rounded-lg px-3 py-3 transition-colors"
      activeClassName="bg-accent/[0.08]"
      idleClassName="hover:bg-zinc-900/[0.035] dark:hover:bg-white/[0.04]"
      dimClassName="opacity-55"
    >
      <div className="relative size-16 shrink-0 overflow-hidden rounded-lg bg-gradient-to-br from-purple-400 to-fuchsia-500">
        {art && <img src={art} alt="" loading="lazy" referrerPolicy="no-referrer" className="size-full object-cover" />}
        {audio && (
          <button type="button" onClick={play} aria-label={playing ? t('player.pause') : t('player.play')} data-testid="audio-play" className="absolute inset-0 flex items-center justify-center bg-black/25 text-white opacity-90 transition-opacity hover:bg-black/40">
            {playing ? <PauseIcon size={20} /> : <PlayIcon size={20} />}
          </button>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <EntryItemMeta entry={entry} feed={feed} starred={starred} />
        <h3 className={`mt-1 line-clamp-2 text-[14px] leading-snug ${entry.read ? 'text-zinc-700 dark:text-zinc-300' : 'font-semibold'}`} data-testid="entry-item-title" data-translated={translated ? true : undefined} title={translated ? (entry.title ?? undefined) : undefined}>
          {translated || entry.title}
        </h3>
        <p className="mt-0.5 line-clamp-1 text-[12px] text-zinc-500">
          {audio?.duration_in_seconds ? `${formatClock(audio.duration_in_seconds)} · ` : ''}
          {plainText(entry.description, 120)}
        </p>
      </div>
    </EntryRow>
  )
})
