/**
 * A user's own OpenAI-compatible endpoint (Settings → AI): stored server-side, the key sealed
 * with the instance secret and never sent back in full; and what the AI page shows about the
 * provider in use and today's usage.
 */
import type { Env } from '../../env.ts'
import { AppError } from '../../lib/appError.ts'
import { nowIso } from '../../lib/time.ts'
import { checkUrlTarget, isPublicAddress, SsrfError } from '../../reader/fetcher/ssrfGuard.ts'
import type { AiLimits } from './limits.ts'
import type { ProviderResolver } from './providers/resolveProvider.ts'
import { maskKey, type SecretBox } from '../../lib/secretBox.ts'
import type { AiRepo } from './repo.ts'

type User = { id: string; role: string }

export type AiStatus = {
  /** Who answers this user: their own endpoint, the instance's, or nobody (extractive only). */
  provider: 'own' | 'instance' | 'none'
  model: string | null
  own: { baseUrl: string; model: string; apiKey: string | null } | null
  features: { summary: 'model' | 'extractive'; digest: 'model' | 'extractive'; translation: boolean; chat: boolean; tts: 'provider' | 'browser' }
  usage: { used: number; budget: number | null }
}

export function createProviderSettings(deps: { repo: AiRepo; resolver: ProviderResolver; limits: AiLimits; secretBox: SecretBox; env: Env }) {
  const { repo, resolver, limits, secretBox, env } = deps
  return {
    async status(user: User): Promise<AiStatus> {
      const own = await repo.userProvider(user.id)
      const engine = await resolver.forUser(user.id)
      const hasModel = engine.kind !== 'none'
      return {
        provider: own ? 'own' : hasModel ? 'instance' : 'none',
        model: hasModel ? engine.modelName : null,
        own: own ? { baseUrl: own.baseUrl, model: own.model, apiKey: maskKey(own.apiKeyCipher ? secretBox.open(own.apiKeyCipher) : null) } : null,
        features: {
          summary: hasModel ? 'model' : 'extractive',
          digest: hasModel ? 'model' : 'extractive',
          translation: hasModel,
          chat: hasModel && limits.chatAllowed(user),
          tts: env.AI_TTS_MODEL && resolver.instance ? 'provider' : 'browser',
        },
        usage: await limits.usage(user),
      }
    },

    /** Sets the user's endpoint; `apiKey` undefined keeps the stored key, null removes it. */
    async set(user: User, input: { baseUrl: string; model: string; apiKey?: string | null }): Promise<AiStatus> {
      let url: URL
      try {
        url = new URL(input.baseUrl)
      } catch {
        throw new AppError(4, { reason: 'baseUrl is not a URL' })
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError(4, { reason: 'baseUrl must be http or https' })
      if (!env.FETCH_ALLOW_PRIVATE_NETWORKS) {
        try {
          checkUrlTarget(url, isPublicAddress)
        } catch (error) {
          if (error instanceof SsrfError) throw new AppError(4, { reason: `baseUrl: ${error.message}` })
          throw error
        }
      }
      const current = await repo.userProvider(user.id)
      const apiKeyCipher = input.apiKey === undefined ? (current?.apiKeyCipher ?? null) : input.apiKey ? secretBox.seal(input.apiKey) : null
      await repo.putUserProvider({ userId: user.id, baseUrl: url.href.replace(/\/+$/, ''), model: input.model, apiKeyCipher, updatedAt: nowIso() })
      return this.status(user)
    },

    async remove(user: User): Promise<AiStatus> {
      await repo.deleteUserProvider(user.id)
      return this.status(user)
    },
  }
}

export type ProviderSettings = ReturnType<typeof createProviderSettings>
