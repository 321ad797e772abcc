/**
 * Entry summaries (issue 10, SPEC §4 summary states, §5 ≥ 100 characters). One summary is kept
 * per (entry, language, target, engine). A request for a key being generated joins it: in this
 * process through a shared flight (a joiner gets the text so far, then every piece as it streams),
 * across processes through the pending row's lease in the database (a joiner there gets the finished
 * text). A failure — the provider down, slow, answering garbage, or its stream cut before its end —
 * drops the pending row (nothing half-made is kept as finished) and answers 1005.
 */
import crypto from 'node:crypto'
import type { Env } from '../../env.ts'
import { AppError } from '../../lib/appError.ts'
import type { Logger } from '../../lib/logger.ts'
import { nowIso } from '../../lib/time.ts'
import { articleText } from './articleText.ts'
import type { EntriesService } from '../entries/service.ts'
import type { AiLimits } from './limits.ts'
import { streamModelText } from './modelText.ts'
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
/** What the streaming form sends (GET /ai/summary with Accept: text/event-stream), in order. */
export type SummaryEvent =
  | { type: 'start'; engine: 'extractive' | 'model'; model: string | null }
  | { type: 'text-delta'; delta: string }
  | ({ type: 'finish' } & SummaryAnswer)
  | { type: 'error'; code: number; message: string; reason?: string }

/** One generation in this process: the text so far, who listens to its pieces, and its end. */
type Flight = { text: string; listeners: Set<(delta: string) => void>; done: Promise<string> }

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
  const inFlight = new Map<string, Flight>()
  const leaseMs = env.AI_TIMEOUT_MS + 30_000

  const answer = (engine: AiEngine, summary: string): SummaryAnswer =>
    engine.kind === 'none' ? { summary, engine: 'extractive', model: null } : { summary, engine: 'model', model: engine.modelName }

  async function generate(user: User, engine: AiEngine, text: string, language: string, entryLanguage: string | null, onDelta: (delta: string) => void): Promise<string> {
    if (engine.kind === 'none') return extractiveSummary(text, { language: entryLanguage })
    await limits.assertBudget(user, engine)
    const result = await streamModelText(engine, {
      system: summarySystem(language, await deps.personalize(user.id)),
      prompt: dataBlock('article', text.slice(0, MODEL_INPUT_CHARS)),
      maxOutputTokens: 600,
      timeoutMs: env.AI_TIMEOUT_MS,
      onDelta,
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

  async function singleFlight(user: User, engine: AiEngine, key: SummaryKey, text: string, entryLanguage: string | null, onDelta: (delta: string) => void): Promise<string> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const stored = await repo.summary(key)
      if (stored?.state === 'success' && stored.summary) return stored.summary
      const owner = crypto.randomUUID()
      const now = new Date()
      if (await repo.claimSummary(key, owner, now.toISOString(), new Date(now.getTime() + leaseMs).toISOString())) {
        try {
          const summary = await generate(user, engine, text, key.language, entryLanguage, onDelta)
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

  type Prepared = { engine: AiEngine; short: true } | { engine: AiEngine; short: false; key: SummaryKey; text: string; entryLanguage: string | null }

  /** The checks before anything is generated: 3000 for an entry the user cannot see; too short to summarize. */
  async function prepare(user: User, p: { id: string; language: string; target: SummaryTarget }): Promise<Prepared> {
    const entry = await entries.visibleEntry(user.id, p.id)
    const html = p.target === 'readabilityContent' ? entry.readabilityContent : entry.content
    const text = articleText(html)
    const engine = await resolver.forUser(user.id)
    if (text.length < SUMMARY_MIN_CHARS) return { engine, short: true }
    return { engine, short: false, key: { entryId: entry.id, language: p.language, target: p.target, engine: engine.engineKey }, text, entryLanguage: entry.language }
  }

  /** This process's flight for the key: the one running, or a new one. */
  function flightFor(user: User, prepared: Extract<Prepared, { short: false }>): Flight {
    const flightKey = JSON.stringify(prepared.key)
    const running = inFlight.get(flightKey)
    if (running) return running
    const flight: Flight = { text: '', listeners: new Set(), done: Promise.resolve('') }
    const onDelta = (delta: string) => {
      flight.text += delta
      for (const listener of flight.listeners) listener(delta)
    }
    flight.done = singleFlight(user, prepared.engine, prepared.key, prepared.text, prepared.entryLanguage, onDelta).finally(() => inFlight.delete(flightKey))
    // Nobody may be waiting (a streaming reader that left): the failure is the requests' to report.
    flight.done.catch(() => undefined)
    inFlight.set(flightKey, flight)
    return flight
  }

  const engineOf = (engine: AiEngine) => (engine.kind === 'none' ? { engine: 'extractive' as const, model: null } : { engine: 'model' as const, model: engine.modelName })

  return {
    /** GET /ai/summary: the entry's summary in `language` (3000 for an entry the user cannot see). */
    async summary(user: User, p: { id: string; language: string; target: SummaryTarget }): Promise<SummaryAnswer> {
      const prepared = await prepare(user, p)
      if (prepared.short) return { summary: null, ...engineOf(prepared.engine) }
      return answer(prepared.engine, await flightFor(user, prepared).done)
    },

    /**
     * The streaming form: the refusals that need no generation (3000, 15000) are thrown here, before
     * any byte; then the events — the text so far and each piece as the model writes it, and the
     * finished summary (or the error) at the end. A reader that leaves does not stop the generation:
     * the summary is still stored for the next reader.
     */
    async summaryEvents(user: User, p: { id: string; language: string; target: SummaryTarget }): Promise<AsyncGenerator<SummaryEvent>> {
      const prepared = await prepare(user, p)
      const meta = engineOf(prepared.engine)
      if (prepared.short) {
        return (async function* () {
          yield { type: 'finish' as const, summary: null, ...meta }
        })()
      }
      const stored = await repo.summary(prepared.key)
      const running = inFlight.has(JSON.stringify(prepared.key))
      if (prepared.engine.kind !== 'none' && !running && stored?.state !== 'success') await limits.assertBudget(user, prepared.engine)
      const flight = flightFor(user, prepared)
      return (async function* (): AsyncGenerator<SummaryEvent> {
        const queue: string[] = []
        let wake: (() => void) | null = null
        const listener = (delta: string) => {
          queue.push(delta)
          wake?.()
        }
        let ended = false
        let result: { summary: string } | { error: unknown } | null = null
        flight.done.then(
          (summary) => (result = { summary }),
          (error: unknown) => (result = { error }),
        ).finally(() => {
          ended = true
          wake?.()
        })
        yield { type: 'start', ...meta }
        const sofar = flight.text
        flight.listeners.add(listener)
        try {
          if (sofar) yield { type: 'text-delta', delta: sofar }
          for (;;) {
            while (queue.length) yield { type: 'text-delta', delta: queue.shift() as string }
            if (ended) break
            await new Promise<void>((resolve) => (wake = resolve))
            wake = null
          }
        } finally {
          flight.listeners.delete(listener)
        }
        const end = result as { summary: string } | { error: unknown } | null
        if (end && 'summary' in end) yield { type: 'finish', summary: end.summary, ...meta }
        else {
          const error = end?.error
          if (error instanceof AppError) yield { type: 'error', code: error.code, message: error.message, ...(error.reason ? { reason: error.reason } : {}) }
          else {
            logger.error({ err: error }, 'a streamed summary failed')
            yield { type: 'error', code: 1005, message: new AppError(1005).message }
          }
        }
      })()
    },
  }
}

export type Summaries = ReturnType<typeof createSummaries>
