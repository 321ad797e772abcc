/** Lists by id (SPEC §3 lists). */
import { create } from 'zustand'
import type { List } from '../types.ts'

interface ListState {
  byId: Record<string, List>
  upsert: (lists: List[]) => void
  remove: (ids: string[]) => void
  reset: () => void
}

export const useListStore = create<ListState>((set) => ({
  byId: {},
  upsert: (lists) => {
    if (lists.length === 0) return
    set((s) => {
      const byId = { ...s.byId }
      for (const list of lists) byId[list.id] = { ...byId[list.id], ...list }
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
