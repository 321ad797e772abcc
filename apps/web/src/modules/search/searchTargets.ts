/** Where a search result leads: the entry inside its feed's (or inbox's) timeline, or the subscription's timeline. */
import { FeedViewType, isFeedView } from '@brook/shared'
import { ROUTE_FEED_INBOX_PREFIX, ROUTE_FEED_LIST_PREFIX, timelinePath } from '../../lib/routeParams.ts'
import { useSubscriptionStore } from '../../store/entities/subscriptions.ts'
import type { EntryHit, SubscriptionHit } from './searchEntries.ts'

function viewOfSource(feedId: string | null, inboxId: string | null): FeedViewType {
  const subs = Object.values(useSubscriptionStore.getState().byId)
  const sub = subs.find((s) => (feedId ? s.feedId === feedId : inboxId ? s.inboxId === inboxId : false))
  return sub && isFeedView(sub.view) ? sub.view : FeedViewType.Articles
}

/** The path that opens a found entry. */
export function entryHitPath(hit: Pick<EntryHit, 'id' | 'feedId' | 'inboxId'>): string {
  const feedId = hit.feedId ?? (hit.inboxId ? `${ROUTE_FEED_INBOX_PREFIX}${hit.inboxId}` : undefined)
  return timelinePath({ view: viewOfSource(hit.feedId, hit.inboxId), feedId, entryId: hit.id })
}

/** The path that opens a found subscription's timeline. */
export function subscriptionHitPath(hit: Pick<SubscriptionHit, 'feedId' | 'listId' | 'inboxId' | 'view'>): string {
  const feedId = hit.feedId ?? (hit.listId ? `${ROUTE_FEED_LIST_PREFIX}${hit.listId}` : `${ROUTE_FEED_INBOX_PREFIX}${hit.inboxId}`)
  return timelinePath({ view: isFeedView(hit.view) ? hit.view : FeedViewType.Articles, feedId })
}
