/**
 * The onboarding guide's suggested feeds (issue 19): the known feeds of the interests the user
 * picked (GET /discover/feeds, as on the category pages) and the feeds trending here (GET
 * /trending/feeds, as on Discover), both in the Discover language, merged into one short list.
 */
import { FeedViewType, type DiscoverCategory } from '@brook/shared'
import { api } from '../../api/client.ts'
import type { ApiData } from '../../api/types.ts'

export type CategoryFeed = ApiData<'get', '/discover/feeds'>[number]
export type TrendingFeed = ApiData<'get', '/trending/feeds'>[number]

export interface Suggestion {
  feedId: string
  url: string
  title: string
  image: string | null
  siteUrl: string | null
  /** The discovery category it is filed under, when it came from one. */
  category: string | null
  followers: number
}

/** At most this many suggestions show. */
export const SUGGESTION_LIMIT = 8
/** Feeds asked for per interest. */
const PER_INTEREST = 6

/** The view a one-click follow uses: pictures and video categories read in their views, everything else as articles. */
export function viewForCategory(category: string | null): FeedViewType {
  switch (category) {
    case 'picture':
      return FeedViewType.Pictures
    case 'live':
    case 'multimedia':
      return FeedViewType.Videos
    case 'social-media':
      return FeedViewType.SocialMedia
    default:
      return FeedViewType.Articles
  }
}

/**
 * One list from the answers: interests in the order picked, taking turns so every interest gets
 * its most followed feeds in before a second of any; then trending feeds; each feed once; at most
 * `limit`.
 */
export function mergeSuggestions(byInterest: readonly (readonly CategoryFeed[])[], trending: readonly TrendingFeed[], limit = SUGGESTION_LIMIT): Suggestion[] {
  const out: Suggestion[] = []
  const seen = new Set<string>()
  const add = (s: Suggestion) => {
    if (out.length >= limit || seen.has(s.feedId)) return
    seen.add(s.feedId)
    out.push(s)
  }
  const longest = Math.max(0, ...byInterest.map((l) => l.length))
  for (let i = 0; i < longest; i++) {
    for (const list of byInterest) {
      const item = list[i]
      if (item) add({ feedId: item.feed.id, url: item.feed.url, title: item.feed.title ?? item.feed.url, image: item.feed.image, siteUrl: item.feed.siteUrl, category: item.category, followers: item.subscriptionCount })
    }
  }
  for (const t of trending) add({ feedId: t.feed.id, url: t.feed.url, title: t.feed.title ?? t.feed.url, image: t.feed.image, siteUrl: t.feed.siteUrl, category: null, followers: t.subscriberCount })
  return out
}

/** Asks the server for the feeds of the interests (popular when none) and the trending ones. */
export async function fetchSuggestions(interests: readonly DiscoverCategory[], language: string): Promise<Suggestion[]> {
  const categories: DiscoverCategory[] = interests.length > 0 ? [...interests] : ['popular']
  const [byInterest, trending] = await Promise.all([
    Promise.all(categories.map((category) => api.get('/discover/feeds', { category, language, limit: PER_INTEREST }))),
    api.get('/trending/feeds', { language, limit: SUGGESTION_LIMIT }),
  ])
  return mergeSuggestions(byInterest, trending)
}
