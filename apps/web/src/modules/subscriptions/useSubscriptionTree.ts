/** The sidebar rows of a view, composed from the subscription, unread, feed, list and inbox stores. */
import { useMemo } from 'react'
import type { FeedViewType } from '@brook/shared'
import { useSubscriptions, useUnreadCounts } from '../../store/index.ts'
import { useFeedStore } from '../../store/entities/feeds.ts'
import { useInboxStore } from '../../store/entities/inboxes.ts'
import { useListStore } from '../../store/entities/lists.ts'
import { useLayoutStore } from '../layout/useLayoutStore.ts'
import { useGeneralSettings } from '../settings/useSettingsValues.ts'
import { buildSubscriptionTree, type SidebarItem } from './buildSubscriptionTree.ts'

export function useSubscriptionTree(view: FeedViewType): SidebarItem[] {
  const subscriptions = useSubscriptions(view)
  const unread = useUnreadCounts()
  const feeds = useFeedStore((s) => s.byId)
  const lists = useListStore((s) => s.byId)
  const inboxes = useInboxStore((s) => s.byId)
  const openFolders = useLayoutStore((s) => s.openFolders)
  const { hideAllReadSubscriptions } = useGeneralSettings()
  return useMemo(
    () => buildSubscriptionTree({ subscriptions, unread, feeds, lists, inboxes, openFolders, view, hideAllRead: hideAllReadSubscriptions }),
    [subscriptions, unread, feeds, lists, inboxes, openFolders, view, hideAllReadSubscriptions],
  )
}

/** The route feed id of a subscription: the feed id, `list-{id}` or `inbox-{id}`. */
export function routeFeedIdOf(sub: { feedId: string | null; listId: string | null; inboxId: string | null }): string {
  if (sub.listId) return `list-${sub.listId}`
  if (sub.inboxId) return `inbox-${sub.inboxId}`
  return sub.feedId ?? ''
}
