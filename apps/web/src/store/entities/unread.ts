/** Unread counts: a map of feed/list/inbox id to number (SPEC §3 unread). */
import { create } from 'zustand'

interface UnreadState {
  counts: Record<string, number>
  /** Replaces the whole map (a full server answer). */
  replaceAll: (counts: Record<string, number>) => void
  set: (counts: Record<string, number>) => void
  /** Adds a delta per source, never going below 0. */
  add: (deltas: Record<string, number>) => void
  reset: () => void
}

export const useUnreadStore = create<UnreadState>((set) => ({
  counts: {},
  replaceAll: (counts) => set({ counts: { ...counts } }),
  set: (counts) => set((s) => ({ counts: { ...s.counts, ...counts } })),
  add: (deltas) =>
    set((s) => {
      const counts = { ...s.counts }
      for (const [id, delta] of Object.entries(deltas)) counts[id] = Math.max(0, (counts[id] ?? 0) + delta)
      return { counts }
    }),
  reset: () => set({ counts: {} }),
}))
