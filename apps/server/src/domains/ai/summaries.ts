/**
 * Entry summaries (issue 10, SPEC §4 summary states, §5 ≥ 100 characters). One summary is kept
 * per (entry, language, target, engine). A request for a key being generated joins it: in this
 * process through a shared promise, across processes through the pending row's lease in the
 * database. A failure drops the pending row (nothing half-made is kept) and answers 1005.
 */
import crypto from 'node:crypto'
import type { Env } from '../../env.ts'
import { AppError } from '../../lib/appError.ts'
import type { Logger } from '../../lib/logger.ts'
import { nowIso } from '../../lib/time.ts'
import { articleText } from './articleText.ts'
import type { EntriesService } from '../entries/service.ts'
import type { AiLimits } from './limits.ts'
import { modelText } from './modelText.ts'
import { dataBlock, summarySystem } from './prompts.ts'
import { extractiveSummary } from './providers/extractiveSummary.ts'
import type { AiEngine, ProviderResolver } from './providers/resolveProvider.ts'
import type { AiRepo, SummaryKey } from './repo.ts'

/** Shortest source text that gets a summary (SPEC §9). */
export const SUMMARY_MIN_CHARS = 100
/** Characters of an article sent to the model at most. */
const MODEL_INPUT_CHARS = 16_000
const POLL_MS = 150

export type SummaryTarget = 'content' | 'readabilityContent'
export type SummaryAnswer = { summary: string | null; engine: 'extractive' | 'model' | null; model: string | null }

type User = { id: string; role: string }

export function createSummaries(deps: {
  repo: AiRepo
  entries: Pick<EntriesService, 'visibleEntry'>
  resolver: ProviderResolver
  limits: AiLimits
  env: Env
  logger: Logger
  personalize: (userId: string) => Promise<string>
}) {
  const { repo, entries, resolver, limits, env, logger } = deps
  const inFlight = new Map<string, Promise<string>>()
  const leaseMs = env.AI_TIMEOUT_MS + 30_000

  const answer = (engine: AiEngine, summary: string): SummaryAnswer =>
    engine.kind === 'none' ? { summary, engine: 'extractive', model: null } : { summary, engine: 'model', model: engine.modelName }

  async function generate(user: User, engine: AiEngine, text: string, language: string, entryLanguage: string | null): Promise<string> {
    if (engine.kind === 'none') return extractiveSummary(text, { language: entryLanguage })
    await limits.assertBudget(user, engine)
    const result = await modelText(engine, {
      system: summarySystem(language, await deps.personalize(user.id)),
      prompt: dataBlock('article', text.slice(0, MODEL_INPUT_CHARS)),
      maxOutputTokens: 600,
      timeoutMs: env.AI_TIMEOUT_MS,
    })
    await limits.record(user, engine, result.tokens)
    return result.text
  }

  /** Waits for another process's pending row to finish; null when it vanished or its lease ran out. */
  async function waitForOther(key: SummaryKey): Promise<string | null> {
    const deadline = Date.now() + leaseMs
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, POLL_MS))
      const row = await repo.summary(key)
      if (!row) return null
      if (row.state === 'success' && row.summary) return row.summary
      if (row.leaseUntil && row.leaseUntil < nowIso()) return null
    }
    return null
  }

  async function singleFlight(user: User, engine: AiEngine, key: SummaryKey, text: string, entryLanguage: string | null): Promise<string> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const stored = await repo.summary(key)
      if (stored?.state === 'success' && stored.summary) return stored.summary
      const owner = crypto.randomUUID()
      const now = new Date()
      if (await repo.claimSummary(key, owner, now.toISOString(), new Date(now.getTime() + leaseMs).toISOString())) {
        try {
          const summary = await generate(user, engine, text, key.language, entryLanguage)
          await repo.completeSummary(key, owner, summary, nowIso())
          return summary
        } catch (error) {
          await repo.releaseSummary(key, owner).catch((e) => logger.warn({ err: e }, 'releasing a pending summary failed'))
          throw error
        }
      }
      const other = await waitForOther(key)
      if (other !== null) return other
    }
    throw new AppError(1005, { reason: 'Another request for this summary failed; try again' })
  }

  return {
    /** GET /ai/summary: the entry's summary in `language` (3000 for an entry the user cannot see). */
    async summary(user: User, p: { id: string; language: string; target: SummaryTarget }): Promise<SummaryAnswer> {
      const entry = await entries.visibleEntry(user.id, p.id)
      const html = p.target === 'readabilityContent' ? entry.readabilityContent : entry.content
      const text = articleText(html)
      const engine = await resolver.forUser(user.id)
      if (text.length < SUMMARY_MIN_CHARS) return { summary: null, engine: engine.kind === 'none' ? 'extractive' : 'model', model: engine.kind === 'none' ? null : engine.modelName }
      const key: SummaryKey = { entryId: entry.id, language: p.language, target: p.target, engine: engine.engineKey }
      const flightKey = JSON.stringify(key)
      let flight = inFlight.get(flightKey)
      if (!flight) {
        flight = singleFlight(user, engine, key, text, entry.language).finally(() => inFlight.delete(flightKey))
        inFlight.set(flightKey, flight)
      }
      return answer(engine, await flight)
    },
  }
}

export type Summaries = ReturnType<typeof createSummaries>
