/**
 * The timeline: header, "new entries available", and the entries of the route's timeline in the
 * view's layout. Reads through the store's `useEntries` (local database first, then the server).
 */
import { VIEW_INFO } from '@brook/shared'
import { lazy, Suspense, useCallback, useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { EmptyState } from '../../components/EmptyState.tsx'
import { CompassIcon, RssIcon } from '../../components/icons.tsx'
import { ArrowUpIcon, CheckCheckIcon } from '../../components/moreIcons.tsx'
import { Spinner } from '../../components/Spinner.tsx'
import { timelineFromParams, updateSettings, useEntries, useSubscriptions } from '../../store/index.ts'
import { useEntryStore } from '../../store/entities/entries.ts'
import { useLayoutStore } from '../layout/useLayoutStore.ts'
import { useGeneralSettings, useUiSettings } from '../settings/useSettingsValues.ts'
import { EntryList } from './EntryList.tsx'
import { markAllFilterOf, requestMarkTimelineRead } from './markTimelineRead.ts'
import { TimelineHeader } from './TimelineHeader.tsx'
import { useTimelineNavStore } from './timelineNav.ts'
import { useCheckNew } from './useCheckNew.ts'
import { useRefetchOnSourcesChange } from './useRefetchOnSourcesChange.ts'
import { useOpenEntry } from './useOpenEntry.ts'
import { useTimelineParams } from './useTimelineParams.ts'
import { useTimelineTitle } from './useTimelineTitle.ts'

// The grid (Pictures, Videos) loads with those views.
const PictureGrid = lazy(() => import('./PictureGrid.tsx').then((m) => ({ default: m.PictureGrid })))

export function TimelineColumn({ className = '', style }: { className?: string; style?: React.CSSProperties }) {
  const { t } = useTranslation('timeline')
  const params = useTimelineParams()
  const general = useGeneralSettings()
  const ui = useUiSettings()
  const gridStyle = useLayoutStore((s) => s.gridStyle)
  const unreadOnly = general.unreadOnly && !params.isCollection
  const timeline = useMemo(() => timelineFromParams(params, unreadOnly), [params.view, params.feedId, unreadOnly]) // eslint-disable-line react-hooks/exhaustive-deps
  const result = useEntries(timeline)
  const title = useTimelineTitle(params)
  const onOpen = useOpenEntry(params)
  const hasSubscriptions = useSubscriptions(params.view).length > 0

  const newestInsertedAt = useEntryStore((s) => (result.ids[0] ? (s.byId[result.ids[0]]?.insertedAt ?? null) : null))
  const hasNew = useCheckNew(timeline, newestInsertedAt, result.source === 'server')

  useRefetchOnSourcesChange(params.view, result.refetch)

  const publish = useTimelineNavStore((s) => s.publish)
  useEffect(() => {
    publish({ ids: result.ids, params, refetch: result.refetch })
  }, [result.ids, result.refetch, params, publish])

  const toggleUnreadOnly = useCallback(() => void updateSettings('general', { unreadOnly: !general.unreadOnly }), [general.unreadOnly])
  const filter = markAllFilterOf(params, general.hidePrivateSubscriptionsInTimeline)
  const fetchNextPage = useCallback(() => void result.fetchNextPage(), [result])
  const refetch = useCallback(() => void result.refetch(), [result])

  const grid = VIEW_INFO[params.view].grid
  const banner = hasNew ? (
    <div className="sticky top-0 z-10 flex justify-center py-2">
      <button
        type="button"
        data-testid="new-entries"
        onClick={refetch}
        className="inline-flex h-8 items-center gap-1.5 rounded-full bg-accent px-3.5 text-[12px] font-medium text-white shadow-md shadow-accent/25 transition-transform hover:scale-[1.02]"
      >
        <ArrowUpIcon size={14} />
        {t('newEntries')}
      </button>
    </div>
  ) : null

  const listProps = {
    view: params.view,
    ids: result.ids,
    activeId: params.isPendingEntry ? null : params.entryId,
    groupByDate: general.groupByDate && !grid,
    hasNextPage: result.hasNextPage,
    isFetchingNextPage: result.isFetchingNextPage,
    fetchNextPage,
    onOpen,
    markOnScroll: general.scrollMarkUnread,
    markOnRender: general.renderMarkUnread,
    itemProps: { dimRead: general.dimRead, hoverMark: general.hoverMarkUnread, squareThumbnail: ui.thumbnailRatio === 'square' },
    header: banner,
  }

  return (
    <section data-testid="timeline-column" data-view={params.view} className={`flex min-w-0 flex-col ${className}`} style={style}>
      <TimelineHeader
        params={params}
        title={title}
        unreadOnly={unreadOnly}
        onToggleUnreadOnly={toggleUnreadOnly}
        onMarkAllRead={filter ? () => requestMarkTimelineRead(params) : null}
        onRefetch={refetch}
        refetching={result.isFetching && !result.isFetchingNextPage}
      />
      {result.ids.length === 0 ? (
        <TimelineEmpty
          loading={result.status === 'loading' || (result.isFetching && result.source === 'local')}
          allRead={unreadOnly && hasSubscriptions}
          error={result.status === 'error'}
          onRetry={refetch}
          onShowAll={toggleUnreadOnly}
        />
      ) : grid ? (
        <Suspense fallback={<div className="flex-1" />}>
          <PictureGrid {...listProps} gridStyle={gridStyle} />
        </Suspense>
      ) : (
        <EntryList {...listProps} />
      )}
    </section>
  )
}

function TimelineEmpty({ loading, allRead, error, onRetry, onShowAll }: { loading: boolean; allRead: boolean; error: boolean; onRetry: () => void; onShowAll: () => void }) {
  const { t } = useTranslation('timeline')
  if (loading)
    return (
      <div className="flex flex-1 items-start justify-center pt-24 text-zinc-500" data-testid="timeline-loading">
        <Spinner size={24} />
      </div>
    )
  if (error)
    return (
      <EmptyState title={t('errorTitle')} hint={t('errorHint')}>
        <button type="button" onClick={onRetry} className="text-[13px] font-medium text-accent hover:underline">
          {t('retry')}
        </button>
      </EmptyState>
    )
  if (allRead)
    return (
      <div className="flex-1" data-testid="timeline-empty">
        <EmptyState icon={<CheckCheckIcon size={40} strokeWidth={1.25} />} title={t('allReadTitle')} hint={t('allReadHint')}>
          <button type="button" onClick={onShowAll} className="inline-flex h-8 items-center rounded-lg border border-zinc-200 bg-white px-3 text-[13px] font-medium text-zinc-700 shadow-xs transition-colors hover:bg-zinc-50 dark:border-zinc-700/80 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800">
            {t('showAll')}
          </button>
        </EmptyState>
      </div>
    )
  return (
    <div className="flex-1" data-testid="timeline-empty">
      <EmptyState icon={<RssIcon size={40} strokeWidth={1.25} />} title={t('emptyTitle')} hint={t('emptyHint')}>
        <Link
          to="/discover"
          className="inline-flex h-8 items-center gap-1.5 rounded-lg border border-zinc-200 bg-white px-3 text-[13px] font-medium text-zinc-700 shadow-xs transition-colors hover:bg-zinc-50 dark:border-zinc-700/80 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800"
        >
          <CompassIcon size={15} />
          {t('discover')}
        </Link>
      </EmptyState>
    </div>
  )
}
