/**
 * @module Trending feeds, entries, lists and people of this instance (docs/trending.md), and the
 * keyword discovery of lists. Rankings are computed from totals only (repo.ts) by the scheduler
 * role every hour (jobs/trendingSnapshots.ts) and stored as snapshots (0028) that every web
 * process serves; a web process computes one itself only when no snapshot exists yet (or none
 * was refreshed for STALE_SNAPSHOT_MS: no scheduler role is running).
 */
import { presentFeed, type FeedJson } from '../feeds/present.ts'
import { presentList, type ListJson } from '../lists/present.ts'
import type { TrendingEntryRow, TrendingRepo, TrendingUserRow } from './repo.ts'

/** How old a snapshot gets before the scheduler role computes it again (the default of TRENDING_REFRESH_SECONDS). */
export const TRENDING_TTL_MS = 60 * 60 * 1000
/** A snapshot this old was not refreshed by any scheduler: a web process computes it itself. */
export const STALE_SNAPSHOT_MS = 3 * TRENDING_TTL_MS
/** A request notes that it read a ranking at most this often. */
const REQUEST_NOTE_MS = 10 * 60 * 1000
/** A non-default ranking no request read for this long is dropped by the scheduler, not refreshed. */
export const UNREAD_SNAPSHOT_MS = 24 * TRENDING_TTL_MS
export const DEFAULT_TRENDING_LIMIT = 20
/** Snapshots hold the longest answer a route gives (limit ≤ 100); shorter ones are its first rows (every ranking has a total order). */
const SNAPSHOT_LIMIT = 100

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

/** A snapshot's key: the ranking and its parameters. */
type SnapshotKey = ['feeds', number | null, string | null] | ['entries', number | null, string | null] | ['lists', number | null] | ['users'] | ['counters']

/** The snapshots the scheduler computes even before anyone asked (what /discover opens with). */
const DEFAULT_KEYS: SnapshotKey[] = [['feeds', null, null], ['entries', null, null], ['lists', null], ['users'], ['counters']]

function parseKey(key: string): SnapshotKey | null {
  try {
    const k = JSON.parse(key) as unknown
    if (!Array.isArray(k)) return null
    const view = (v: unknown) => v === null || Number.isInteger(v)
    const text = (v: unknown) => v === null || typeof v === 'string'
    if ((k[0] === 'feeds' || k[0] === 'entries') && k.length === 3 && view(k[1]) && text(k[2])) return k as SnapshotKey
    if (k[0] === 'lists' && k.length === 2 && view(k[1])) return k as SnapshotKey
    if ((k[0] === 'users' || k[0] === 'counters') && k.length === 1) return k as SnapshotKey
    return null
  } catch {
    return null
  }
}

export function createTrendingService({ repo, now = () => Date.now(), ttlMs = TRENDING_TTL_MS }: { repo: TrendingRepo; now?: () => number; ttlMs?: number }) {
  const staleMs = (STALE_SNAPSHOT_MS / TRENDING_TTL_MS) * ttlMs
  /** Computations running in this process, so concurrent requests for a missing snapshot compute it once. */
  const computing = new Map<string, Promise<unknown>>()
  /** After refresh(): the keys this process computed since; any other snapshot is computed again on its next request. */
  let freshSince: Set<string> | null = null

  async function presentLists(rows: Parameters<typeof presentList>[0][]): Promise<ListJson[]> {
    const feedIds = await repo.feedIdsOfLists(rows.map((r) => r.id))
    return rows.map((r) => presentList(r, feedIds.get(r.id) ?? []))
  }

  /** Computes a ranking now (SNAPSHOT_LIMIT rows) from the activity tables. */
  async function compute(k: SnapshotKey): Promise<unknown> {
    const at = now()
    switch (k[0]) {
      case 'counters':
        return repo.counters()
      case 'feeds':
        return (await repo.feeds({ view: k[1] ?? undefined, language: k[2] ?? undefined, limit: SNAPSHOT_LIMIT, now: at })).map((row): TrendingFeed => ({ feed: presentFeed(row), score: row.score, subscriberCount: row.subscribers }))
      case 'entries':
        return (await repo.entries({ view: k[1] ?? undefined, language: k[2] ?? undefined, limit: SNAPSHOT_LIMIT, now: at })).map(({ people, ...row }): TrendingEntry => ({ ...row, readerCount: people }))
      case 'lists': {
        const rows = await repo.lists({ view: k[1] ?? undefined, limit: SNAPSHOT_LIMIT, now: at })
        const lists = await presentLists(rows)
        return rows.map((row, i): TrendingList => ({ list: lists[i]!, score: row.score, subscriberCount: row.subscribers }))
      }
      case 'users':
        return (await repo.users({ limit: SNAPSHOT_LIMIT, now: at })).map(({ subscribers, ...row }): TrendingUser => ({ ...row, newSubscriberCount: subscribers }))
    }
  }

  /** Computes a ranking and stores it as the latest snapshot of its key (once at a time per key in this process). */
  function computeAndStore(key: string, k: SnapshotKey, requested: boolean): Promise<unknown> {
    const running = computing.get(key)
    if (running) return running
    const computedAt = new Date(now()).toISOString()
    const value = (async () => {
      const result = await compute(k)
      await repo.saveSnapshot(key, JSON.stringify(result), computedAt, requested ? computedAt : null)
      freshSince?.add(key)
      return result
    })().finally(() => computing.delete(key))
    computing.set(key, value)
    return value
  }

  /** The latest snapshot of a ranking; computed here only when there is none (or no scheduler refreshed it for hours). */
  async function latest<T>(k: SnapshotKey): Promise<T> {
    const key = JSON.stringify(k)
    const stored = await repo.snapshot(key)
    const forced = freshSince !== null && !freshSince.has(key)
    if (stored && !forced && now() - Date.parse(stored.computedAt) < staleMs) {
      // At most one write per ranking per 10 minutes records that someone still reads it.
      if (!stored.requestedAt || now() - Date.parse(stored.requestedAt) >= REQUEST_NOTE_MS) await repo.touchSnapshot(key, new Date(now()).toISOString())
      return JSON.parse(stored.payload) as T
    }
    return (await computeAndStore(key, k, true)) as T
  }

  const limited = async <T>(k: SnapshotKey, limit: number | undefined): Promise<T[]> => (await latest<T[]>(k)).slice(0, limit ?? DEFAULT_TRENDING_LIMIT)

  return {
    /** GET /data/g: the instance's public counters, from the hourly snapshot like the rankings. */
    counters: () => latest<{ users: number; feeds: number; entries: number; publicSubscriptions: number; lists: number }>(['counters']),

    /** GET /trending/feeds. */
    feeds: (q: { view?: number; language?: string; limit?: number }): Promise<TrendingFeed[]> => limited(['feeds', q.view ?? null, languagePrefix(q.language)], q.limit),

    /** GET /trending/entries. */
    entries: (q: { view?: number; language?: string; limit?: number }): Promise<TrendingEntry[]> => limited(['entries', q.view ?? null, languagePrefix(q.language)], q.limit),

    /** GET /trending/lists and GET /lists/trending. */
    lists: (q: { view?: number; limit?: number }): Promise<TrendingList[]> => limited(['lists', q.view ?? null], q.limit),

    /** GET /trending/users. */
    users: (q: { limit?: number }): Promise<TrendingUser[]> => limited(['users'], q.limit),

    /**
     * The scheduler role's hourly duty (jobs/trendingSnapshots.ts): computes every snapshot that is
     * missing (the default ones) or at least TRENDING_TTL_MS old — the default rankings and every
     * parameter set a web process asked for. Returns how many it computed.
     */
    async refreshSnapshots(): Promise<number> {
      const stored = await repo.snapshotKeys()
      const ages = new Map(stored.map((s) => [s.key, now() - Date.parse(s.computedAt)]))
      const defaults = new Set(DEFAULT_KEYS.map((k) => JSON.stringify(k)))
      // A ranking with other parameters (a view, a language) that no request read for a day is
      // dropped instead of refreshed: the hourly work stays bounded by what people actually open.
      const unread = new Set(stored.filter((s) => !defaults.has(s.key) && (!s.requestedAt || now() - Date.parse(s.requestedAt) >= UNREAD_SNAPSHOT_MS)).map((s) => s.key))
      for (const key of unread) await repo.dropSnapshot(key)
      const keys = new Set([...defaults, ...stored.map((s) => s.key).filter((key) => !unread.has(key))])
      let computed = 0
      for (const key of keys) {
        const age = ages.get(key)
        const k = parseKey(key)
        if (!k || (age !== undefined && age < ttlMs)) continue
        await computeAndStore(key, k, false)
        computed++
      }
      return computed
    },

    /** GET /lists/discover: lists by keyword (not cached: it is a search). */
    async discoverLists(q: { keyword: string; limit?: number }): Promise<ListJson[]> {
      const keyword = q.keyword.trim()
      if (!keyword) return []
      return presentLists(await repo.searchLists(keyword, q.limit ?? DEFAULT_TRENDING_LIMIT))
    },

    /** Tests: every snapshot is computed afresh on its next request in this process. */
    refresh(): void {
      freshSince = new Set()
    },
  }
}

export type TrendingService = ReturnType<typeof createTrendingService>
