/**
 * Discovery rules: a keyword that is a URL finds the feeds behind it (discovery, through the
 * SSRF-safe fetcher); any other keyword searches known feeds and lists by title, description and
 * URL, most followed first.
 */
import type { Env } from '../../env.ts'
import { AppError } from '../../lib/appError.ts'
import { discoverFeeds } from '../../reader/discovery/discoverFeeds.ts'
import { FetchError } from '../../reader/fetcher/fetchFeed.ts'
import { normalizeFeedUrl } from '../feeds/feedUrl.ts'
import { presentFeed, type FeedJson } from '../feeds/present.ts'
import { presentList } from '../lists/present.ts'
import { languagePrefix } from '../trending/service.ts'
import type { DiscoverRepo } from './repo.ts'

const SEARCH_LIMIT = 20

/** A feed found behind a URL that Brook does not store yet. */
export type FeedStub = { type: 'feed'; id: null; url: string; title: string | null }

export type DiscoverResult = {
  feed?: FeedJson | FeedStub
  list?: ReturnType<typeof presentList>
  subscriptionCount: number
  isSubscribed: boolean
}

/** A keyword that names a URL: a scheme, or a host-looking word without spaces. */
function urlOf(keyword: string): string | null {
  if (/\s/.test(keyword)) return null
  if (!/^(https?:|feed:)/i.test(keyword) && !/^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?(\/|$)/i.test(keyword)) return null
  return normalizeFeedUrl(keyword)
}

export function createDiscoverService(deps: { repo: DiscoverRepo; env: Pick<Env, 'FETCH_ALLOW_PRIVATE_NETWORKS' | 'FETCH_MAX_BYTES' | 'FETCH_TIMEOUT_MS'> }) {
  const { repo, env } = deps

  async function byUrl(userId: string, url: string): Promise<DiscoverResult[]> {
    let found
    try {
      found = await discoverFeeds(url, { allowPrivateNetworks: env.FETCH_ALLOW_PRIVATE_NETWORKS, maxBytes: env.FETCH_MAX_BYTES, timeoutMs: env.FETCH_TIMEOUT_MS })
    } catch (error) {
      throw new AppError(2003, { reason: error instanceof FetchError ? error.message : String(error) })
    }
    const urls = found.map((f) => normalizeFeedUrl(f.url) ?? f.url)
    const known = new Map((await repo.feedsByUrls(urls)).map((f) => [f.url, f]))
    const followed = await repo.followed(userId, [...known.values()].map((f) => f.id))
    return found.map((f, i) => {
      const feed = known.get(urls[i])
      return feed
        ? { feed: presentFeed(feed), subscriptionCount: Number(feed.subscriptionCount), isSubscribed: followed.has(feed.id) }
        : { feed: { type: 'feed' as const, id: null, url: urls[i], title: f.title }, subscriptionCount: 0, isSubscribed: false }
    })
  }

  return {
    /** POST /discover. */
    async discover(userId: string, keyword: string, target?: 'feeds' | 'lists'): Promise<DiscoverResult[]> {
      const url = urlOf(keyword)
      if (url) return byUrl(userId, url)
      const feeds = target === 'lists' ? [] : await repo.searchFeeds(keyword, SEARCH_LIMIT)
      const lists = target === 'feeds' ? [] : await repo.searchLists(keyword, SEARCH_LIMIT)
      const followed = await repo.followed(userId, [...feeds.map((f) => f.id), ...lists.map((l) => l.id)])
      const listFeeds = await repo.listFeedIds(lists.map((l) => l.id))
      return [
        ...feeds.map((f) => ({ feed: presentFeed(f), subscriptionCount: Number(f.subscriptionCount), isSubscribed: followed.has(f.id) })),
        ...lists.map((l) => ({ list: presentList(l, listFeeds.get(l.id) ?? []), subscriptionCount: Number(l.subscriptionCount), isSubscribed: followed.has(l.id) })),
      ]
    },

    /**
     * GET /discover/feeds: known feeds of a SPEC §3 category in the Discover language — those
     * with at least one public subscriber (a feed followed only privately is never shown), most
     * followed first. `popular` is every category's most followed.
     */
    async feedsOfCategory(userId: string, q: { category: string; language?: string; limit?: number }): Promise<Array<{ feed: FeedJson; category: string | null; subscriptionCount: number; isSubscribed: boolean }>> {
      const rows = await repo.feedsOfCategory({ category: q.category === 'popular' ? null : q.category, languagePrefix: languagePrefix(q.language), limit: q.limit ?? 50 })
      const followed = await repo.followed(userId, rows.map((r) => r.id))
      return rows.map((r) => ({ feed: presentFeed(r), category: r.discoveryCategory, subscriptionCount: r.publicSubscribers, isSubscribed: followed.has(r.id) }))
    },

    /** PUT /feeds/discovery-category: the feed's claimed owner or an admin files it under a category (null: none). */
    async setFeedCategory(who: { id: string; role: string }, feedId: string, category: string | null): Promise<{ feedId: string; category: string | null }> {
      const feed = await repo.feedById(feedId)
      if (!feed) throw new AppError(2001)
      if (who.role !== 'admin' && feed.ownerUserId !== who.id) throw new AppError(1004, { reason: 'Only the feed’s owner (who claimed it) or an admin sets its discovery category' })
      await repo.setDiscoveryCategory(feedId, category, new Date().toISOString())
      return { feedId, category }
    },

    /** The stored feed at a URL, or null. */
    async knownFeed(url: string) {
      return (await repo.feedsByUrls([url]))[0] ?? null
    },
  }
}

export type DiscoverService = ReturnType<typeof createDiscoverService>
