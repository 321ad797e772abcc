/** Whether the shortcuts guide overlay is open. */
import { create } from 'zustand'

interface GuideState {
  open: boolean
  setOpen: (open: boolean) => void
  toggle: () => void
}

export const useShortcutsGuideStore = create<GuideState>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
  toggle: () => set((s) => ({ open: !s.open })),
}))
