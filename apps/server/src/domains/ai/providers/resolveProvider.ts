/**
 * Which model answers a user (issue 10): the user's own endpoint when set, else the instance's
 * (AI_BASE_URL + AI_MODEL), else none — then summaries and digests are extractive and translation
 * and chat answer 5 "Missing configuration".
 */
import type { LanguageModel } from 'ai'
import type { Env } from '../../../env.ts'
import type { AiRepo } from '../repo.ts'
import { guardedFetch, languageModel, type ProviderConfig } from './languageModel.ts'
import type { SecretBox } from '../../../lib/secretBox.ts'

export type ModelEngine = {
  kind: 'instance' | 'user'
  /** Cache key of what this engine makes: a user's own endpoint's output is kept for that user only. */
  engineKey: string
  modelName: string
  model: LanguageModel
  config: ProviderConfig
  /** The fetch its requests go through (the SSRF-guarded one for a user's endpoint). */
  fetch: typeof globalThis.fetch
}
export type AiEngine = { kind: 'none'; engineKey: 'extractive' } | ModelEngine

export function createProviderResolver(deps: { env: Env; repo: Pick<AiRepo, 'userProvider'>; secretBox: SecretBox }) {
  const { env, repo, secretBox } = deps
  const instanceConfig: ProviderConfig | null = env.AI_BASE_URL && env.AI_MODEL ? { baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY ?? null, model: env.AI_MODEL } : null
  // The instance's endpoint is the operator's choice (often a local Ollama): not guarded.
  // Its model is built at the first call (the provider package is not loaded at start-up).
  let instanceModel: LanguageModel | null = null
  const instance: ModelEngine | null = instanceConfig
    ? {
        kind: 'instance',
        engineKey: 'instance',
        modelName: instanceConfig.model,
        get model() {
          return (instanceModel ??= languageModel(instanceConfig))
        },
        config: instanceConfig,
        fetch: globalThis.fetch,
      }
    : null
  const userFetch = guardedFetch(env.FETCH_ALLOW_PRIVATE_NETWORKS)

  return {
    /** The instance's configured model, if any. */
    instance,

    /** The engine that answers this user. */
    async forUser(userId: string): Promise<AiEngine> {
      const own = await repo.userProvider(userId)
      if (own) {
        const config: ProviderConfig = { baseUrl: own.baseUrl, model: own.model, apiKey: own.apiKeyCipher ? secretBox.open(own.apiKeyCipher) : null }
        return { kind: 'user', engineKey: `user:${userId}`, modelName: own.model, model: languageModel(config, userFetch), config, fetch: userFetch }
      }
      return instance ?? { kind: 'none', engineKey: 'extractive' }
    },
  }
}

export type ProviderResolver = ReturnType<typeof createProviderResolver>
