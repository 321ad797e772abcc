/** Whether the search dialog (SPEC §2 "search", Mod+K) is open; opening it sends analytics event 2007 (search open). */
import { ANALYTICS_EVENTS } from '@brook/shared'
import { create } from 'zustand'
import { analytics } from '../analytics/analytics.ts'

interface SearchState {
  open: boolean
  show: () => void
  hide: () => void
}

export const useSearchStore = create<SearchState>((set, get) => ({
  open: false,
  show: () => {
    if (!get().open) analytics.track(ANALYTICS_EVENTS.searchOpen)
    set({ open: true })
  },
  hide: () => set({ open: false }),
}))

/** Opens the search dialog (Mod+K, the sidebar's search button). */
export const openSearch = () => useSearchStore.getState().show()
