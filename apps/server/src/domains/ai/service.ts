/**
 * The AI domain's service (issue 10, docs/ai.md): which model answers a user, the limits, and
 * the features built on them. Each feature lives in its own file; this wires them once.
 */
import type { Env } from '../../env.ts'
import type { Logger } from '../../lib/logger.ts'
import type { EntriesService } from '../entries/service.ts'
import type { SettingsService } from '../settings/service.ts'
import { createChat } from './chat.ts'
import { chatRepo } from './chatRepo.ts'
import type { ChatToolDeps } from './chatTools.ts'
import type { Db } from '../../db/transactions.ts'
import { createAiLimits } from './limits.ts'
import { createProviderSettings } from './providerSettings.ts'
import { createProviderResolver } from './providers/resolveProvider.ts'
import { createSecretBox } from '../../lib/secretBox.ts'
import type { AiRepo } from './repo.ts'
import { createDigests } from './digest.ts'
import { createSpeech } from './speech.ts'
import { digestRepo } from './digestRepo.ts'
import { createSummaries } from './summaries.ts'
import { createTranslations } from './translations.ts'

export function createAiService(deps: {
  repo: AiRepo
  /** For the chat's own repo (chatRepo.ts). */
  db: Db
  entries: Pick<EntriesService, 'visibleEntry' | 'list'>
  /** What the chat's tools reach, as the user (chatTools.ts). */
  tools: ChatToolDeps
  settings: Pick<SettingsService, 'get'>
  env: Env
  logger: Logger
  secret: string
}) {
  const { repo, entries, settings, env, logger } = deps
  const secretBox = createSecretBox(deps.secret, 'brook-ai-provider-key')
  const resolver = createProviderResolver({ env, repo, secretBox })
  const limits = createAiLimits({ env, repo })
  const personalize = async (userId: string) => (await settings.get(userId)).settings.ai.personalizePrompt ?? ''
  const summaries = createSummaries({ repo, entries, resolver, limits, env, logger, personalize })
  const translations = createTranslations({ repo, entries, resolver, limits, env })
  const chat = createChat({ repo: chatRepo(deps.db), resolver, limits, env, logger, personalize, tools: deps.tools })
  const digests = createDigests({ repo: digestRepo(deps.db), entries, settings, resolver, limits, env, logger, personalize })
  const speech = createSpeech({ entries, resolver, limits, env })
  const providers = createProviderSettings({ repo, resolver, limits, secretBox, env })

  return {
    summary: summaries.summary,
    summaryEvents: summaries.summaryEvents,
    translation: translations.translate,
    chat: chat.stream,
    chatSessions: chat.sessions,
    chatMessages: chat.messages,
    deleteChatSession: chat.deleteSession,
    summaryTitle: chat.summaryTitle,
    daily: digests.daily,
    dueDigestTasks: digests.dueTasks,
    runDigestTask: digests.runTask,
    /** The whole 8 AM / 8 PM run in this process, without a queue (tests). */
    async generateDueDigests(now = new Date()): Promise<number> {
      let made = 0
      for (const task of await digests.dueTasks(now)) made += await digests.runTask(task, now)
      return made
    },
    speech: speech.speech,
    status: providers.status,
    setProvider: providers.set.bind(providers),
    removeProvider: providers.remove.bind(providers),
  }
}

export type AiService = ReturnType<typeof createAiService>
