/**
 * The enabled AI shortcuts (Settings → AI) as entry actions in the toolbar's "more" menu (issue 10):
 * choosing one opens the chat panel and sends the shortcut's prompt about this entry.
 */
import { DropdownItem } from '../../components/Menu.tsx'
import type { Entry } from '../../store/index.ts'
import { useAiChatStore } from './aiChatStore.ts'
import { MessageIcon } from './aiIcons.tsx'
import { entryPrompt } from './entryPrompt.ts'
import { useAiSettings } from './useAiSettings.ts'

export function AiShortcutMenuItems({ entry }: { entry: Entry }) {
  const ai = useAiSettings()
  const shortcuts = ai.shortcuts.filter((s) => s.enabled)
  return (
    <>
      {shortcuts.map((s, i) => (
        <DropdownItem key={`${i}-${s.name}`} icon={<MessageIcon size={15} />} onSelect={() => useAiChatStore.getState().ask(entryPrompt(entry, s.prompt), true)}>
          <span data-testid="entry-ai-shortcut">{s.name}</span>
        </DropdownItem>
      ))}
    </>
  )
}
