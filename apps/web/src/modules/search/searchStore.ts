/** Whether the search dialog (SPEC §2 "search", Mod+K) is open. */
import { create } from 'zustand'

interface SearchState {
  open: boolean
  show: () => void
  hide: () => void
}

export const useSearchStore = create<SearchState>((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}))

/** Opens the search dialog (Mod+K, the sidebar's search button). */
export const openSearch = () => useSearchStore.getState().show()
