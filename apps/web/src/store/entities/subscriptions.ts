/** Subscriptions by id (`feed/…`, `list/…`, `inbox/…`; SPEC §3 subscriptions). */
import { create } from 'zustand'
import type { Subscription } from '../types.ts'

interface SubscriptionState {
  byId: Record<string, Subscription>
  /** True once the first full list (local or server) is in. */
  loaded: boolean
  upsert: (subscriptions: Subscription[]) => void
  /** Replaces every subscription (a full server answer). */
  replaceAll: (subscriptions: Subscription[]) => void
  remove: (ids: string[]) => void
  reset: () => void
}

function index(subscriptions: Subscription[]): Record<string, Subscription> {
  const byId: Record<string, Subscription> = {}
  for (const s of subscriptions) byId[s.id] = s
  return byId
}

export const useSubscriptionStore = create<SubscriptionState>((set) => ({
  byId: {},
  loaded: false,
  upsert: (subscriptions) => {
    if (subscriptions.length === 0) return
    set((s) => {
      const byId = { ...s.byId }
      for (const sub of subscriptions) byId[sub.id] = { ...byId[sub.id], ...sub }
      return { byId }
    })
  },
  replaceAll: (subscriptions) => set({ byId: index(subscriptions), loaded: true }),
  remove: (ids) =>
    set((s) => {
      const byId = { ...s.byId }
      for (const id of ids) delete byId[id]
      return { byId }
    }),
  reset: () => set({ byId: {}, loaded: false }),
}))
