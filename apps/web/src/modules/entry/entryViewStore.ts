/** Per-entry reader toggles (readability, source view) and the image gallery. */
import { create } from 'zustand'
import { ANALYTICS_EVENTS } from '@brook/shared'
import { analytics } from '../analytics/analytics.ts'

export interface GalleryState {
  images: string[]
  index: number
}

interface EntryViewState {
  readability: Record<string, boolean>
  source: Record<string, boolean>
  gallery: GalleryState | null
  toggleReadability: (id: string) => void
  toggleSource: (id: string) => void
  openGallery: (images: string[], index?: number) => void
  closeGallery: () => void
  setGalleryIndex: (index: number) => void
}

export const useEntryViewStore = create<EntryViewState>((set) => ({
  readability: {},
  source: {},
  gallery: null,
  toggleReadability: (id) => set((s) => ({ readability: { ...s.readability, [id]: !s.readability[id] }, source: { ...s.source, [id]: false } })),
  toggleSource: (id) => set((s) => ({ source: { ...s.source, [id]: !s.source[id] } })),
  openGallery: (images, index = 0) => {
    if (images.length === 0) return
    analytics.track(ANALYTICS_EVENTS.imageGalleryClick)
    set({ gallery: { images, index: Math.min(Math.max(0, index), images.length - 1) } })
  },
  closeGallery: () => set({ gallery: null }),
  setGalleryIndex: (index) => set((s) => (s.gallery ? { gallery: { ...s.gallery, index: (index + s.gallery.images.length) % s.gallery.images.length } } : s)),
}))
