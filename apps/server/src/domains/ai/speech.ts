/**
 * Text-to-speech through the provider (issue 10): when AI_TTS_MODEL is set with the instance's
 * endpoint, GET /ai/speech asks its OpenAI-compatible `/audio/speech` for the entry read aloud
 * and answers the audio, so the corner player plays it. Without it the web reads entries with
 * the browser's speech synthesis and never calls this (5 then).
 */
import type { Env } from '../../env.ts'
import { AppError } from '../../lib/appError.ts'
import type { EntriesService } from '../entries/service.ts'
import { articleText } from './articleText.ts'
import type { AiLimits } from './limits.ts'
import { providerReason } from './modelText.ts'
import type { ProviderResolver } from './providers/resolveProvider.ts'

/** `/audio/speech` takes at most 4,096 characters of input (OpenAI's limit, kept by compatible servers). */
export const SPEECH_MAX_CHARS = 4_096

type User = { id: string; role: string }

export function createSpeech(deps: { entries: Pick<EntriesService, 'visibleEntry'>; resolver: ProviderResolver; limits: AiLimits; env: Env }) {
  const { entries, resolver, limits, env } = deps
  return {
    /** The entry read aloud: the provider's audio bytes and their type. */
    async speech(user: User, p: { id: string; voice?: string }): Promise<{ audio: Uint8Array; type: string }> {
      const entry = await entries.visibleEntry(user.id, p.id)
      const engine = resolver.instance
      if (!env.AI_TTS_MODEL || !engine) throw new AppError(5, { reason: 'Text-to-speech runs in the browser on this server (AI_TTS_MODEL is not set)' })
      await limits.assertBudget(user, engine)
      const input = [entry.title, articleText(entry.content ?? entry.description)].filter(Boolean).join('\n\n').slice(0, SPEECH_MAX_CHARS)
      if (!input.trim()) throw new AppError(4, { reason: 'The entry has no text to read' })
      let response: Response
      try {
        response = await engine.fetch(`${engine.config.baseUrl.replace(/\/+$/, '')}/audio/speech`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(engine.config.apiKey ? { authorization: `Bearer ${engine.config.apiKey}` } : {}) },
          body: JSON.stringify({ model: env.AI_TTS_MODEL, input, voice: p.voice || 'alloy' }),
          signal: AbortSignal.timeout(env.AI_TIMEOUT_MS),
        })
      } catch (error) {
        throw new AppError(1005, { reason: providerReason(error, env.AI_TIMEOUT_MS), cause: error })
      }
      const type = response.headers.get('content-type') ?? ''
      if (!response.ok) throw new AppError(1005, { reason: `The AI provider answered HTTP ${response.status}: ${(await response.text().catch(() => '')).slice(0, 200)}` })
      if (!type.startsWith('audio/')) throw new AppError(1005, { reason: `The AI provider answered ${type || 'no content type'}, not audio` })
      const audio = new Uint8Array(await response.arrayBuffer())
      if (audio.length === 0) throw new AppError(1005, { reason: 'The AI provider answered no audio' })
      // Speech is priced by characters; four characters count as one token against the budget.
      await limits.record(user, engine, Math.ceil(input.length / 4))
      return { audio, type }
    },
  }
}
