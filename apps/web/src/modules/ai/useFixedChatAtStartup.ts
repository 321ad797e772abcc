/**
 * SPEC §2: "when fixed it opens automatically at startup". The first time this app run sees the ai
 * setting panelStyle as 'fixed' (the local settings at start, or the synced ones a moment later),
 * the chat panel opens — once: closing it afterwards keeps it closed until the next start. Only on a
 * wide window, where the fixed panel is a column beside the entry; on a phone it would cover the
 * timeline, so there it waits for Mod+/ like the floating one.
 */
import { useEffect, useRef } from 'react'
import { useAiChatStore } from './aiChatStore.ts'

export function useFixedChatAtStartup(docked: boolean) {
  const opened = useRef(false)
  useEffect(() => {
    if (opened.current || !docked) return
    opened.current = true
    useAiChatStore.getState().setOpen(true)
  }, [docked])
}
