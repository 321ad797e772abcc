/**
 * TanStack Query settings of SPEC §9: stale times, and persistence of queries marked
 * `meta: { persist: true }` to local storage — kept 7 days, success only, never infinite
 * (multi-page) queries. A small persister over `dehydrate`/`hydrate` rather than the plug-in
 * packages, which pin an older query-core and would ship it twice.
 */
import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query'
import { APP_VERSION } from '@brook/shared'
import { storageKey } from '../lib/storage.ts'

const MINUTE = 60 * 1000

/** Stale times of SPEC §9. */
export const STALE_TIMES = {
  entries: 10 * MINUTE,
  unread: 5 * MINUTE,
  readHistory: 5 * MINUTE,
  subscriptions: 30 * MINUTE,
  user: 300_000,
  /** The general default equals the entry-list one. */
  default: 10 * MINUTE,
} as const

/** How long the persisted cache is kept. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * MINUTE
export const QUERY_CACHE_KEY = storageKey('query-cache')
const SAVE_THROTTLE_MS = 1000

interface Persisted {
  buster: string
  timestamp: number
  state: DehydratedState
}

/**
 * Only queries marked to persist, holding a successful answer, and not infinite (multi-page) ones.
 * A query whose last refetch failed (offline, server down) still holds its last successful answer:
 * that answer is kept — dropping it would make the next offline start lose, say, the session.
 */
export function shouldPersistQuery(query: Pick<Query, 'meta' | 'state'>): boolean {
  if (query.meta?.persist !== true) return false
  if (query.state.status !== 'success' && !(query.state.status === 'error' && query.state.dataUpdatedAt > 0)) return false
  const data = query.state.data as { pages?: unknown; pageParams?: unknown } | null | undefined
  // Nothing to keep (e.g. "no session"): restoring it would only hide the real answer.
  if (data === null || data === undefined) return false
  if (data && typeof data === 'object' && Array.isArray(data.pages) && Array.isArray(data.pageParams)) return false
  return true
}

/** Puts a saved cache (younger than 7 days, same app version) into the client. */
export function restoreQueries(client: QueryClient, storage: Storage = localStorage, now = Date.now()): boolean {
  try {
    const raw = storage.getItem(QUERY_CACHE_KEY)
    if (!raw) return false
    const saved = JSON.parse(raw) as Persisted
    if (saved.buster !== APP_VERSION || now - saved.timestamp > PERSIST_MAX_AGE_MS) {
      storage.removeItem(QUERY_CACHE_KEY)
      return false
    }
    hydrate(client, saved.state)
    return true
  } catch {
    return false
  }
}

/** Saves the persistable queries now. */
export function saveQueries(client: QueryClient, storage: Storage = localStorage, now = Date.now()): void {
  try {
    const dehydrated = dehydrate(client, { shouldDehydrateQuery: shouldPersistQuery, shouldDehydrateMutation: () => false })
    // Saved as the success it was: the failed refetch is this page's news, not the next start's.
    const state: DehydratedState = {
      ...dehydrated,
      queries: dehydrated.queries.map((q) => (q.state.status === 'error' ? { ...q, state: { ...q.state, status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null } } : q)),
    }
    const payload: Persisted = { buster: APP_VERSION, timestamp: now, state }
    storage.setItem(QUERY_CACHE_KEY, JSON.stringify(payload))
  } catch {
    // Full or disabled storage: the cache simply is not kept.
  }
}

/** Restores, then saves (throttled) on every cache change. Returns the unsubscribe. */
export function persistQueryClient(client: QueryClient, storage: Storage = localStorage): () => void {
  restoreQueries(client, storage)
  let timer: ReturnType<typeof setTimeout> | null = null
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return
    if (timer) return
    timer = setTimeout(() => {
      timer = null
      saveQueries(client, storage)
    }, SAVE_THROTTLE_MS)
  })
  // The window closing (a closed desktop window, a closed tab) saves what the throttle still held.
  const flush = () => {
    if (!timer) return
    clearTimeout(timer)
    timer = null
    saveQueries(client, storage)
  }
  if (typeof window !== 'undefined') window.addEventListener('pagehide', flush)
  return () => {
    unsubscribe()
    if (typeof window !== 'undefined') window.removeEventListener('pagehide', flush)
    if (timer) clearTimeout(timer)
  }
}

/** Drops the persisted cache (user change, reset). */
export function clearPersistedQueries(): void {
  try {
    localStorage.removeItem(QUERY_CACHE_KEY)
  } catch {
    // Storage disabled: nothing persisted.
  }
}
