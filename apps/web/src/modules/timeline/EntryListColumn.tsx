/** The timeline column (SPEC §3 entry column width 356): a header naming the timeline, then its entries. */
import { VIEW_INFO } from '@brook/shared'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { CompassIcon, RssIcon } from '../../components/icons.tsx'
import { EmptyState } from '../../components/EmptyState.tsx'
import type { TimelineParams } from '../../app/routeParams.ts'
import { VIEW_TABS } from '../subscriptions/viewIcons.tsx'
import { useTimelineParams } from './useTimelineParams.ts'

function useTimelineTitle(params: TimelineParams): string {
  const { t } = useTranslation()
  if (params.isCollection) return t('timeline.starredTitle')
  if (params.folderName) return t('timeline.folderTitle', { name: params.folderName })
  if (params.listId) return t('timeline.listTitle')
  if (params.inboxId) return t('timeline.inboxTitle')
  if (params.isAllFeeds) return t('timeline.allTitle', { view: t(VIEW_TABS[params.view].labelKey) })
  return t('timeline.feedTitle')
}

export function EntryListColumn() {
  const { t } = useTranslation()
  const params = useTimelineParams()
  const title = useTimelineTitle(params)
  const color = VIEW_INFO[params.view].color
  return (
    <section
      data-testid="timeline-column"
      className="flex min-w-0 flex-1 flex-col border-r border-zinc-200/80 lg:w-[356px] lg:flex-none dark:border-zinc-800/80"
    >
      <header className="flex h-14 shrink-0 items-center gap-2.5 px-5">
        <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: color }} aria-hidden />
        <h2 data-testid="timeline-title" className="truncate text-[15px] font-semibold tracking-tight">
          {title}
        </h2>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <EmptyState icon={<RssIcon size={40} strokeWidth={1.25} />} title={t('timeline.emptyTitle')} hint={t('timeline.emptyHint')}>
          <Link
            to="/discover"
            className="inline-flex h-8 items-center gap-1.5 rounded-lg border border-zinc-200 bg-white px-3 text-[13px] font-medium text-zinc-700 shadow-xs transition-colors hover:bg-zinc-50 dark:border-zinc-700/80 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800"
          >
            <CompassIcon size={15} />
            {t('timeline.discover')}
          </Link>
        </EmptyState>
      </div>
    </section>
  )
}
