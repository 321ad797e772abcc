/**
 * `window.__brook`: a small console and test handle on the local-first layer (browser tests drive
 * the offline scenarios through it; support can inspect a user's local state with it). It only
 * exposes what the page's own code can already reach. It sits above the store contract and sync
 * (it hands out both), so the app installs it (app/Providers.tsx), not the sync lifecycle.
 */
import { localDb } from '../db/index.ts'
import { countOutbox, readOutbox } from '../db/repositories/outbox.ts'
import * as store from '../store/index.ts'
import { useCollectionStore } from '../store/entities/collections.ts'
import { useEntryStore } from '../store/entities/entries.ts'
import { useLocalDbStore } from '../store/entities/localDb.ts'
import { useSubscriptionStore } from '../store/entities/subscriptions.ts'
import { useUnreadStore } from '../store/entities/unread.ts'
import { timelineKey } from '../store/timeline.ts'
import type { Timeline } from '../store/types.ts'
import { flushOutbox } from '../sync/outbox.ts'
import { refreshAll } from '../sync/pull.ts'
import { ensureEntryContent, loadTimeline, reloadActiveTimelines } from '../sync/timelines.ts'
import { parseEntriesPage, writeEntriesPage } from '../sync/writers.ts'

const reader = { run: (s: Parameters<typeof localDb.read>[0]) => localDb.read(s) }

export function installDebugHandle(): void {
  if (typeof window === 'undefined') return
  ;(window as unknown as { __brook: unknown }).__brook = {
    actions: store,
    localDb: {
      all: (sql: string, params: (string | number | null)[] = []) => localDb.all(sql, params),
      write: (sql: string, params: (string | number | null)[] = []) => localDb.write([{ sql, params }]),
      batch: (statements: { sql: string; params?: (string | number | null)[] }[]) => localDb.write(statements),
    },
    /** Writes an API entries answer as the timeline loader does (local database + stores). */
    writeEntriesPage: (data: unknown) => writeEntriesPage(parseEntriesPage(data)),
    /** The same, timed in parts: parse, stores, local database (ms). */
    writeEntriesPageTimed: async (data: unknown) => {
      const t0 = performance.now()
      const page = parseEntriesPage(data)
      const parse = performance.now() - t0
      const timings = { stores: 0, db: 0 }
      await writeEntriesPage(page, timings)
      return { parse, ...timings, total: performance.now() - t0 }
    },
    status: () => {
      const s = useLocalDbStore.getState()
      return { status: s.status, storage: s.storage, pendingWrites: s.pendingWrites, rebuilt: s.rebuilt, error: s.error }
    },
    /** Loads a timeline (local first, then the server when online) and returns its entry ids. */
    timeline: async (t: Timeline, force = false) => {
      await loadTimeline(t, { force })
      return useEntryStore.getState().timelines[timelineKey(t)]?.ids ?? []
    },
    /** A timeline's loading state as the store holds it (no loading). */
    timelineState: (t: Timeline) => {
      const { ids, source, status, isFetching, hasNextPage, error, fetchedAt } = useEntryStore.getState().timelines[timelineKey(t)] ?? {}
      return { count: ids?.length ?? 0, source, status, isFetching, hasNextPage, error: error ? String(error) : null, fetchedAt }
    },
    entry: async (id: string) => {
      await ensureEntryContent(id)
      return useEntryStore.getState().byId[id] ?? null
    },
    entries: (ids: string[]) => ids.map((id) => useEntryStore.getState().byId[id] ?? null),
    subscriptions: () => Object.values(useSubscriptionStore.getState().byId),
    unread: () => useUnreadStore.getState().counts,
    starred: () => Object.keys(useCollectionStore.getState().byEntryId),
    outbox: () => readOutbox(reader),
    outboxSize: () => countOutbox(reader),
    flush: () => flushOutbox(),
    refresh: async () => {
      await refreshAll()
      reloadActiveTimelines()
    },
  }
}
