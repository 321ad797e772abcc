/** The heading of the open timeline: a source's name, the folder, Starred, or All {view}. */
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { TimelineParams } from '../../lib/routeParams.ts'
import { i18n } from '../../i18n/index.ts'
import { useFeed, useInbox, useList, useSubscription, type Feed, type Inbox, type List, type Subscription } from '../../store/index.ts'
import { useFeedStore } from '../../store/entities/feeds.ts'
import { useInboxStore } from '../../store/entities/inboxes.ts'
import { useListStore } from '../../store/entities/lists.ts'
import { useSubscriptionStore } from '../../store/entities/subscriptions.ts'
import { VIEW_TABS } from '../subscriptions/viewIcons.tsx'
import { subscriptionTitle } from '../subscriptions/subscriptionTitle.ts'

interface TitleSources {
  feed?: Feed
  list?: List
  inbox?: Inbox
  sub?: Subscription
}

const isSingle = (params: TimelineParams) => !params.isAllFeeds && !params.isCollection && !params.folderName && !params.listId && !params.inboxId
const subscriptionIdOf = (params: TimelineParams) => (isSingle(params) ? `feed/${params.feedId}` : params.listId ? `list/${params.listId}` : params.inboxId ? `inbox/${params.inboxId}` : null)

function titleOf(params: TimelineParams, t: TFunction, { feed, list, inbox, sub }: TitleSources): string {
  if (params.isCollection) return t('timeline.starredTitle')
  if (params.folderName) return params.folderName
  if (params.isAllFeeds) return t('timeline.allTitle', { view: t(VIEW_TABS[params.view].labelKey) })
  if (sub) return subscriptionTitle(sub, feed, list, inbox)
  if (params.listId) return list?.title ?? t('timeline.listTitle')
  if (params.inboxId) return inbox?.title ?? t('timeline.inboxTitle')
  return feed?.title ?? t('timeline.feedTitle')
}

export function useTimelineTitle(params: TimelineParams): string {
  const { t } = useTranslation()
  const feed = useFeed(isSingle(params) ? params.feedId : null)
  const list = useList(params.listId)
  const inbox = useInbox(params.inboxId)
  const sub = useSubscription(subscriptionIdOf(params))
  return titleOf(params, t, { feed, list, inbox, sub })
}

/** The same title outside React (commands), from the stores as they are now. */
export function timelineTitleOf(params: TimelineParams): string {
  const subId = subscriptionIdOf(params)
  return titleOf(params, i18n.t.bind(i18n) as TFunction, {
    feed: isSingle(params) ? useFeedStore.getState().byId[params.feedId] : undefined,
    list: params.listId ? useListStore.getState().byId[params.listId] : undefined,
    inbox: params.inboxId ? useInboxStore.getState().byId[params.inboxId] : undefined,
    sub: subId ? useSubscriptionStore.getState().byId[subId] : undefined,
  })
}
