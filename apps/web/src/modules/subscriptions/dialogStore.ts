/** Which sidebar dialog is open; context menus and commands open them, SubscriptionDialogs draws them. */
import type { FeedViewType } from '@brook/shared'
import { create } from 'zustand'

export type SidebarDialog =
  | { kind: 'edit'; subscriptionId: string }
  | { kind: 'rename-category'; view: FeedViewType; name: string }
  | { kind: 'delete-category'; view: FeedViewType; name: string }
  | { kind: 'new-category'; view: FeedViewType; subscriptionIds: string[] }
  | { kind: 'unfollow'; subscriptionId: string }

interface DialogState {
  dialog: SidebarDialog | null
  open: (dialog: SidebarDialog) => void
  close: () => void
}

export const useSidebarDialogStore = create<DialogState>((set) => ({
  dialog: null,
  open: (dialog) => set({ dialog }),
  close: () => set({ dialog: null }),
}))

export const openSidebarDialog = (dialog: SidebarDialog) => useSidebarDialogStore.getState().open(dialog)
