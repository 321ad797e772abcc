/** The synced settings tabs of SPEC §3 (general, ui, ai) with each tab's updated time. */
import { create } from 'zustand'
import type { SettingsTab } from '../types.ts'

export type SettingsPayload = Record<string, unknown>

interface SettingsState {
  tabs: Record<SettingsTab, SettingsPayload>
  /** ISO time of each tab's last change, local or pulled. */
  updated: Record<SettingsTab, string | null>
  /** Merges a patch into a tab and stamps it. */
  merge: (tab: SettingsTab, patch: SettingsPayload, updatedAt: string) => void
  /** Replaces a tab (a pull whose server time is newer). */
  replace: (tab: SettingsTab, payload: SettingsPayload, updatedAt: string | null) => void
  reset: () => void
}

const empty = (): Pick<SettingsState, 'tabs' | 'updated'> => ({
  tabs: { general: {}, ui: {}, ai: {} },
  updated: { general: null, ui: null, ai: null },
})

export const useSettingsStore = create<SettingsState>((set) => ({
  ...empty(),
  merge: (tab, patch, updatedAt) =>
    set((s) => ({ tabs: { ...s.tabs, [tab]: { ...s.tabs[tab], ...patch } }, updated: { ...s.updated, [tab]: updatedAt } })),
  replace: (tab, payload, updatedAt) => set((s) => ({ tabs: { ...s.tabs, [tab]: { ...payload } }, updated: { ...s.updated, [tab]: updatedAt } })),
  reset: () => set(empty()),
}))
