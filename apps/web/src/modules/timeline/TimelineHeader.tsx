/** The timeline's header: title and the actions of SPEC §2 (daily report, unread only, mark all read, refetch, grid/masonry). */
import { VIEW_INFO } from '@brook/shared'
import { ANALYTICS_EVENTS } from '@brook/shared'
import { analytics } from '../analytics/analytics.ts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { IconButton } from '../../components/IconButton.tsx'
import { CheckCheckIcon, CircleDotIcon, CircleIcon, GridIcon, MasonryIcon, MenuIcon, RefreshIcon, SparklesIcon } from '../../components/moreIcons.tsx'
import type { TimelineParams } from '../../lib/routeParams.ts'
import { useLayoutStore } from '../layout/useLayoutStore.ts'
import { useIsMobile } from '../layout/useMediaQuery.ts'
import { useHotkey } from '../shortcuts/bindings.ts'
import { DailyDigestDialog } from '../ai/DailyDigestDialog.tsx'

export interface TimelineHeaderProps {
  params: TimelineParams
  title: string
  unreadOnly: boolean
  onToggleUnreadOnly: () => void
  onMarkAllRead: (() => void) | null
  onRefetch: () => void
  refetching: boolean
}

export function TimelineHeader({ params, title, unreadOnly, onToggleUnreadOnly, onMarkAllRead, onRefetch, refetching }: TimelineHeaderProps) {
  const { t } = useTranslation('timeline')
  const mobile = useIsMobile()
  const gridStyle = useLayoutStore((s) => s.gridStyle)
  const setGridStyle = useLayoutStore((s) => s.setGridStyle)
  const setDrawer = useLayoutStore((s) => s.setMobileDrawer)
  const color = VIEW_INFO[params.view].color
  const unreadHotkey = useHotkey('timeline:unread-only')
  const refetchHotkey = useHotkey('timeline:refetch')
  const markHotkey = useHotkey('subscription:mark-all-read')
  const [dailyOpen, setDailyOpen] = useState(false)
  return (
    <header className="flex h-14 shrink-0 items-center gap-1 pr-3 pl-5 max-lg:pl-2" data-testid="timeline-header">
      {mobile && (
        <IconButton label={t('openSubscriptions')} onClick={() => setDrawer(true)} data-testid="open-drawer">
          <MenuIcon size={18} />
        </IconButton>
      )}
      <span className="mr-1.5 size-2 shrink-0 rounded-full" style={{ backgroundColor: color }} aria-hidden />
      <h2 data-testid="timeline-title" className="min-w-0 flex-1 truncate text-[15px] font-semibold tracking-tight">
        {title}
      </h2>
      <IconButton label={t('dailyReport')} active={dailyOpen} onClick={() => {
          analytics.track(ANALYTICS_EVENTS.dailyReportModal)
          setDailyOpen(true)
        }} data-testid="daily-report">
        <SparklesIcon size={16} />
      </IconButton>
      <DailyDigestDialog view={params.view} open={dailyOpen} onOpenChange={setDailyOpen} />
      {VIEW_INFO[params.view].grid && (
        <IconButton label={gridStyle === 'grid' ? t('switchToMasonry') : t('switchToGrid')} onClick={() => setGridStyle(gridStyle === 'grid' ? 'masonry' : 'grid')} data-testid="grid-style">
          {gridStyle === 'grid' ? <MasonryIcon size={16} /> : <GridIcon size={16} />}
        </IconButton>
      )}
      <IconButton label={unreadOnly ? t('showAll') : t('unreadOnly')} hotkey={unreadHotkey} active={unreadOnly} onClick={onToggleUnreadOnly} data-testid="unread-only">
        {unreadOnly ? <CircleDotIcon size={16} /> : <CircleIcon size={16} />}
      </IconButton>
      {onMarkAllRead && (
        <IconButton label={t('markAllRead')} hotkey={markHotkey} onClick={onMarkAllRead} data-testid="timeline-mark-all-read">
          <CheckCheckIcon size={16} />
        </IconButton>
      )}
      <IconButton label={t('refetch')} hotkey={refetchHotkey} onClick={onRefetch} data-testid="refetch">
        <RefreshIcon size={16} className={refetching ? 'animate-spin' : ''} />
      </IconButton>
    </header>
  )
}
