/**
 * @module Trending feeds, entries, lists and people of this instance (docs/trending.md), and the
 * keyword discovery of lists. Rankings are computed from totals only (repo.ts) and kept for an
 * hour per process (SPEC §1 trending; the hourly refresh), so a busy Discover page costs
 * one query per ranking per hour.
 */
import { presentFeed, type FeedJson } from '../feeds/present.ts'
import { presentList, type ListJson } from '../lists/present.ts'
import type { TrendingEntryRow, TrendingRepo, TrendingUserRow } from './repo.ts'

/** How long a computed ranking is served before it is computed again. */
export const TRENDING_TTL_MS = 60 * 60 * 1000
export const DEFAULT_TRENDING_LIMIT = 20

/** ISO 639-3 codes of the ui setting (discoverLanguage: all, eng, cmn) as the language-tag prefixes feeds declare. */
const ISO639_3: Record<string, string> = { eng: 'en', cmn: 'zh', jpn: 'ja' }

/** The discover language filter (SPEC §3 ui discoverLanguage: all, eng, cmn; a tag such as zh-CN also works) as a language-tag prefix; null for all. */
export function languagePrefix(language: string | undefined): string | null {
  if (!language || language === 'all') return null
  if (ISO639_3[language]) return ISO639_3[language]!
  return language.split('-')[0]!.toLowerCase()
}

export type TrendingFeed = { feed: FeedJson; score: number; subscriberCount: number }
export type TrendingList = { list: ListJson; score: number; subscriberCount: number }
export type TrendingEntry = Omit<TrendingEntryRow, 'people'> & { readerCount: number }
export type TrendingUser = Omit<TrendingUserRow, 'subscribers'> & { newSubscriberCount: number }

export function createTrendingService({ repo, now = () => Date.now() }: { repo: TrendingRepo; now?: () => number }) {
  const cache = new Map<string, { at: number; value: Promise<unknown> }>()

  function cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = cache.get(key)
    if (hit && now() - hit.at < TRENDING_TTL_MS) return hit.value as Promise<T>
    const value = compute()
    cache.set(key, { at: now(), value })
    // A failed computation is not kept.
    value.catch(() => cache.delete(key))
    if (cache.size > 200) cache.delete(cache.keys().next().value!)
    return value
  }

  async function presentLists(rows: Parameters<typeof presentList>[0][]): Promise<ListJson[]> {
    const feedIds = await repo.feedIdsOfLists(rows.map((r) => r.id))
    return rows.map((r) => presentList(r, feedIds.get(r.id) ?? []))
  }

  return {
    /** GET /data/g: the instance's public counters, computed at most once an hour like the rankings. */
    counters: () => cached('counters', () => repo.counters()),

    /** GET /trending/feeds. */
    feeds(q: { view?: number; language?: string; limit?: number }): Promise<TrendingFeed[]> {
      const limit = q.limit ?? DEFAULT_TRENDING_LIMIT
      const language = languagePrefix(q.language) ?? undefined
      return cached(`feeds:${q.view}:${language}:${limit}`, async () =>
        (await repo.feeds({ view: q.view, language, limit, now: now() })).map((row) => ({ feed: presentFeed(row), score: row.score, subscriberCount: row.subscribers })),
      )
    },

    /** GET /trending/entries. */
    entries(q: { view?: number; language?: string; limit?: number }): Promise<TrendingEntry[]> {
      const limit = q.limit ?? DEFAULT_TRENDING_LIMIT
      const language = languagePrefix(q.language) ?? undefined
      return cached(`entries:${q.view}:${language}:${limit}`, async () =>
        (await repo.entries({ view: q.view, language, limit, now: now() })).map(({ people, ...row }) => ({ ...row, readerCount: people })),
      )
    },

    /** GET /trending/lists and GET /lists/trending. */
    lists(q: { view?: number; limit?: number }): Promise<TrendingList[]> {
      const limit = q.limit ?? DEFAULT_TRENDING_LIMIT
      return cached(`lists:${q.view}:${limit}`, async () => {
        const rows = await repo.lists({ view: q.view, limit, now: now() })
        const lists = await presentLists(rows)
        return rows.map((row, i) => ({ list: lists[i]!, score: row.score, subscriberCount: row.subscribers }))
      })
    },

    /** GET /trending/users. */
    users(q: { limit?: number }): Promise<TrendingUser[]> {
      const limit = q.limit ?? DEFAULT_TRENDING_LIMIT
      return cached(`users:${limit}`, async () => (await repo.users({ limit, now: now() })).map(({ subscribers, ...row }) => ({ ...row, newSubscriberCount: subscribers })))
    },

    /** GET /lists/discover: lists by keyword (not cached: it is a search). */
    async discoverLists(q: { keyword: string; limit?: number }): Promise<ListJson[]> {
      const keyword = q.keyword.trim()
      if (!keyword) return []
      return presentLists(await repo.searchLists(keyword, q.limit ?? DEFAULT_TRENDING_LIMIT))
    },

    /** Forgets every computed ranking (the next request computes afresh). */
    refresh(): void {
      cache.clear()
    },
  }
}

export type TrendingService = ReturnType<typeof createTrendingService>
