/** What the sidebar does to a subscription or a category, on top of the store's optimistic actions. */
import type { FeedViewType } from '@brook/shared'
import { toast } from 'sonner'
import { i18n } from '../../i18n/index.ts'
import { markAllRead, subscribe, unsubscribe, type Subscription } from '../../store/index.ts'
import { useFeedStore } from '../../store/entities/feeds.ts'
import { useListStore } from '../../store/entities/lists.ts'
import { useInboxStore } from '../../store/entities/inboxes.ts'
import { copyText } from '../entry/clipboard.ts'
import { openExternal } from '../platform/platform.ts'
import { siteUrlOf, subscriptionTitle } from './subscriptionTitle.ts'

/** Marks everything of one subscription read. */
export function markSubscriptionRead(sub: Subscription): Promise<void> {
  if (sub.listId) return markAllRead({ listId: sub.listId })
  if (sub.inboxId) return markAllRead({ inboxId: sub.inboxId })
  return markAllRead({ feedId: sub.feedId ?? undefined })
}

/** Marks every feed of a category read. */
export function markCategoryRead(subs: Subscription[]): Promise<void> {
  const feedIdList = subs.map((s) => s.feedId).filter((id): id is string => !!id)
  return markAllRead({ feedIdList })
}

/** Marks a whole view read (private subscriptions stay when the timeline hides them). */
export function markViewRead(view: FeedViewType, excludePrivate: boolean): Promise<void> {
  return markAllRead({ view, excludePrivate })
}

/** The display title of a subscription, from the stores. */
export function titleOf(sub: Subscription): string {
  return subscriptionTitle(
    sub,
    sub.feedId ? useFeedStore.getState().byId[sub.feedId] : undefined,
    sub.listId ? useListStore.getState().byId[sub.listId] : undefined,
    sub.inboxId ? useInboxStore.getState().byId[sub.inboxId] : undefined,
  )
}

/** Unfollows, with an Undo that follows again with the same settings. */
export async function unfollowWithUndo(sub: Subscription): Promise<void> {
  const title = titleOf(sub)
  await unsubscribe(sub.id)
  toast.success(i18n.t('subscriptions:unfollowed', { title }), {
    action: sub.feedId || sub.listId
      ? {
          label: i18n.t('subscriptions:undo'),
          onClick: () =>
            void subscribe({ view: sub.view, feedId: sub.feedId ?? undefined, listId: sub.listId ?? undefined, title: sub.title, category: sub.category, isPrivate: sub.isPrivate, hideFromTimeline: sub.hideFromTimeline }),
        }
      : undefined,
  })
}

/** The feed's own address (what the reader polls). */
export function feedUrlOf(sub: Subscription): string | null {
  return sub.feedId ? (useFeedStore.getState().byId[sub.feedId]?.url ?? null) : null
}

export function openFeedInBrowser(sub: Subscription): void {
  const url = feedUrlOf(sub)
  if (url) openExternal(url)
}

export function openSiteInBrowser(sub: Subscription): void {
  const url = sub.feedId ? siteUrlOf(useFeedStore.getState().byId[sub.feedId]) : null
  if (url) openExternal(url)
}

export function copyFeedUrl(sub: Subscription): void {
  void copyText(feedUrlOf(sub) ?? '', { missing: 'noUrl' })
}
