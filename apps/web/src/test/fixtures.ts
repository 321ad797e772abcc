/** Store rows for component and store tests. */
import type { Subscription } from '../store/index.ts'

/** A subscription to a feed, view Articles, public, shown in the timeline; `patch` changes any field. */
export function feedSubscription(feedId: string, patch: Partial<Subscription> = {}): Subscription {
  return {
    id: `feed/${feedId}`,
    type: 'feed',
    feedId,
    listId: null,
    inboxId: null,
    userId: 'u',
    view: 0,
    isPrivate: false,
    hideFromTimeline: false,
    title: null,
    category: null,
    createdAt: null,
    ...patch,
  }
}
