/** "Mark all as read" for the open timeline: the filter of SPEC §7 POST /reads/all it means. */
import type { TimelineParams } from '../../lib/routeParams.ts'
import type { MarkAllReadFilter } from '../../store/index.ts'
import { useSettingsStore } from '../../store/entities/settings.ts'
import { useSubscriptionStore } from '../../store/entities/subscriptions.ts'
import { requestMarkAllRead } from './markAllConfirm.ts'
import { timelineTitleOf } from './useTimelineTitle.ts'

/** The mark-all filter of a timeline; null for the starred collection (nothing to mark as a whole). */
export function markAllFilterOf(params: TimelineParams, excludePrivate: boolean): MarkAllReadFilter | null {
  if (params.isCollection) return null
  if (params.listId) return { listId: params.listId }
  if (params.inboxId) return { inboxId: params.inboxId }
  if (params.folderName) {
    const feedIdList = Object.values(useSubscriptionStore.getState().byId)
      .filter((s) => s.view === params.view && s.category === params.folderName && s.feedId)
      .map((s) => s.feedId!)
    return { feedIdList }
  }
  if (params.isAllFeeds) return { view: params.view, excludePrivate }
  return { feedId: params.feedId }
}

/** "Mark all as read" on the open timeline (header button, hotkey): through the countdown. */
export function requestMarkTimelineRead(params: TimelineParams): void {
  const filter = markAllFilterOf(params, useSettingsStore.getState().tabs.general.hidePrivateSubscriptionsInTimeline === true)
  if (filter) requestMarkAllRead(filter, timelineTitleOf(params))
}
