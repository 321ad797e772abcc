/** Starred entries by entry id (SPEC §3 collections). */
import { create } from 'zustand'
import type { Collection } from '../types.ts'

interface CollectionState {
  byEntryId: Record<string, Collection>
  upsert: (collections: Collection[]) => void
  remove: (entryIds: string[]) => void
  reset: () => void
}

export const useCollectionStore = create<CollectionState>((set) => ({
  byEntryId: {},
  upsert: (collections) => {
    if (collections.length === 0) return
    set((s) => {
      const byEntryId = { ...s.byEntryId }
      for (const c of collections) byEntryId[c.entryId] = c
      return { byEntryId }
    })
  },
  remove: (entryIds) =>
    set((s) => {
      const byEntryId = { ...s.byEntryId }
      for (const id of entryIds) delete byEntryId[id]
      return { byEntryId }
    }),
  reset: () => set({ byEntryId: {} }),
}))
