/** Pictures and Videos as a grid (square cards) or masonry (cards at the picture's own ratio), virtualized by lanes. */
import { useVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Spinner } from '../../components/Spinner.tsx'
import { useEntryStore } from '../../store/entities/entries.ts'
import { focusRegionProps } from '../shortcuts/focusRegions.ts'
import type { GridStyle } from '../layout/useLayoutStore.ts'
import { thumbnailOf } from './entryMedia.ts'
import type { EntryListProps } from './EntryList.tsx'
import { PictureCard } from './PictureCard.tsx'
import { useTimelineNavStore } from './timelineNav.ts'
import { useReadMarking } from './useReadMarking.ts'
import { useEntryContextMenu } from './useEntryContextMenu.tsx'

const GAP = 14
const CAPTION = 44
const MIN_COLUMN = 200
const PADDING = 20

export function PictureGrid({ view, ids, activeId, hasNextPage, isFetchingNextPage, fetchNextPage, onOpen, markOnScroll, markOnRender, itemProps, gridStyle, header }: EntryListProps & { gridStyle: GridStyle }) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(0)
  useLayoutEffect(() => {
    const el = scrollRef.current
    if (!el) return
    const observer = new ResizeObserver(() => setWidth(el.clientWidth))
    observer.observe(el)
    setWidth(el.clientWidth)
    return () => observer.disconnect()
  }, [])
  const inner = Math.max(0, width - PADDING * 2)
  const lanes = Math.max(2, Math.floor((inner + GAP) / (MIN_COLUMN + GAP)))
  const column = lanes > 0 ? (inner - GAP * (lanes - 1)) / lanes : 0
  const masonry = gridStyle === 'masonry'

  const sizeOf = useCallback(
    (i: number) => {
      if (i >= ids.length) return 56
      if (!masonry) return column + CAPTION + GAP
      const entry = useEntryStore.getState().byId[ids[i]]
      const thumb = entry ? thumbnailOf(entry) : null
      const ratio = thumb?.width && thumb.height ? Math.min(2, Math.max(0.5, thumb.height / thumb.width)) : 1
      return column * ratio + CAPTION + GAP
    },
    [ids, masonry, column],
  )

  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: sizeOf,
    lanes,
    overscan: 8,
    getItemKey: (i) => ids[i],
    paddingStart: 4,
    paddingEnd: 64,
  })
  useEffect(() => {
    virtualizer.measure()
  }, [lanes, column, masonry, virtualizer])
  const items = virtualizer.getVirtualItems()

  const idAt = useCallback((i: number) => ids[i] ?? null, [ids])
  useReadMarking({ virtualizer, idAt, scroll: markOnScroll, render: markOnRender })

  const last = items[items.length - 1]?.index ?? 0
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && last >= ids.length - lanes * 3) fetchNextPage()
  }, [last, ids.length, lanes, hasNextPage, isFetchingNextPage, fetchNextPage])

  const contextMenu = useEntryContextMenu(view)
  const publish = useTimelineNavStore((s) => s.publish)
  useEffect(() => {
    publish({ scrollToEntry: (id) => virtualizer.scrollToIndex(ids.indexOf(id), { align: 'auto' }) })
  }, [ids, virtualizer, publish])

  return (
    <div ref={scrollRef} data-testid="entry-grid" data-grid-style={gridStyle} className="scrollbar-thin min-h-0 flex-1 overflow-y-auto outline-none" onContextMenu={contextMenu.onContextMenu} {...focusRegionProps('timeline')}>
      {header}
      {contextMenu.menu}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', margin: `0 ${PADDING}px` }}>
        {width > 0 &&
          items.map((item) => (
            <div
              key={item.key}
              style={{ position: 'absolute', top: 0, left: item.lane * (column + GAP), width: column, height: item.size - GAP, transform: `translateY(${item.start}px)` }}
            >
              <PictureCard id={ids[item.index]} active={ids[item.index] === activeId} onOpen={onOpen} masonry={masonry} {...itemProps} />
            </div>
          ))}
      </div>
      {isFetchingNextPage && (
        <div className="flex justify-center pb-6 text-zinc-500">
          <Spinner size={16} />
        </div>
      )}
    </div>
  )
}
