/**
 * One chat session (issue 10): its messages from the local tables, then the server's; sending a
 * message streams the answer from POST /ai/chat (UI message stream protocol), tool calls
 * included; stop cancels the stream (the server aborts the provider call). Refusals (5 no
 * provider, 15000 budget, 15001 chat not allowed) toast and show in the panel.
 */
import { newId } from '@brook/shared'
import { ANALYTICS_EVENTS } from '@brook/shared'
import { analytics } from '../analytics/analytics.ts'
import { useCallback, useEffect, useRef, useState } from 'react'
import { api } from '../../api/client.ts'
import { isApiError, type ApiError } from '../../api/ApiError.ts'
import { toastError } from '../../api/toastError.ts'
import { localMessages, storeChat, syncMessages, type ChatMessage, type ChatSession } from './chatStore.ts'
import { applyChunk, partsText, readChunks } from './uiMessageStream.ts'

export type ChatStatus = 'ready' | 'streaming' | 'error'

export function useAiChat(chatId: string | null, onSessionChanged: (session: ChatSession) => void) {
  const [messages, setMessages] = useState<ChatMessage[]>([])
  const [status, setStatus] = useState<ChatStatus>('ready')
  const [refusal, setRefusal] = useState<ApiError | null>(null)
  const abort = useRef<AbortController | null>(null)
  const current = useRef<string | null>(chatId)
  /** The session this hook just started: its messages are already on screen, nothing to load. */
  const started = useRef<string | null>(null)

  useEffect(() => {
    current.current = chatId
    if (chatId && chatId === started.current) return
    started.current = null
    setRefusal(null)
    if (!chatId) {
      setMessages([])
      return
    }
    let live = true
    void localMessages(chatId).then((local) => live && local.length > 0 && setMessages(local))
    void syncMessages({ chatId, title: null, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() })
      .then((remote) => live && setMessages(remote))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [chatId])

  const send = useCallback(
    async (text: string) => {
      const prompt = text.trim()
      if (!prompt || abort.current) return
      analytics.track(ANALYTICS_EVENTS.aiChatMessageSent)
      const id = current.current ?? newId()
      const now = new Date().toISOString()
      const session: ChatSession = { chatId: id, title: null, createdAt: now, updatedAt: now }
      const user: ChatMessage = { id: newId(), chatId: id, role: 'user', parts: [{ type: 'text', text: prompt }], status: 'completed', createdAt: now, finishedAt: now }
      let answer: ChatMessage = { id: `pending-${user.id}`, chatId: id, role: 'assistant', parts: [], status: 'streaming', createdAt: now, finishedAt: null }
      // The answer's id changes when the stream names it: replace whatever id it is shown under.
      let shownId = answer.id
      const show = (next: ChatMessage) => {
        const was = shownId
        shownId = next.id
        setMessages((m) => m.map((x) => (x.id === was ? next : x)))
      }
      setRefusal(null)
      setMessages((m) => [...m, user, answer])
      setStatus('streaming')
      const controller = new AbortController()
      abort.current = controller
      try {
        const response = await api.post('/ai/chat', { id, messages: [{ id: user.id, role: 'user', parts: [{ type: 'text', text: prompt }] }] }, { responseType: 'response', signal: controller.signal, timeoutMs: 120_000 })
        if (!current.current) {
          current.current = id
          started.current = id
          onSessionChanged(session)
        }
        await storeChat(session, [user])
        if (!response.body) throw new Error('No stream')
        for await (const chunk of readChunks(response.body, controller.signal)) {
          if (chunk.type === 'start' && typeof chunk.messageId === 'string') answer = { ...answer, id: chunk.messageId }
          else if (chunk.type === 'error') answer = { ...answer, status: 'error', parts: [...answer.parts, { type: 'text', text: String(chunk.errorText ?? 'The AI provider failed') }] }
          else answer = { ...answer, parts: applyChunk(answer.parts, chunk) }
          show(answer)
        }
        const finished = new Date().toISOString()
        answer = { ...answer, status: controller.signal.aborted ? 'aborted' : answer.status === 'error' ? 'error' : 'completed', finishedAt: finished }
        const done = answer
        show(done)
        if (partsText(done.parts) || done.parts.length) await storeChat({ ...session, updatedAt: finished }, [done])
        setStatus('ready')
        onSessionChanged({ ...session, updatedAt: finished })
      } catch (error) {
        if (isApiError(error) && typeof error.code === 'number' && error.code > 0) {
          toastError(error)
          setRefusal(error)
        }
        // Nothing was answered: take the user's message back out of the list (it was not stored).
        setMessages((m) => m.filter((x) => x.id !== user.id && x.id !== shownId))
        setStatus(controller.signal.aborted ? 'ready' : 'error')
      } finally {
        abort.current = null
      }
    },
    [onSessionChanged],
  )

  const stop = useCallback(() => abort.current?.abort(), [])

  return { messages, status, refusal, send, stop }
}
