/**
 * One non-streaming model call with Brook's fault rules (issue 10): at most AI_TIMEOUT_MS, and a
 * provider that is down, slow or answers garbage becomes 1005 with the reason.
 */
import { AppError } from '../../lib/appError.ts'
import type { ModelEngine } from './providers/resolveProvider.ts'

export type ModelAnswer = { text: string; tokens: number | undefined }

/** Why a provider call failed, for people (no key, no full body). */
export function providerReason(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || /aborted|timeout/i.test(error.message))) return `The AI provider did not answer within ${Math.round(timeoutMs / 1000)} s`
  const e = error as { statusCode?: number; message?: string; cause?: { message?: string } }
  if (e?.statusCode) return `The AI provider answered HTTP ${e.statusCode}: ${String(e.message ?? '').slice(0, 200)}`
  const detail = e?.cause?.message ?? e?.message ?? String(error)
  return `The AI provider failed: ${detail.slice(0, 200)}`
}

/** Generates text; throws AppError 1005 on any provider fault or an empty answer. */
export async function modelText(engine: ModelEngine, input: { system: string; prompt: string; maxOutputTokens?: number; timeoutMs: number; signal?: AbortSignal }): Promise<ModelAnswer> {
  // The AI SDK is loaded at the first call, not at start-up; loading it is not the provider's time.
  const { generateText } = await import('ai')
  const timeout = AbortSignal.timeout(input.timeoutMs)
  const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout
  let result
  try {
    result = await generateText({ model: engine.model, system: input.system, prompt: input.prompt, maxOutputTokens: input.maxOutputTokens, abortSignal: signal, maxRetries: 0 })
  } catch (error) {
    throw new AppError(1005, { reason: providerReason(error, input.timeoutMs), cause: error })
  }
  const text = result.text.trim()
  if (!text) throw new AppError(1005, { reason: 'The AI provider answered with no text' })
  return { text, tokens: result.usage.totalTokens }
}

/**
 * Generates text as a stream (SSE from the provider), handing each piece to `onDelta` as it comes.
 * Resolves with the whole text only when the provider said it finished (`stop`, or `length` at the
 * token cap); a fault, a timeout, or a stream cut before its end is 1005 — the caller then keeps
 * nothing of what came.
 */
export async function streamModelText(
  engine: ModelEngine,
  input: { system: string; prompt: string; maxOutputTokens?: number; timeoutMs: number; onDelta: (text: string) => void },
): Promise<ModelAnswer> {
  const { streamText } = await import('ai')
  const signal = AbortSignal.timeout(input.timeoutMs)
  let text = ''
  let finish: string | undefined
  let tokens: number | undefined
  try {
    const result = streamText({ model: engine.model, system: input.system, prompt: input.prompt, maxOutputTokens: input.maxOutputTokens, abortSignal: signal, maxRetries: 0, onError: () => undefined })
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        text += part.text
        if (part.text) input.onDelta(part.text)
      } else if (part.type === 'error') throw part.error
      else if (part.type === 'abort') throw signal.reason ?? new Error('aborted')
      else if (part.type === 'finish') {
        finish = part.finishReason
        tokens = part.totalUsage.totalTokens
      }
    }
  } catch (error) {
    throw new AppError(1005, { reason: providerReason(error, input.timeoutMs), cause: error })
  }
  if (finish !== 'stop' && finish !== 'length') throw new AppError(1005, { reason: 'The AI provider\'s answer was cut off before its end' })
  const whole = text.trim()
  if (!whole) throw new AppError(1005, { reason: 'The AI provider answered with no text' })
  return { text: whole, tokens }
}
