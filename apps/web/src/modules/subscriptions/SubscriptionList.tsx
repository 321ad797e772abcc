/** The virtualized list of a view's categories and subscriptions (smooth with 1,000 subscriptions). */
import type { FeedViewType } from '@brook/shared'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ROUTE_FEED_FOLDER_PREFIX, timelinePath, type TimelineParams } from '../../lib/routeParams.ts'
import { CompassIcon } from '../../components/icons.tsx'
import { useSubscriptionsLoaded } from '../../store/index.ts'
import { focusRegionProps } from '../shortcuts/focusRegions.ts'
import { useUiSettings } from '../settings/useSettingsValues.ts'
import { FolderRow } from './FolderRow.tsx'
import { useSidebarNavStore } from './sidebarNav.ts'
import { SubscriptionRow } from './SubscriptionRow.tsx'
import { useSidebarMenu } from './useSidebarMenu.tsx'
import { routeFeedIdOf, useSubscriptionTree } from './useSubscriptionTree.ts'

const ROW_HEIGHT = 32

export function SubscriptionList({ view, params, onNavigate }: { view: FeedViewType; params: TimelineParams | null; onNavigate?: () => void }) {
  const { t } = useTranslation()
  const items = useSubscriptionTree(view)
  const loaded = useSubscriptionsLoaded()
  const { sidebarShowUnreadCount } = useUiSettings()
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({ count: items.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12, getItemKey: (i) => items[i].key, initialRect: { width: 256, height: 800 } })
  const setTargets = useSidebarNavStore((s) => s.setTargets)
  const contextMenu = useSidebarMenu(view, items)

  useEffect(() => {
    setTargets(
      items.map((item) =>
        item.kind === 'folder'
          ? { key: item.key, path: timelinePath({ view, feedId: `${ROUTE_FEED_FOLDER_PREFIX}${item.name}` }), folder: { view, name: item.name, open: item.open } }
          : { key: item.key, path: timelinePath({ view, feedId: routeFeedIdOf(item.subscription) }) },
      ),
    )
  }, [items, view, setTargets])

  const activeKey = params
    ? params.folderName
      ? `folder:${params.folderName}`
      : items.find((i) => i.kind === 'subscription' && routeFeedIdOf(i.subscription) === params.feedId)?.key
    : undefined

  useEffect(() => {
    const index = activeKey ? items.findIndex((i) => i.key === activeKey) : -1
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' })
  }, [activeKey]) // eslint-disable-line react-hooks/exhaustive-deps

  if (items.length === 0) {
    if (!loaded) return <div className="flex-1" />
    return (
      <div className="min-h-0 flex-1">
        <div data-testid="subscription-list" className="mx-4 mt-3 rounded-xl border border-dashed border-zinc-300/80 px-4 py-5 text-center dark:border-zinc-700/80">
          <p className="text-[13px] font-medium text-zinc-600 dark:text-zinc-300">{t('sidebar.emptyTitle')}</p>
          <p className="mt-1 text-xs leading-relaxed text-zinc-500">{t('sidebar.emptyHint')}</p>
          <Link to="/discover" onClick={onNavigate} className="mt-3 inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-accent hover:bg-accent/10">
            <CompassIcon size={14} />
            {t('sidebar.findFeeds')}
          </Link>
        </div>
      </div>
    )
  }

  return (
    <div ref={scrollRef} data-testid="subscription-list" aria-label={t('sidebar.subscriptions')} className="scrollbar-thin min-h-0 flex-1 overflow-y-auto px-3 pb-3 outline-none" onContextMenu={contextMenu.onContextMenu} {...focusRegionProps('subscription-list')}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index]
          return (
            <div key={row.key} style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${row.start}px)` }}>
              {item.kind === 'folder' ? (
                <FolderRow view={view} name={item.name} unread={item.unread} open={item.open} active={activeKey === item.key} showCount={sidebarShowUnreadCount} onNavigate={onNavigate} />
              ) : (
                <SubscriptionRow subscription={item.subscription} title={item.title} unread={item.unread} nested={item.nested} active={activeKey === item.key} showCount={sidebarShowUnreadCount} onNavigate={onNavigate} />
              )}
            </div>
          )
        })}
      </div>
      {contextMenu.menu}
    </div>
  )
}
