/** Whether the AI chat panel is open, which session it shows, and where the floating panel sits. */
import { create } from 'zustand'
import { featureOn } from '../featureFlags/featureFlags.ts'

type AiChatState = {
  open: boolean
  /** null: a new chat (its id is made when the first message is sent) */
  chatId: string | null
  /** A prompt for the panel when it opens: put in the input ("ask about this entry") or sent at once. */
  draft: { text: string; send: boolean } | null
  /** Floating panel position: offsets from the bottom-right corner, px. */
  offset: { right: number; bottom: number }
  toggle(): void
  setOpen(open: boolean): void
  openChat(chatId: string | null): void
  ask(text: string, send?: boolean): void
  takeDraft(): { text: string; send: boolean } | null
  setOffset(offset: { right: number; bottom: number }): void
}

export const useAiChatStore = create<AiChatState>((set, get) => ({
  open: false,
  chatId: null,
  draft: null,
  offset: { right: 24, bottom: 24 },
  // The admin's ai_chat flag off for me: the panel does not open.
  toggle: () => set((s) => ({ open: !s.open && featureOn('ai_chat') })),
  setOpen: (open) => set({ open: open && featureOn('ai_chat') }),
  openChat: (chatId) => set(featureOn('ai_chat') ? { chatId, open: true } : {}),
  ask: (text, send = false) => set(featureOn('ai_chat') ? { open: true, chatId: null, draft: { text, send } } : {}),
  takeDraft: () => {
    const draft = get().draft
    if (draft !== null) set({ draft: null })
    return draft
  },
  setOffset: (offset) => set({ offset }),
}))
