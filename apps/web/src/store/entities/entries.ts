/** Entries by id plus the ordered entry ids of each timeline (SPEC §3 entries). */
import { create } from 'zustand'
import type { Entry } from '../types.ts'

/** The loading state of one timeline, keyed by `timelineKey`. */
export interface TimelineState {
  /** Entry ids, newest first. */
  ids: string[]
  /** Where `ids` came from last: the local database (instant, maybe stale) or the server. */
  source: 'local' | 'server'
  status: 'loading' | 'success' | 'error'
  isFetching: boolean
  isFetchingNextPage: boolean
  hasNextPage: boolean
  error: unknown
  /** When the server last answered for this timeline (ms). */
  fetchedAt: number | null
}

export const emptyTimeline: TimelineState = {
  ids: [],
  source: 'local',
  status: 'loading',
  isFetching: false,
  isFetchingNextPage: false,
  hasNextPage: false,
  error: null,
  fetchedAt: null,
}

interface EntryState {
  byId: Record<string, Entry>
  timelines: Record<string, TimelineState>
  upsert: (entries: Entry[]) => void
  /** Applies a partial change to known entries. */
  patch: (ids: string[], patch: Partial<Entry>) => void
  remove: (ids: string[]) => void
  setTimeline: (key: string, patch: Partial<TimelineState>) => void
  reset: () => void
}

export const useEntryStore = create<EntryState>((set) => ({
  byId: {},
  timelines: {},
  upsert: (entries) => {
    if (entries.length === 0) return
    set((s) => {
      const byId = { ...s.byId }
      for (const entry of entries) {
        const prev = byId[entry.id]
        // A list row without a body never erases a body already loaded.
        byId[entry.id] = prev
          ? { ...prev, ...entry, content: entry.content ?? prev.content, readabilityContent: entry.readabilityContent ?? prev.readabilityContent }
          : entry
      }
      return { byId }
    })
  },
  patch: (ids, patch) =>
    set((s) => {
      let byId: Record<string, Entry> | null = null
      for (const id of ids) {
        const prev = s.byId[id]
        if (!prev) continue
        byId ??= { ...s.byId }
        byId[id] = { ...prev, ...patch }
      }
      return byId ? { byId } : s
    }),
  remove: (ids) =>
    set((s) => {
      const byId = { ...s.byId }
      for (const id of ids) delete byId[id]
      const gone = new Set(ids)
      const timelines: Record<string, TimelineState> = {}
      for (const [key, t] of Object.entries(s.timelines)) timelines[key] = { ...t, ids: t.ids.filter((id) => !gone.has(id)) }
      return { byId, timelines }
    }),
  setTimeline: (key, patch) => set((s) => ({ timelines: { ...s.timelines, [key]: { ...(s.timelines[key] ?? emptyTimeline), ...patch } } })),
  reset: () => set({ byId: {}, timelines: {} }),
}))
