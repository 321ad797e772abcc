/** The name a subscription shows: its own title, else its feed's, list's or inbox's, else the address. */
import type { Feed, Inbox, List, Subscription } from '../../store/index.ts'

export function subscriptionTitle(sub: Subscription, feed?: Feed, list?: List, inbox?: Inbox): string {
  return sub.title || feed?.title || list?.title || inbox?.title || feed?.siteUrl || feed?.url || sub.feedId || sub.listId || sub.inboxId || ''
}

/** A site's home address for a feed: its siteUrl, else the feed address's origin. */
export function siteUrlOf(feed: Pick<Feed, 'siteUrl' | 'url'> | undefined): string | null {
  if (!feed) return null
  if (feed.siteUrl) return feed.siteUrl
  try {
    return new URL(feed.url).origin
  } catch {
    return null
  }
}
