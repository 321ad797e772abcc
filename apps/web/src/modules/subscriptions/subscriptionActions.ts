/** What the sidebar does to a subscription or a category, on top of the store's optimistic actions. */
import type { FeedViewType } from '@brook/shared'
import { toast } from 'sonner'
import { i18n } from '../../i18n/index.ts'
import { subscribe, unsubscribe, type Subscription } from '../../store/index.ts'
import { useFeedStore } from '../../store/entities/feeds.ts'
import { useListStore } from '../../store/entities/lists.ts'
import { useInboxStore } from '../../store/entities/inboxes.ts'
import { copyText } from '../entry/clipboard.ts'
import { api } from '../../api/client.ts'
import { toastError } from '../../api/toastError.ts'
import { openExternal } from '../platform/platform.ts'
import { requestMarkAllRead } from '../timeline/markAllConfirm.ts'
import { siteUrlOf, subscriptionTitle } from './subscriptionTitle.ts'
import { VIEW_TABS } from './viewIcons.tsx'

/** Marks everything of one subscription read (after the mark-all countdown). */
export function markSubscriptionRead(sub: Subscription): void {
  const filter = sub.listId ? { listId: sub.listId } : sub.inboxId ? { inboxId: sub.inboxId } : { feedId: sub.feedId ?? undefined }
  requestMarkAllRead(filter, titleOf(sub))
}

/** Marks every feed of a category read (after the countdown). */
export function markCategoryRead(name: string, subs: Subscription[]): void {
  const feedIdList = subs.map((s) => s.feedId).filter((id): id is string => !!id)
  requestMarkAllRead({ feedIdList }, name)
}

/** Marks a whole view read (after the countdown; private subscriptions stay when the timeline hides them). */
export function markViewRead(view: FeedViewType, excludePrivate: boolean): void {
  requestMarkAllRead({ view, excludePrivate }, i18n.t('timeline.allTitle', { view: i18n.t(VIEW_TABS[view].labelKey) }))
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

/**
 * Copies an inbox's e-mail address ({handle}@INBOX_DOMAIN): `address` from the configs the menu
 * already holds (so the copy happens within the click), else asked of the server first.
 */
export function copyInboxAddress(sub: Subscription, address: string | null): void {
  if (!sub.inboxId) return
  const options = { successKey: 'subscriptions:inboxAddressCopied' }
  if (address) void copyText(address, options)
  else api.get('/inboxes', { handle: sub.inboxId }).then((inbox) => copyText(inbox.address, options), toastError)
}

export function copyFeedUrl(sub: Subscription): void {
  void copyText(feedUrlOf(sub) ?? '', { missing: 'noUrl' })
}
