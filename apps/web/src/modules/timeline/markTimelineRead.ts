/** "Mark all as read" for the open timeline: the filter of SPEC §7 POST /reads/all it means. */
import type { TimelineParams } from '../../app/routeParams.ts'
import type { MarkAllReadFilter } from '../../store/index.ts'
import { useSubscriptionStore } from '../../store/entities/subscriptions.ts'

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
