/** Feeds by id (SPEC §3 feeds). */
import { create } from 'zustand'
import type { Feed } from '../types.ts'

interface FeedState {
  byId: Record<string, Feed>
  upsert: (feeds: Feed[]) => void
  remove: (ids: string[]) => void
  reset: () => void
}

export const useFeedStore = create<FeedState>((set) => ({
  byId: {},
  upsert: (feeds) => {
    if (feeds.length === 0) return
    set((s) => {
      const byId = { ...s.byId }
      for (const feed of feeds) byId[feed.id] = { ...byId[feed.id], ...feed }
      return { byId }
    })
  },
  remove: (ids) =>
    set((s) => {
      const byId = { ...s.byId }
      for (const id of ids) delete byId[id]
      return { byId }
    }),
  reset: () => set({ byId: {} }),
}))
