/** The heading of the open timeline: a source's name, the folder, Starred, or All {view}. */
import { useTranslation } from 'react-i18next'
import type { TimelineParams } from '../../app/routeParams.ts'
import { useFeed, useInbox, useList, useSubscription } from '../../store/index.ts'
import { VIEW_TABS } from '../subscriptions/viewIcons.tsx'
import { subscriptionTitle } from '../subscriptions/subscriptionTitle.ts'

export function useTimelineTitle(params: TimelineParams): string {
  const { t } = useTranslation()
  const single = !params.isAllFeeds && !params.isCollection && !params.folderName && !params.listId && !params.inboxId
  const feed = useFeed(single ? params.feedId : null)
  const list = useList(params.listId)
  const inbox = useInbox(params.inboxId)
  const sub = useSubscription(single ? `feed/${params.feedId}` : params.listId ? `list/${params.listId}` : params.inboxId ? `inbox/${params.inboxId}` : null)
  if (params.isCollection) return t('timeline.starredTitle')
  if (params.folderName) return params.folderName
  if (params.isAllFeeds) return t('timeline.allTitle', { view: t(VIEW_TABS[params.view].labelKey) })
  if (sub) return subscriptionTitle(sub, feed, list, inbox)
  if (params.listId) return list?.title ?? t('timeline.listTitle')
  if (params.inboxId) return inbox?.title ?? t('timeline.inboxTitle')
  return feed?.title ?? t('timeline.feedTitle')
}
