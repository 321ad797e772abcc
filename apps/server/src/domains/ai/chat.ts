/**
 * AI chat (issue 10): POST /ai/chat streams the answer in the AI SDK UI message stream protocol.
 * Sessions and messages persist on the server (the client keeps its own copy in the local
 * database); the model gets tools over the user's own data (chatTools.ts); a stream cut by the
 * client aborts the provider call (the request's signal goes to streamText).
 */
import type { UIMessage } from 'ai'
import crypto from 'node:crypto'
import type { Env } from '../../env.ts'
import { AppError } from '../../lib/appError.ts'
import type { Logger } from '../../lib/logger.ts'
import { nowIso } from '../../lib/time.ts'
import type { AiLimits } from './limits.ts'
import { modelText, providerReason } from './modelText.ts'
import { DATA_RULE, titleSystem, dataBlock } from './prompts.ts'
import type { ProviderResolver } from './providers/resolveProvider.ts'
import type { ChatMessageRow, ChatRepo, ChatSessionRow } from './chatRepo.ts'
import { chatTools, type ChatToolDeps } from './chatTools.ts'
import { NO_PROVIDER_REASON } from './translations.ts'

type User = { id: string; role: string }

export type ChatInputMessage = { id: string; role: 'user' | 'assistant' | 'system'; parts: { type: string; text?: string }[] }

export type ChatSessionJson = { chatId: string; title: string | null; createdAt: string; updatedAt: string }
export type ChatMessageJson = { id: string; chatId: string; role: string; parts: unknown[]; metadata: unknown; status: string; createdAt: string; finishedAt: string | null }

const presentSession = (s: ChatSessionRow): ChatSessionJson => ({ chatId: s.id, title: s.title, createdAt: s.createdAt, updatedAt: s.updatedAt })
const parse = (text: string | null, fallback: unknown) => {
  if (!text) return fallback
  try {
    return JSON.parse(text)
  } catch {
    return fallback
  }
}
const presentMessage = (m: ChatMessageRow): ChatMessageJson => ({ id: m.id, chatId: m.chatId, role: m.role, parts: parse(m.parts, []) as unknown[], metadata: parse(m.metadata, null), status: m.status, createdAt: m.createdAt, finishedAt: m.finishedAt })

function chatSystem(personalize: string): string {
  return [
    "You are Brook's reading assistant. You help the user with the entries of the feeds they follow.",
    'Use the tools to search, read, list and mark the user\'s entries; cite entries by title. Answer in the language the user writes in.',
    DATA_RULE,
    personalize ? `The user says about themselves: ${personalize.slice(0, 1000)}` : '',
  ].filter(Boolean).join('\n')
}

export function createChat(deps: { repo: ChatRepo; resolver: ProviderResolver; limits: AiLimits; env: Env; logger: Logger; personalize: (userId: string) => Promise<string>; tools: ChatToolDeps }) {
  const { repo, resolver, limits, env, logger } = deps

  async function ownSession(user: User, chatId: string): Promise<ChatSessionRow> {
    const session = await repo.session(chatId)
    if (!session || session.userId !== user.id) throw new AppError(6, { reason: 'No such chat session' })
    return session
  }

  async function title(user: User, text: string, language = 'en'): Promise<string> {
    const engine = await resolver.forUser(user.id)
    if (engine.kind === 'none') return text.replace(/\s+/g, ' ').trim().slice(0, 60)
    await limits.assertBudget(user, engine)
    const result = await modelText(engine, { system: titleSystem(language), prompt: dataBlock('field', text.slice(0, 4000)), maxOutputTokens: 40, timeoutMs: env.AI_TIMEOUT_MS })
    await limits.record(user, engine, result.tokens)
    return result.text.replace(/^["'「『]|["'」』]$/g, '').slice(0, 120)
  }

  return {
    /** POST /ai/chat: the streamed answer (a Response in the UI message stream protocol). */
    async stream(user: User, input: { id: string; messages: ChatInputMessage[] }, signal: AbortSignal): Promise<Response> {
      const existing = await repo.session(input.id)
      if (existing && existing.userId !== user.id) throw new AppError(6, { reason: 'No such chat session' })
      limits.assertChat(user)
      const engine = await resolver.forUser(user.id)
      if (engine.kind === 'none') throw new AppError(5, { reason: NO_PROVIDER_REASON })
      await limits.assertBudget(user, engine)
      const last = input.messages.at(-1)
      if (!last || last.role !== 'user') throw new AppError(4, { reason: 'The last message must be the user\'s' })

      const now = nowIso()
      if (!existing) await repo.createSession({ id: input.id, userId: user.id, title: null, createdAt: now, updatedAt: now })
      await repo.putMessage({ id: last.id, chatId: input.id, role: 'user', parts: JSON.stringify(last.parts), metadata: null, status: 'completed', createdAt: now, finishedAt: now })

      // The server's copy of the conversation is the truth (a client cannot invent earlier turns).
      const history: UIMessage[] = (await repo.messages(input.id)).map((m) => ({ id: m.id, role: m.role as UIMessage['role'], parts: parse(m.parts, []) as UIMessage['parts'] }))
      // The AI SDK is loaded at the first chat, not at start-up.
      const { convertToModelMessages, stepCountIs, streamText, tool } = await import('ai')
      const startedAt = performance.now()
      const result = streamText({
        model: engine.model,
        system: chatSystem(await deps.personalize(user.id)),
        messages: await convertToModelMessages(history, { ignoreIncompleteToolCalls: true }),
        tools: chatTools(user.id, deps.tools, tool),
        stopWhen: stepCountIs(5),
        maxRetries: 0,
        abortSignal: AbortSignal.any([signal, AbortSignal.timeout(env.AI_TIMEOUT_MS * 3)]),
        onFinish: ({ totalUsage }) => void limits.record(user, engine, totalUsage.totalTokens).catch(() => undefined),
      })
      const assistantId = crypto.randomUUID()
      // After the question, even within the same millisecond (messages are read in createdAt order).
      const answerAt = new Date(Date.parse(now) + 1).toISOString()
      return result.toUIMessageStreamResponse({
        originalMessages: history,
        generateMessageId: () => assistantId,
        messageMetadata: ({ part }) => (part.type === 'start' ? { model: engine.modelName, createdAt: new Date().toISOString() } : part.type === 'finish' ? { ms: Math.round(performance.now() - startedAt) } : undefined),
        onError: (error) => providerReason(error, env.AI_TIMEOUT_MS),
        onFinish: async ({ responseMessage, isAborted }) => {
          try {
            const finished = nowIso()
            await repo.putMessage({ id: responseMessage.id, chatId: input.id, role: 'assistant', parts: JSON.stringify(responseMessage.parts), metadata: JSON.stringify(responseMessage.metadata ?? null), status: isAborted ? 'aborted' : 'completed', createdAt: answerAt, finishedAt: finished })
            const session = await repo.session(input.id)
            let newTitle: string | undefined
            if (session && !session.title) {
              const text = last.parts.map((p) => p.text ?? '').join(' ')
              newTitle = await title(user, text).catch(() => text.slice(0, 60))
            }
            await repo.touchSession(input.id, finished, newTitle)
          } catch (error) {
            logger.warn({ err: error }, 'storing a chat answer failed')
          }
        },
      })
    },

    async sessions(user: User): Promise<ChatSessionJson[]> {
      return (await repo.sessions(user.id)).map(presentSession)
    },

    async messages(user: User, chatId: string): Promise<ChatMessageJson[]> {
      await ownSession(user, chatId)
      return (await repo.messages(chatId)).map(presentMessage)
    },

    async deleteSession(user: User, chatId: string): Promise<void> {
      if (!(await repo.deleteSession(user.id, chatId))) throw new AppError(6, { reason: 'No such chat session' })
    },

    /** POST /ai/summary-title: a short title for a text (a chat session's first message). */
    async summaryTitle(user: User, input: { text: string; language?: string }): Promise<{ title: string }> {
      return { title: await title(user, input.text, input.language) }
    },
  }
}

export type Chat = ReturnType<typeof createChat>
