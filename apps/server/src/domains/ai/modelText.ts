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
  const timeout = AbortSignal.timeout(input.timeoutMs)
  const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout
  let result
  try {
    // The AI SDK is loaded at the first call, not at start-up.
    const { generateText } = await import('ai')
    result = await generateText({ model: engine.model, system: input.system, prompt: input.prompt, maxOutputTokens: input.maxOutputTokens, abortSignal: signal, maxRetries: 0 })
  } catch (error) {
    throw new AppError(1005, { reason: providerReason(error, input.timeoutMs), cause: error })
  }
  const text = result.text.trim()
  if (!text) throw new AppError(1005, { reason: 'The AI provider answered with no text' })
  return { text, tokens: result.usage.totalTokens }
}
