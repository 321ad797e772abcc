/** Small UI state shared across screens: the last view the user looked at. */
import { FeedViewType } from '@brook/shared'
import { create } from 'zustand'

interface UiState {
  view: FeedViewType
  setView: (view: FeedViewType) => void
}

export const useUiStore = create<UiState>((set) => ({
  view: FeedViewType.Articles,
  setView: (view) => set((s) => (s.view === view ? s : { view })),
}))
