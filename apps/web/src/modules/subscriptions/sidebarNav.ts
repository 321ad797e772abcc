/** The sidebar's navigable rows, published for the keyboard (next/previous subscription, folder toggle). */
import { create } from 'zustand'

export interface SidebarTarget {
  /** Row key: `folder:{name}` or a subscription id. */
  key: string
  path: string
  folder?: { view: number; name: string; open: boolean }
}

interface SidebarNavState {
  targets: SidebarTarget[]
  setTargets: (targets: SidebarTarget[]) => void
}

export const useSidebarNavStore = create<SidebarNavState>((set) => ({ targets: [], setTargets: (targets) => set({ targets }) }))
