/** Start-up hydration (SPEC §4, issue 5): the stores load from the local database before any network call. */
import { localDb } from '../db/index.ts'
import { readLocal, StorageKeys } from '../lib/storage.ts'
import { parseTimelineRows, viewTimelineStatement } from '../db/repositories/entries.ts'
import { countOutboxStatement, outboxCountOf } from '../db/repositories/outbox.ts'
import { readSources } from '../db/repositories/sources.ts'
import { useCollectionStore } from '../store/entities/collections.ts'
import { useEntryStore } from '../store/entities/entries.ts'
import { useFeedStore } from '../store/entities/feeds.ts'
import { useInboxStore } from '../store/entities/inboxes.ts'
import { useListStore } from '../store/entities/lists.ts'
import { useSettingsStore } from '../store/entities/settings.ts'
import { useSubscriptionStore } from '../store/entities/subscriptions.ts'
import { useUnreadStore } from '../store/entities/unread.ts'
import { useUserStore } from '../store/entities/users.ts'
import { timelineKey } from '../store/timeline.ts'
import type { Timeline } from '../store/types.ts'
import { applyStoredSettings, SETTINGS_KV_KEY } from './settingsQueue.ts'
import { TIMELINE_PAGE_SIZE } from './paging.ts'
import { serverWrites } from './writers.ts'

let isDone = false
let outboxAtStart = 0
let resolveHydrated: () => void = () => undefined
let hydratedPromise = arm()

function arm(): Promise<void> {
  isDone = false
  return new Promise<void>((resolve) => {
    resolveHydrated = () => {
      isDone = true
      resolve()
    }
  })
}

/** Resolves once the stores hold what the local database had at start. */
export function hydrated(): Promise<void> {
  return hydratedPromise
}

let firstVisit: boolean | null = null

/**
 * Nobody has signed in from this browser before (no remembered user id when the app started),
 * so the local database has nothing to show first: the start asks the server while it opens.
 */
export function isFirstVisit(): boolean {
  firstVisit ??= !readLocal(StorageKeys.userId)
  return firstVisit
}

/** True once `hydrated()` has resolved. */
export function isHydrated(): boolean {
  return isDone
}

/**
 * Rows the outbox held when the stores were hydrated: writes that requests sent before the local
 * database opened (the early timeline page and pull) could not have seen. Nothing sends them
 * before hydration, so this count is exact.
 */
export function outboxPendingAtHydration(): number {
  return outboxAtStart
}

/** Marks hydration done without data (the local database could not be opened at all). */
export function markHydrated(): void {
  resolveHydrated()
}

/** The view whose "all" timeline the starting route shows, or null when it shows something else. */
export function startingView(pathname: string): number | null {
  if (pathname === '/' || pathname === '') return 0
  const match = /^\/timeline\/view-([0-5])\/all(\/|$)/.exec(pathname)
  return match ? Number(match[1]) : null
}

/**
 * Loads every store except entries from the local database, in one round trip and one render;
 * the same round trip reads the first page of the timeline the starting route shows (both the
 * all and the unread-only variant), so the first screen does not wait for another query.
 */
export async function hydrateStores(): Promise<void> {
  const view = typeof location === 'undefined' ? null : startingView(location.pathname)
  const extra = [countOutboxStatement(), ...(view === null ? [] : [viewTimelineStatement(view, false, TIMELINE_PAGE_SIZE), viewTimelineStatement(view, true, TIMELINE_PAGE_SIZE)])]
  // Strict: a failed read must not hydrate the stores with nothing (startLocalFirst reports it).
  const before = { ...serverWrites }
  // Reads do not wait for queued writes; this one must: a server answer that came before the
  // database was open (an import on a slow first start) is queued, and its rows must be read.
  await localDb.settled()
  const sources = await readSources({ run: (s) => localDb.readOrThrow(s) }, [SETTINGS_KV_KEY], extra)
  const [outboxCount, ...timelinePages] = sources.extra
  outboxAtStart = outboxCountOf(outboxCount)
  // All sets in one synchronous block: React renders the hydrated app once.
  useFeedStore.getState().upsert(sources.feeds)
  useListStore.getState().upsert(sources.lists)
  useInboxStore.getState().upsert(sources.inboxes)
  useUserStore.getState().upsert(sources.users)
  // A server answer that came while the local rows were read is newer than they are.
  if (serverWrites.unread === before.unread) useUnreadStore.getState().replaceAll(sources.unread)
  useCollectionStore.getState().upsert(sources.collections)
  applyStoredSettings(sources.kv[SETTINGS_KV_KEY] as Parameters<typeof applyStoredSettings>[0])
  if (serverWrites.subscriptions === before.subscriptions) useSubscriptionStore.getState().replaceAll(sources.subscriptions)
  // The statement keeps private subscriptions: its page is only right when they are not hidden.
  if (view !== null && useSettingsStore.getState().tabs.general.hidePrivateSubscriptionsInTimeline !== true) {
    const entries = useEntryStore.getState()
    let seeded = false
    timelinePages.forEach((result, i) => {
      const page = parseTimelineRows(result)
      if (page.length === 0) return
      const key = timelineKey({ view: view as Timeline['view'], unreadOnly: i === 1 })
      // The server's page came first (a first visit asks before the database opens): it stays.
      if (entries.timelines[key]?.source === 'server') return
      seeded = true
      entries.upsert(page.filter((e) => !entries.byId[e.id]))
      entries.setTimeline(key, {
        ids: page.map((e) => e.id),
        source: 'local',
        status: 'success',
        hasNextPage: page.length >= TIMELINE_PAGE_SIZE,
      })
    })
    if (seeded) performance.mark?.('brook:timeline-local')
  }
  resolveHydrated()
}

/** Empties every store (user change, reset) and re-arms hydration. */
export function resetStores(): void {
  useFeedStore.getState().reset()
  useListStore.getState().reset()
  useInboxStore.getState().reset()
  useUserStore.getState().reset()
  useUnreadStore.getState().reset()
  useCollectionStore.getState().reset()
  useSubscriptionStore.getState().reset()
  useEntryStore.getState().reset()
  useSettingsStore.getState().reset()
  hydratedPromise = arm()
}
