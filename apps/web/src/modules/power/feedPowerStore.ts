/** Which feed dialog of POWER is open: boost a feed, or claim it (prove it is yours). */
import { create } from 'zustand'

export type FeedPowerDialog = { kind: 'boost' | 'claim'; feedId: string; name: string }

export const useFeedPowerStore = create<{ dialog: FeedPowerDialog | null; open: (dialog: FeedPowerDialog) => void; close: () => void }>((set) => ({
  dialog: null,
  open: (dialog) => set({ dialog }),
  close: () => set({ dialog: null }),
}))
