/** SPEC §2: Articles, Social Media, Pictures and Videos always show; the others only with a subscription. */
import { FEED_VIEWS, VIEW_INFO, type FeedViewType } from '@brook/shared'

export function visibleViews(subscriptionCountByView: Partial<Record<FeedViewType, number>> = {}): FeedViewType[] {
  return FEED_VIEWS.filter((view) => VIEW_INFO[view].alwaysShown || (subscriptionCountByView[view] ?? 0) > 0)
}
