/** Inboxes by handle (SPEC §3 inboxes). */
import { create } from 'zustand'
import type { Inbox } from '../types.ts'

interface InboxState {
  byId: Record<string, Inbox>
  upsert: (inboxes: Inbox[]) => void
  remove: (ids: string[]) => void
  reset: () => void
}

export const useInboxStore = create<InboxState>((set) => ({
  byId: {},
  upsert: (inboxes) => {
    if (inboxes.length === 0) return
    set((s) => {
      const byId = { ...s.byId }
      for (const inbox of inboxes) byId[inbox.id] = { ...byId[inbox.id], ...inbox }
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
