/**
 * Per-entry AI toggles of the reader: the summary block and the translation. An entry not
 * toggled follows the general settings `summary` / `translation` (kept here by the reader).
 */
import { create } from 'zustand'

interface AiViewState {
  summary: Record<string, boolean>
  translation: Record<string, boolean>
  defaults: { summary: boolean; translation: boolean }
  setDefaults: (defaults: { summary: boolean; translation: boolean }) => void
  toggleSummary: (id: string) => void
  toggleTranslation: (id: string) => void
}

export const useAiViewStore = create<AiViewState>((set) => ({
  summary: {},
  translation: {},
  defaults: { summary: false, translation: false },
  setDefaults: (defaults) => set((s) => (s.defaults.summary === defaults.summary && s.defaults.translation === defaults.translation ? s : { defaults })),
  toggleSummary: (id) => set((s) => ({ summary: { ...s.summary, [id]: !(s.summary[id] ?? s.defaults.summary) } })),
  toggleTranslation: (id) => set((s) => ({ translation: { ...s.translation, [id]: !(s.translation[id] ?? s.defaults.translation) } })),
}))

/** Whether the entry's summary block / translation is on. */
export const useSummaryOn = (id: string) => useAiViewStore((s) => s.summary[id] ?? s.defaults.summary)
export const useTranslationOn = (id: string) => useAiViewStore((s) => s.translation[id] ?? s.defaults.translation)
