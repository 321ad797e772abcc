/** The virtualized list of the list-style views (Articles, Social media, Audios, Notifications), with day headings. */
import type { FeedViewType } from '@brook/shared'
import { useVirtualizer } from '@tanstack/react-virtual'
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Spinner } from '../../components/Spinner.tsx'
import { useEntryStore } from '../../store/entities/entries.ts'
import { focusRegionProps } from '../shortcuts/focusRegions.ts'
import { ArticleItem } from './ArticleItem.tsx'
import { buildTimelineRows } from './buildTimelineRows.ts'
import { dayLabel } from './formatTime.ts'
import type { ItemProps } from './itemProps.ts'
import { useTimelineNavStore } from './timelineNav.ts'
import { useReadMarking } from './useReadMarking.ts'
import { useEntryContextMenu } from './useEntryContextMenu.tsx'

// Posts render HTML, so their sanitizer comes with the Social media view only; audio rows with Audios.
const SocialItem = lazy(() => import('./SocialItem.tsx').then((m) => ({ default: m.SocialItem })))
const AudioItem = lazy(() => import('./AudioItem.tsx').then((m) => ({ default: m.AudioItem })))

const ESTIMATE: Record<number, number> = { 0: 100, 1: 220, 2: 260, 3: 260, 4: 96, 5: 72 }

export interface EntryListProps {
  view: FeedViewType
  ids: string[]
  activeId: string | null
  groupByDate: boolean
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => void
  onOpen: (id: string) => void
  markOnScroll: boolean
  markOnRender: boolean
  itemProps: Pick<ItemProps, 'dimRead' | 'hoverMark' | 'squareThumbnail'>
  header?: React.ReactNode
}

export function EntryList({ view, ids, activeId, groupByDate, hasNextPage, isFetchingNextPage, fetchNextPage, onOpen, markOnScroll, markOnRender, itemProps, header }: EntryListProps) {
  const { t, i18n } = useTranslation('timeline')
  // Entries never change their publish time, so the rows follow the ids only (not every store change).
  const rows = useMemo(() => {
    const byId = useEntryStore.getState().byId
    return buildTimelineRows(ids, (id) => byId[id]?.publishedAt, groupByDate)
  }, [ids, groupByDate])
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: rows.length + 1,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (i >= rows.length ? 56 : rows[i].kind === 'day' ? 36 : ESTIMATE[view]),
    getItemKey: (i) => (i >= rows.length ? '__footer' : rows[i].key),
    overscan: 6,
  })
  const items = virtualizer.getVirtualItems()

  const idAt = useCallback((i: number) => (rows[i]?.kind === 'entry' ? rows[i].id : null), [rows])
  useReadMarking({ virtualizer, idAt, scroll: markOnScroll, render: markOnRender })

  // Infinite scroll: load the next page when the end comes near.
  const last = items[items.length - 1]?.index ?? 0
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && last >= rows.length - 8) fetchNextPage()
  }, [last, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage])

  const publish = useTimelineNavStore((s) => s.publish)
  useEffect(() => {
    publish({
      scrollToEntry: (id) => {
        const index = rows.findIndex((r) => r.kind === 'entry' && r.id === id)
        if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' })
      },
    })
  }, [rows, virtualizer, publish])

  const now = useMemo(() => new Date(), [rows]) // eslint-disable-line react-hooks/exhaustive-deps
  const contextMenu = useEntryContextMenu(view)
  return (
    <div ref={scrollRef} data-testid="entry-list" data-count={ids.length} className="scrollbar-thin min-h-0 flex-1 overflow-y-auto outline-none" onContextMenu={contextMenu.onContextMenu} {...focusRegionProps('timeline')}>
      {header}
      {contextMenu.menu}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const row = rows[item.index]
          return (
            <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}>
              {!row ? (
                <div className="flex h-14 items-center justify-center text-[12px] text-zinc-500">
                  {isFetchingNextPage ? <Spinner size={16} /> : ids.length > 0 && !hasNextPage ? t('end') : null}
                </div>
              ) : row.kind === 'day' ? (
                <DayHeading day={row.day} lng={i18n.language} now={now} centered={view === 1} />
              ) : (
                <Item view={view} id={row.id} active={row.id === activeId} onOpen={onOpen} {...itemProps} />
              )}
            </div>
          )
        })}
      </div>
    </div>
  )
}

function Item({ view, ...props }: ItemProps & { view: FeedViewType }) {
  if (view === 1)
    return (
      <Suspense fallback={<div className="h-40" />}>
        <SocialItem {...props} />
      </Suspense>
    )
  if (view === 4)
    return (
      <Suspense fallback={<div className="h-24" />}>
        <AudioItem {...props} />
      </Suspense>
    )
  return <ArticleItem {...props} compact={view === 5} />
}

function DayHeading({ day, lng, now, centered }: { day: string; lng: string; now: Date; centered: boolean }) {
  const { t } = useTranslation('timeline')
  const label = dayLabel(day, lng, now)
  const text = label.kind === 'today' ? t('today') : label.kind === 'yesterday' ? t('yesterday') : label.text
  return (
    <div className={`flex h-9 items-end px-5 pb-1.5 text-[12px] font-semibold text-zinc-500 dark:text-zinc-400 ${centered ? 'mx-auto max-w-2xl' : ''}`} data-testid="day-heading">
      {text}
    </div>
  )
}
