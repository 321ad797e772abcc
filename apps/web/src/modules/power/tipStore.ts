/** Which tip dialog is open: an entry's (its feed's owner receives) or a feed's. */
import { create } from 'zustand'
import { ANALYTICS_EVENTS } from '@brook/shared'
import { analytics } from '../analytics/analytics.ts'

export type TipTarget = { entryId?: string; feedId?: string; name: string }

export const useTipStore = create<{ target: TipTarget | null; open: (target: TipTarget) => void; close: () => void }>((set) => ({
  target: null,
  open: (target) => {
    analytics.track(ANALYTICS_EVENTS.tipModalOpened)
    set({ target })
  },
  close: () => set({ target: null }),
}))
