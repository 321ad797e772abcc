/** The AI actions of SPEC §2: toggle AI summary / translation and text-to-speech (entry), toggle AI chat (global). */
import { currentEntry } from '../entry/currentEntry.ts'
import type { Command } from '../shortcuts/registry.ts'
import { useAiViewStore } from './aiViewStore.ts'

const hasEntry = () => currentEntry() !== null
const withEntry = (fn: (id: string) => void) => () => {
  const entry = currentEntry()
  if (entry) fn(entry.id)
}

export const aiEntryCommands: Command[] = [
  { id: 'entry:toggle-ai-summary', group: 'entry', labelKey: 'entry.toggle-ai-summary', defaultHotkey: 'a', enabled: hasEntry, run: withEntry((id) => useAiViewStore.getState().toggleSummary(id)) },
  { id: 'entry:toggle-ai-translation', group: 'entry', labelKey: 'entry.toggle-ai-translation', defaultHotkey: 'Shift+l', enabled: hasEntry, run: withEntry((id) => useAiViewStore.getState().toggleTranslation(id)) },
]
