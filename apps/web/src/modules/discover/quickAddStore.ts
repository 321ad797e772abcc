/** Whether the quick-add dialog is open, and what it was opened with. */
import { create } from 'zustand'
import { ANALYTICS_EVENTS } from '@brook/shared'
import { analytics } from '../analytics/analytics.ts'

interface QuickAddState {
  open: boolean
  initial: string
  show: (initial?: string) => void
  hide: () => void
}

export const useQuickAddStore = create<QuickAddState>((set) => ({
  open: false,
  initial: '',
  show: (initial = '') => {
    analytics.track(ANALYTICS_EVENTS.quickAddFeed)
    set({ open: true, initial })
  },
  hide: () => set({ open: false, initial: '' }),
}))

/** Opens quick add (Cmd/Ctrl+N, the sidebar's + button). */
export const openQuickAdd = (initial?: string) => useQuickAddStore.getState().show(initial)
