/** The AI actions of SPEC §2: toggle AI summary / translation and text-to-speech (entry), toggle AI chat (global). */
import { currentEntry } from '../entry/currentEntry.ts'
import type { Command } from '../shortcuts/registry.ts'
import { useAiViewStore } from './aiViewStore.ts'
import { useAiChatStore } from './aiChatStore.ts'
import { readAloud } from './readAloud.ts'
import { entryPrompt } from './entryPrompt.ts'
import { useSettingsStore } from '../../store/entities/settings.ts'
import { DEFAULT_GENERAL_SETTINGS } from '@brook/shared/settingsDefaults'

const hasEntry = () => currentEntry() !== null
const withEntry = (fn: (id: string) => void) => () => {
  const entry = currentEntry()
  if (entry) fn(entry.id)
}

export const aiEntryCommands: Command[] = [
  { id: 'entry:toggle-ai-summary', group: 'entry', labelKey: 'entry.toggle-ai-summary', defaultHotkey: 'a', enabled: hasEntry, run: withEntry((id) => useAiViewStore.getState().toggleSummary(id)) },
  {
    id: 'entry:tts',
    group: 'entry',
    labelKey: 'entry.tts',
    enabled: hasEntry,
    run: () => {
      const entry = currentEntry()
      const voice = (useSettingsStore.getState().tabs.general.voice as string | undefined) ?? DEFAULT_GENERAL_SETTINGS.voice
      if (entry) void readAloud(entry, voice)
    },
  },
  { id: 'entry:ask-ai', group: 'entry', labelKey: 'entry.ask-ai', flag: 'ai_chat', enabled: hasEntry, run: () => {
    const entry = currentEntry()
    if (entry) useAiChatStore.getState().ask(entryPrompt(entry))
  } },
  { id: 'entry:toggle-ai-translation', group: 'entry', labelKey: 'entry.toggle-ai-translation', defaultHotkey: 'Shift+l', enabled: hasEntry, run: withEntry((id) => useAiViewStore.getState().toggleTranslation(id)) },
]

export const aiGlobalCommands: Command[] = [
  {
    id: 'global:toggle-ai-chat',
    group: 'global',
    labelKey: 'global.toggle-ai-chat',
    defaultHotkey: 'Mod+/',
    regions: ['home', 'timeline', 'entry-render', 'subscription-list', 'sub-layer', 'video-player', 'ai-chat'],
    enableInForm: true,
    flag: 'ai_chat',
    run: () => useAiChatStore.getState().toggle(),
  },
]
