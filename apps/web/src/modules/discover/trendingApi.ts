/** The trending calls of Discover (GET /trending/feeds, /trending/entries, /lists/trending), as DiscoverResults the follow form takes (TrendingSection marks the ones I follow from the subscription store). */
import { api } from '../../api/client.ts'
import type { ApiData } from '../../api/types.ts'
import type { DiscoverResult } from './discoverApi.ts'

export type TrendingEntry = ApiData<'get', '/trending/entries'>[number]

/** Feeds trending here, in the language of the Discover filter. */
export async function trendingFeeds(language: string, limit = 8): Promise<DiscoverResult[]> {
  const items = await api.get('/trending/feeds', { language, limit })
  return items.map((t) => ({ feed: t.feed, subscriptionCount: t.subscriberCount, isSubscribed: false }))
}

/** Lists trending here. */
export async function trendingLists(limit = 6): Promise<DiscoverResult[]> {
  const items = await api.get('/lists/trending', { limit })
  return items.map((t) => ({ list: t.list, subscriptionCount: t.subscriberCount, isSubscribed: false }))
}

/** Entries trending here. */
export function trendingEntries(language: string, limit = 6): Promise<TrendingEntry[]> {
  return api.get('/trending/entries', { language, limit })
}
