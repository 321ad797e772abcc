/**
 * /timeline/:timelineId/:feedId[/:entryId]. List views: the timeline column (ui entryColWidth)
 * beside the entry. Wide views (Social media, Pictures, Videos; SPEC §3 wide flag) give the
 * timeline the whole width and open the entry in a panel over it. Under 1024 px one column
 * shows at a time: the timeline, or the entry with a back button.
 */
import { useTranslation } from 'react-i18next'
import { VIEW_INFO } from '@brook/shared'
import { Outlet, useNavigate } from 'react-router'
import { timelinePath } from '../../lib/routeParams.ts'
import { useIsMobile } from '../layout/useMediaQuery.ts'
import { useUiSettings } from '../settings/useSettingsValues.ts'
import { TimelineColumn } from './TimelineColumn.tsx'
import { useTimelineParams } from './useTimelineParams.ts'

export function TimelineLayout() {
  const params = useTimelineParams()
  const mobile = useIsMobile()
  const ui = useUiSettings()
  const navigate = useNavigate()
  const { t } = useTranslation()
  const wideView = VIEW_INFO[params.view].wide
  const entryOpen = !params.isPendingEntry

  if (mobile) {
    return (
      <div className="flex min-w-0 flex-1" data-layout="mobile">
        <TimelineColumn className={entryOpen ? 'hidden' : 'flex-1'} />
        {entryOpen && (
          <section data-testid="entry-column" className="flex min-w-0 flex-1">
            <Outlet />
          </section>
        )}
      </div>
    )
  }

  if (wideView) {
    return (
      <div className="relative flex min-w-0 flex-1" data-layout="wide">
        <TimelineColumn className="flex-1" />
        {entryOpen && (
          <>
            <button type="button" aria-label={t('timeline:closeEntry')} tabIndex={-1} className="absolute inset-0 z-20 cursor-default bg-zinc-950/10 dark:bg-black/30" onClick={() => navigate(timelinePath({ view: params.view, feedId: params.feedId }))} />
            <section data-testid="entry-column" className="absolute inset-y-0 right-0 z-30 flex w-[min(760px,70%)] min-w-0 border-l border-zinc-200/80 bg-white shadow-2xl shadow-zinc-900/15 dark:border-zinc-800 dark:bg-zinc-950">
              <Outlet />
            </section>
          </>
        )}
      </div>
    )
  }

  return (
    <div className="flex min-w-0 flex-1" data-layout="columns">
      <TimelineColumn className="shrink-0 border-r border-zinc-200/80 dark:border-zinc-800/80" style={{ width: ui.entryColWidth }} />
      <section data-testid="entry-column" className="flex min-w-0 flex-1">
        <Outlet />
      </section>
    </div>
  )
}
