/**
 * The AI chat panel (SPEC §2, issue 10): floating (500 × 600 near the bottom-right, dragged by its
 * header) or fixed (`docked`: its own column of the layout beside the entry, `aiColWidth` wide, put
 * there by AppShell; on a narrow window it covers the right edge instead); a session list with titles from
 * summary-title, the streamed answer with its tool calls shown, a stop button, and the enabled
 * shortcuts as chips above the input. Answers render as markdown (ChatMarkdown). Without a provider it says what to configure.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { IconButton } from '../../components/IconButton.tsx'
import { Button } from '../../components/Button.tsx'
import { XIcon } from '../../components/moreIcons.tsx'
import { useUiSettings } from '../settings/useSettingsValues.ts'
import { timelinePath } from '../../lib/routeParams.ts'
import { useAiChatStore } from './aiChatStore.ts'
import { deleteLocalSession, localSessions, syncSessions, type ChatMessage, type ChatSession } from './chatStore.ts'
import { ChatMarkdown } from './ChatMarkdown.tsx'
import { useAiChat } from './useAiChat.ts'
import { useAiSettings } from './useAiSettings.ts'
import type { ChatPart, ChatToolPart } from './uiMessageStream.ts'

const FLOATING = { width: 500, height: 600 }

function ToolCall({ part }: { part: ChatToolPart }) {
  const { t } = useTranslation('ai')
  const name = part.type.slice('tool-'.length)
  const input = (part.input ?? {}) as { query?: string; id?: string; feedId?: string; entryIds?: string[] }
  const found = Array.isArray(part.output) ? (part.output as { id?: string; title?: string | null }[]) : null
  const label =
    name === 'searchEntries' ? t('chat.tools.search', { query: input.query ?? '' }) : name === 'readEntry' ? t('chat.tools.read') : name === 'listUnread' ? t('chat.tools.unread') : name === 'markRead' ? t('chat.tools.markRead', { count: input.entryIds?.length ?? 0 }) : name
  return (
    <div className="my-1.5 rounded-lg border border-zinc-200 bg-zinc-50 px-2.5 py-1.5 text-[12px] text-zinc-600 dark:border-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300" data-testid="chat-tool" data-tool={name} data-state={part.state}>
      <span className="font-medium">{label}</span>
      {part.state === 'input-streaming' || part.state === 'input-available' ? <span className="ml-1 text-zinc-400">…</span> : null}
      {found && (
        <span className="ml-1 text-zinc-400">
          · {t('chat.tools.found', { count: found.length })}
        </span>
      )}
      {found && found.length > 0 && (
        <ul className="mt-1 space-y-0.5">
          {found.slice(0, 5).map((e) => (
            <li key={e.id} className="truncate">
              {e.id ? (
                <Link to={timelinePath({ entryId: e.id })} className="text-accent hover:underline">
                  {e.title || e.id}
                </Link>
              ) : (
                e.title
              )}
            </li>
          ))}
        </ul>
      )}
      {part.state === 'output-error' && <div className="text-red-600">{part.errorText}</div>}
    </div>
  )
}

function Message({ message }: { message: ChatMessage }) {
  const { t } = useTranslation('ai')
  const mine = message.role === 'user'
  const parts = message.parts as ChatPart[]
  const empty = !parts.some((p) => (p.type === 'text' && (p as { text: string }).text) || p.type.startsWith('tool-'))
  return (
    <div className={`flex ${mine ? 'justify-end' : 'justify-start'}`} data-testid="chat-message" data-role={message.role} data-status={message.status}>
      <div className={`max-w-[85%] rounded-2xl px-3 py-2 text-[13.5px] leading-relaxed ${mine ? 'bg-accent text-white' : 'bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100'}`}>
        {parts.map((p, i) =>
          p.type === 'text' ? (
            mine ? (
              <p key={i} className="whitespace-pre-wrap">
                {(p as { text: string }).text}
              </p>
            ) : (
              <ChatMarkdown key={i} text={(p as { text: string }).text} />
            )
          ) : p.type.startsWith('tool-') ? (
            <ToolCall key={i} part={p as ChatToolPart} />
          ) : null,
        )}
        {!mine && empty && message.status === 'streaming' && <span className="text-zinc-400">{t('chat.thinking')}</span>}
        {message.status === 'aborted' && <div className="mt-1 text-[11px] text-zinc-400">{t('chat.stopped')}</div>}
      </div>
    </div>
  )
}

export function AiChatPanel({ docked = false }: { docked?: boolean }) {
  const { t } = useTranslation('ai')
  const ai = useAiSettings()
  const ui = useUiSettings()
  const queryClient = useQueryClient()
  const { open, chatId, offset, setOpen, openChat, setOffset, takeDraft } = useAiChatStore()
  const [input, setInput] = useState('')
  const [showSessions, setShowSessions] = useState(false)
  const scroller = useRef<HTMLDivElement>(null)

  const sessions = useQuery({
    queryKey: ['ai', 'chat', 'sessions'],
    queryFn: async () => {
      try {
        return await syncSessions()
      } catch {
        return localSessions()
      }
    },
    enabled: open,
    staleTime: 30_000,
  })
  const onSessionChanged = useCallback(
    (session: ChatSession) => {
      if (!useAiChatStore.getState().chatId) useAiChatStore.setState({ chatId: session.chatId })
      void queryClient.invalidateQueries({ queryKey: ['ai', 'chat', 'sessions'] })
    },
    [queryClient],
  )
  const chat = useAiChat(chatId, onSessionChanged)

  // "Ask about this entry" and shortcut actions leave a prompt to send when the panel opens.
  const pendingDraft = useAiChatStore((s) => s.draft)
  const send = chat.send
  useEffect(() => {
    if (!open || !pendingDraft) return
    const draft = takeDraft()
    if (draft?.send) void send(draft.text)
    else if (draft) setInput(draft.text)
  }, [open, pendingDraft, takeDraft, send])

  useEffect(() => {
    if (!ai.autoScrollWhenStreaming && chat.status === 'streaming') return
    scroller.current?.scrollTo({ top: scroller.current.scrollHeight })
  }, [chat.messages, chat.status, ai.autoScrollWhenStreaming])

  const drag = (e: ReactPointerEvent<HTMLElement>) => {
    if (ai.panelStyle !== 'floating' || (e.target as HTMLElement).closest('button')) return
    const start = { x: e.clientX, y: e.clientY, ...offset }
    const move = (ev: PointerEvent) => {
      const right = Math.min(Math.max(0, start.right - (ev.clientX - start.x)), window.innerWidth - 120)
      const bottom = Math.min(Math.max(0, start.bottom - (ev.clientY - start.y)), window.innerHeight - 60)
      setOffset({ right, bottom })
    }
    const up = () => {
      window.removeEventListener('pointermove', move)
      window.removeEventListener('pointerup', up)
    }
    window.addEventListener('pointermove', move)
    window.addEventListener('pointerup', up)
  }

  if (!open) return null
  const floating = ai.panelStyle === 'floating'
  const width = ui.aiColWidth || 384
  const style = floating
    ? { width: Math.min(FLOATING.width, window.innerWidth - 16), height: Math.min(FLOATING.height, window.innerHeight - 16), right: offset.right, bottom: offset.bottom }
    : docked
      ? { width }
      : { width: Math.min(width, window.innerWidth), top: 0, right: 0, bottom: 0 }
  const current = sessions.data?.find((s) => s.chatId === chatId)
  const shortcuts = ai.shortcuts.filter((s) => s.enabled)
  const submit = () => {
    const text = input
    setInput('')
    void chat.send(text)
  }

  return (
    <section
      data-testid="ai-chat-panel"
      data-style={ai.panelStyle}
      data-docked={docked || undefined}
      data-focus-region="ai-chat"
      aria-label={t('chat.title')}
      className={
        docked
          ? 'flex shrink-0 flex-col overflow-hidden border-l border-zinc-200/80 bg-white dark:border-zinc-800/80 dark:bg-zinc-900'
          : `fixed z-40 flex flex-col overflow-hidden border border-zinc-200 bg-white shadow-2xl shadow-zinc-900/15 dark:border-zinc-800 dark:bg-zinc-900 ${floating ? 'rounded-2xl' : 'border-y-0 border-r-0'}`
      }
      style={style}
    >
      <header className={`flex h-11 shrink-0 items-center gap-1 border-b border-zinc-100 pr-1.5 pl-3.5 dark:border-zinc-800 ${floating ? 'cursor-move select-none' : ''}`} onPointerDown={drag} data-testid="ai-chat-header">
        <button type="button" className="min-w-0 truncate text-left text-[13.5px] font-semibold tracking-tight hover:underline" onClick={() => setShowSessions((v) => !v)} data-testid="chat-sessions-toggle">
          {current?.title || t('chat.title')}
        </button>
        <div className="h-full min-w-4 flex-1" data-testid="ai-chat-drag" />
        <Button variant="ghost" size="sm" onClick={() => { openChat(null); setShowSessions(false) }} data-testid="chat-new">
          {t('chat.new')}
        </Button>
        <IconButton label={t('chat.close')} onClick={() => setOpen(false)} data-testid="chat-close">
          <XIcon size={16} />
        </IconButton>
      </header>

      {showSessions ? (
        <ul className="scrollbar-thin min-h-0 flex-1 overflow-y-auto p-2" data-testid="chat-sessions">
          {(sessions.data ?? []).length === 0 && <li className="p-3 text-[13px] text-zinc-500">{t('chat.noSessions')}</li>}
          {sessions.data?.map((s) => (
            <li key={s.chatId} className={`group flex items-center rounded-lg ${s.chatId === chatId ? 'bg-zinc-100 dark:bg-zinc-800' : 'hover:bg-zinc-50 dark:hover:bg-zinc-800/60'}`}>
              <button type="button" className="min-w-0 flex-1 truncate px-3 py-2 text-left text-[13px]" onClick={() => { openChat(s.chatId); setShowSessions(false) }} data-testid="chat-session">
                {s.title || t('chat.untitled')}
              </button>
              <IconButton
                label={t('chat.delete')}
                className="opacity-0 group-hover:opacity-100"
                onClick={async () => {
                  const { api } = await import('../../api/client.ts')
                  await api.delete('/ai/chat/sessions/{id}', { id: s.chatId }).catch(() => undefined)
                  await deleteLocalSession(s.chatId)
                  if (s.chatId === chatId) openChat(null)
                  void queryClient.invalidateQueries({ queryKey: ['ai', 'chat', 'sessions'] })
                }}
              >
                <XIcon size={14} />
              </IconButton>
            </li>
          ))}
        </ul>
      ) : (
        <div ref={scroller} className="scrollbar-thin min-h-0 flex-1 space-y-3 overflow-y-auto px-3.5 py-3" data-testid="chat-messages">
          {chat.messages.length === 0 && !chat.refusal && <p className="pt-8 text-center text-[13px] text-zinc-500">{t('chat.empty')}</p>}
          {chat.messages.map((m) => (
            <Message key={m.id} message={m} />
          ))}
          {chat.refusal && (
            <div className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-[13px] text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100" data-testid="chat-refusal" data-code={chat.refusal.code}>
              {chat.refusal.code === 5 ? (
                <>
                  {t('chat.noProvider')}{' '}
                  <Link to="/settings/ai" className="font-medium underline">
                    {t('chat.openSettings')}
                  </Link>
                </>
              ) : (
                chat.refusal.message
              )}
            </div>
          )}
        </div>
      )}

      <div className="shrink-0 border-t border-zinc-100 p-2.5 dark:border-zinc-800">
        {shortcuts.length > 0 && (
          <div className="mb-2 flex flex-wrap gap-1.5" data-testid="chat-shortcuts">
            {shortcuts.map((s) => (
              <button
                key={s.name}
                type="button"
                disabled={chat.status === 'streaming'}
                onClick={() => void chat.send(s.prompt)}
                className="rounded-full border border-zinc-200 px-2.5 py-0.5 text-[12px] text-zinc-700 hover:border-accent hover:text-accent disabled:opacity-50 dark:border-zinc-700 dark:text-zinc-300"
                data-testid="chat-shortcut"
              >
                {s.name}
              </button>
            ))}
          </div>
        )}
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault()
            submit()
          }}
        >
          <textarea
            value={input}
            onChange={(e) => setInput(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault()
                submit()
              }
            }}
            rows={2}
            placeholder={t('chat.placeholder')}
            className="min-h-0 flex-1 resize-none rounded-xl border border-zinc-200 bg-white px-3 py-2 text-[13.5px] outline-none focus:border-accent dark:border-zinc-700 dark:bg-zinc-950"
            data-testid="chat-input"
          />
          {chat.status === 'streaming' ? (
            <Button variant="secondary" size="sm" onClick={chat.stop} data-testid="chat-stop">
              {t('chat.stop')}
            </Button>
          ) : (
            <Button size="sm" type="submit" disabled={!input.trim()} data-testid="chat-send">
              {t('chat.send')}
            </Button>
          )}
        </form>
      </div>
    </section>
  )
}
