/**
 * The reading hooks of the store contract (re-exported by store/index.ts). They sit above sync/:
 * a hook may ask the sync layer to load what is on screen (a timeline page, an entry body, a
 * profile); the stores below never start sync (docs/offline-first.md "Layers").
 */
import type { FeedViewType } from '@brook/shared'
import { useEffect, useMemo } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { requestProfiles } from '../sync/profiles.ts'
import { ensureEntryContent, fetchNextTimelinePage, loadTimeline, watchTimeline } from '../sync/timelines.ts'
import { useCollectionStore } from './entities/collections.ts'
import { emptyTimeline, useEntryStore, type TimelineState } from './entities/entries.ts'
import { useFeedStore } from './entities/feeds.ts'
import { useInboxStore } from './entities/inboxes.ts'
import { useListStore } from './entities/lists.ts'
import { useLocalDbStore } from './entities/localDb.ts'
import { useSettingsStore } from './entities/settings.ts'
import { useSubscriptionStore } from './entities/subscriptions.ts'
import { useUnreadStore } from './entities/unread.ts'
import { useUserStore } from './entities/users.ts'
import { timelineKey } from './timeline.ts'
import type { Collection, Entry, Feed, Inbox, List, SettingsTab, Subscription, Timeline, User } from './types.ts'

/** A timeline as the UI reads it: entry ids newest first plus paging controls. */
export interface EntriesResult extends TimelineState {
  /** Loads the next page (server cursor when online, the local database when offline). */
  fetchNextPage: () => Promise<void>
  /** Asks the server for the first page again. */
  refetch: () => Promise<void>
}

/**
 * The entries of a timeline. The first render shows what the local database holds (instant,
 * also offline); the server's first page replaces it as soon as it arrives.
 */
export function useEntries(timeline: Timeline): EntriesResult {
  const key = timelineKey(timeline)
  const state = useEntryStore((s) => s.timelines[key] ?? emptyTimeline)
  const stable = useMemo(() => timeline, [key]) // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    void loadTimeline(stable)
    return watchTimeline(stable)
  }, [stable])
  return useMemo(
    () => ({ ...state, fetchNextPage: () => fetchNextTimelinePage(stable), refetch: () => loadTimeline(stable, { force: true }) }),
    [state, stable],
  )
}

/** One entry; loads its body from the local database, then from the server, when missing. */
export function useEntry(id: string | null | undefined): Entry | undefined {
  const entry = useEntryStore((s) => (id ? s.byId[id] : undefined))
  const needsBody = !!id && (!entry || entry.content == null)
  useEffect(() => {
    if (id && needsBody) void ensureEntryContent(id)
  }, [id, needsBody])
  return entry
}

/** True when the entry is starred. */
export function useIsStarred(entryId: string | null | undefined): boolean {
  return useCollectionStore((s) => (entryId ? entryId in s.byEntryId : false))
}

/** Starred entries, optionally of one view. */
export function useCollections(view?: FeedViewType): Collection[] {
  return useCollectionStore(useShallow((s) => Object.values(s.byEntryId).filter((c) => view === undefined || c.view === view)))
}

/** Subscriptions, optionally of one view. */
export function useSubscriptions(view?: FeedViewType): Subscription[] {
  return useSubscriptionStore(useShallow((s) => Object.values(s.byId).filter((sub) => view === undefined || sub.view === view)))
}

/** One subscription by id (`feed/…`, `list/…`, `inbox/…`). */
export function useSubscription(id: string | null | undefined): Subscription | undefined {
  return useSubscriptionStore((s) => (id ? s.byId[id] : undefined))
}

/** True once subscriptions were loaded (from the local database or the server). */
export function useSubscriptionsLoaded(): boolean {
  return useSubscriptionStore((s) => s.loaded)
}

/** The categories of a view, sorted, each with its subscription ids. */
export function useCategories(view: FeedViewType): { name: string; subscriptionIds: string[] }[] {
  const subs = useSubscriptions(view)
  return useMemo(() => {
    const byName = new Map<string, string[]>()
    for (const sub of subs) {
      if (!sub.category) continue
      const ids = byName.get(sub.category) ?? []
      ids.push(sub.id)
      byName.set(sub.category, ids)
    }
    return [...byName].sort(([a], [b]) => a.localeCompare(b)).map(([name, subscriptionIds]) => ({ name, subscriptionIds }))
  }, [subs])
}

export function useFeed(id: string | null | undefined): Feed | undefined {
  return useFeedStore((s) => (id ? s.byId[id] : undefined))
}

export function useList(id: string | null | undefined): List | undefined {
  return useListStore((s) => (id ? s.byId[id] : undefined))
}

export function useLists(): List[] {
  return useListStore(useShallow((s) => Object.values(s.byId)))
}

export function useInbox(id: string | null | undefined): Inbox | undefined {
  return useInboxStore((s) => (id ? s.byId[id] : undefined))
}

export function useInboxes(): Inbox[] {
  return useInboxStore(useShallow((s) => Object.values(s.byId)))
}

/** A user's profile; one not known yet is fetched (batched with others asked within 100 ms). */
export function useUser(id: string | null | undefined): User | undefined {
  const user = useUserStore((s) => (id ? s.byId[id] : undefined))
  useEffect(() => {
    if (id && !user) requestProfiles([id])
  }, [id, user])
  return user
}

/** Unread counts: feed/list/inbox id → number. */
export function useUnreadCounts(): Record<string, number> {
  return useUnreadStore((s) => s.counts)
}

/** The unread count of one source (feed, list or inbox id). */
export function useUnreadCount(sourceId: string | null | undefined): number {
  return useUnreadStore((s) => (sourceId ? (s.counts[sourceId] ?? 0) : 0))
}

/** The source id a subscription's unread count is kept under. */
export function unreadSourceOf(sub: Pick<Subscription, 'feedId' | 'listId' | 'inboxId'>): string | null {
  return sub.feedId ?? sub.listId ?? sub.inboxId ?? null
}

/** Total unread per view (for the view tabs). */
export function useViewUnreadCounts(): Record<FeedViewType, number> {
  const counts = useUnreadCounts()
  const subs = useSubscriptionStore((s) => s.byId)
  return useMemo(() => {
    const totals: Record<number, number> = { 0: 0, 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }
    for (const sub of Object.values(subs)) {
      const source = unreadSourceOf(sub)
      if (source) totals[sub.view] = (totals[sub.view] ?? 0) + (counts[source] ?? 0)
    }
    return totals as Record<FeedViewType, number>
  }, [counts, subs])
}

/** One settings tab as stored locally (defaults are the UI's business). */
export function useSettings(tab: SettingsTab): Record<string, unknown> {
  return useSettingsStore((s) => s.tabs[tab])
}

/** The local database's state: status, storage kind (OPFS or memory) and pending writes. */
export function useLocalDatabase() {
  return useLocalDbStore(useShallow((s) => ({ status: s.status, storage: s.storage, pendingWrites: s.pendingWrites, error: s.error, rebuilt: s.rebuilt })))
}
