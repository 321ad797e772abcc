/** A Zustand store of entities by id, with merge-upsert, remove and reset: feeds, lists, inboxes. */
import { create } from 'zustand'

export interface EntityState<T extends { id: string }> {
  byId: Record<string, T>
  /** Merges each entity into the one stored under its id. */
  upsert: (items: T[]) => void
  remove: (ids: string[]) => void
  reset: () => void
}

export function createEntityStore<T extends { id: string }>() {
  return create<EntityState<T>>((set) => ({
    byId: {},
    upsert: (items) => {
      if (items.length === 0) return
      set((s) => {
        const byId = { ...s.byId }
        for (const item of items) byId[item.id] = { ...byId[item.id], ...item }
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
}
