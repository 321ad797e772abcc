/**
 * Local layout state (not synced): the subscription column, folder open/closed state per view,
 * the Pictures/Videos grid style and the last unread-only choice when none is synced yet.
 * Kept in localStorage under `brook:layout`.
 */
import { create } from 'zustand'
import { ANALYTICS_EVENTS } from '@brook/shared'
import { analytics } from '../analytics/analytics.ts'
import { createJSONStorage, persist } from 'zustand/middleware'
import { storageKey } from '../../lib/storage.ts'

export type GridStyle = 'grid' | 'masonry'

interface LayoutState {
  subscriptionColumn: boolean
  /** `${view}:${category}` → open. Folders are closed unless opened. */
  openFolders: Record<string, boolean>
  gridStyle: GridStyle
  /** Mobile: the subscription drawer is open. */
  mobileDrawer: boolean
  toggleSubscriptionColumn: () => void
  setFolderOpen: (view: number, name: string, open: boolean) => void
  /** SPEC §4: renaming a category moves its open/closed state. */
  renameFolder: (view: number, from: string, to: string) => void
  setGridStyle: (style: GridStyle) => void
  setMobileDrawer: (open: boolean) => void
}

export const folderKey = (view: number, name: string) => `${view}:${name}`

export const useLayoutStore = create<LayoutState>()(
  persist(
    (set) => ({
      subscriptionColumn: true,
      openFolders: {},
      gridStyle: 'grid',
      mobileDrawer: false,
      toggleSubscriptionColumn: () => set((s) => ({ subscriptionColumn: !s.subscriptionColumn })),
      setFolderOpen: (view, name, open) => set((s) => ({ openFolders: { ...s.openFolders, [folderKey(view, name)]: open } })),
      renameFolder: (view, from, to) =>
        set((s) => {
          const openFolders = { ...s.openFolders }
          const was = openFolders[folderKey(view, from)]
          delete openFolders[folderKey(view, from)]
          if (was !== undefined) openFolders[folderKey(view, to)] = was
          return { openFolders }
        }),
      setGridStyle: (gridStyle) => {
        if (gridStyle === 'masonry') analytics.track(ANALYTICS_EVENTS.switchToMasonry)
        set({ gridStyle })
      },
      setMobileDrawer: (mobileDrawer) => set({ mobileDrawer }),
    }),
    {
      name: storageKey('layout'),
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ subscriptionColumn: s.subscriptionColumn, openFolders: s.openFolders, gridStyle: s.gridStyle }),
    },
  ),
)
