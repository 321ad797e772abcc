/**
 * Builds an AI SDK model for an OpenAI-compatible endpoint (Ollama, vLLM, OpenAI, …). A user's
 * own endpoint goes through the fetcher's SSRF guard (its undici agent checks every address each
 * connection reaches), so a user cannot point Brook at the instance's private network.
 */
import type { createOpenAICompatible as CreateProvider } from '@ai-sdk/openai-compatible'
import type { LanguageModel } from 'ai'
import type { fetch as undiciFetch } from 'undici'
import { undici } from '../../../lib/undiciModule.ts'
import { sharedAgent } from '../../../reader/fetcher/dispatcher.ts'
import { checkUrlTarget, isPublicAddress } from '../../../reader/fetcher/ssrfGuard.ts'
import { lazily, requireModule } from '../../../lib/lazyRequire.ts'

/** The provider package is loaded at the first model call, not when the instance's model is configured. */
const createOpenAICompatible = lazily(() => requireModule<{ createOpenAICompatible: typeof CreateProvider }>('@ai-sdk/openai-compatible').createOpenAICompatible)

export type ProviderConfig = { baseUrl: string; apiKey: string | null; model: string }

/** A fetch that refuses private and loopback targets unless the instance allows them. */
export function guardedFetch(allowPrivateNetworks: boolean): typeof globalThis.fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (!allowPrivateNetworks) checkUrlTarget(url, isPublicAddress)
    // undici's own fetch takes the agent; the answer is a WHATWG Response either way.
    return undici().fetch(url, { ...(init as object), dispatcher: sharedAgent(allowPrivateNetworks), redirect: 'error' } as Parameters<typeof undiciFetch>[1])
  }) as typeof globalThis.fetch
}

/** The chat model of a configuration; `fetch` is the guarded one for a user's endpoint. */
export function languageModel(config: ProviderConfig, fetch?: typeof globalThis.fetch): LanguageModel {
  const provider = createOpenAICompatible()({
    name: 'brook-ai',
    baseURL: config.baseUrl.replace(/\/+$/, ''),
    apiKey: config.apiKey ?? undefined,
    fetch,
    includeUsage: true,
  })
  return provider.chatModel(config.model)
}
