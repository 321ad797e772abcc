/**
 * The daily digest (issue 10, SPEC §7 GET /ai/daily, "refreshes 8 AM and 8 PM"): the user's
 * entries of one view and one half day (8 AM–8 PM or 8 PM–8 AM in the general `timeZone`),
 * grouped by topic, each topic with a short summary and links back to its entries. A model groups
 * by subject; without a provider the built-in extractive summarizer groups by source and takes
 * each entry's key sentence. The scheduler role makes the digest of the half day that just ended
 * (jobs/aiDigests.ts); a request makes it on demand. A half day that has ended is kept for good; the
 * running one is made again on request (a model's at most every 15 minutes).
 */
import { z } from 'zod'
import type { Env } from '../../env.ts'
import { AppError } from '../../lib/appError.ts'
import type { Logger } from '../../lib/logger.ts'
import type { EntriesService } from '../entries/service.ts'
import type { SettingsService } from '../settings/service.ts'
import { articleText } from './articleText.ts'
import type { DigestRepo, DigestRow } from './digestRepo.ts'
import { halfDayOf, previousHalfDay, validTimeZone } from './halfDay.ts'
import type { AiLimits } from './limits.ts'
import { modelText } from './modelText.ts'
import { DATA_RULE, dataBlock, languageName } from './prompts.ts'
import { extractiveSummary } from './providers/extractiveSummary.ts'
import type { AiEngine, ProviderResolver } from './providers/resolveProvider.ts'

/** Entries of a half day a digest reads at most (the newest). */
export const DIGEST_MAX_ENTRIES = 100
const MODEL_TEXT_PER_ENTRY = 1_200
const TOPICS_MAX = 8
const RUNNING_MODEL_FRESH_MS = 15 * 60_000

type User = { id: string; role: string }
export type DigestEntry = { id: string; title: string | null; url: string | null; source: string | null; publishedAt: string }
export type DigestTopic = { title: string; summary: string; entries: DigestEntry[] }
export type Digest = {
  view: number
  startDate: string
  endDate: string
  timeZone: string
  /** false while the half day is still running (the digest so far) */
  final: boolean
  engine: 'extractive' | 'model'
  model: string | null
  topics: DigestTopic[]
  generatedAt: string
}

/** One user's digests of one ended half day: what the scheduler queues and a worker runs. */
export type DigestTask = { userId: string; role: string; views: number[]; startDate: string; endDate: string; timeZone: string }

type Stored = { language: string; model: string | null; topics: DigestTopic[] }

const ModelAnswer = z.object({
  topics: z.array(z.object({ title: z.string().min(1).max(200), summary: z.string().max(2000), entryIds: z.array(z.string()).max(DIGEST_MAX_ENTRIES) })).max(50),
})

/** The first JSON object in a model's answer (models like to wrap JSON in a fence). */
function parseModelTopics(text: string): z.infer<typeof ModelAnswer> | null {
  const start = text.indexOf('{')
  const end = text.lastIndexOf('}')
  if (start < 0 || end <= start) return null
  try {
    const parsed = ModelAnswer.safeParse(JSON.parse(text.slice(start, end + 1)))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export function digestSystem(language: string, personalize?: string): string {
  return [
    'You write the daily digest of a feed reader: the entries a reader received in the last half day, grouped by subject.',
    DATA_RULE,
    `Group the entries into at most ${TOPICS_MAX} topics. For each topic write a short title and a summary of one to three sentences in ${languageName(language)}.`,
    'Answer with JSON only, no markdown: {"topics":[{"title":"…","summary":"…","entryIds":["<id of an entry in the topic>", …]}]}. Use only the ids given in the entries.',
    personalize ? `The reader says about themselves: ${personalize.slice(0, 1000)}` : '',
  ].filter(Boolean).join('\n')
}

type Item = DigestEntry & { text: string; language: string | null }

/** Without a model: one topic per source (most entries first), each entry's key sentence. */
export function extractiveDigest(items: Item[]): DigestTopic[] {
  const bySource = new Map<string, Item[]>()
  for (const item of items) {
    const key = item.source ?? ''
    bySource.set(key, [...(bySource.get(key) ?? []), item])
  }
  return [...bySource.entries()]
    .sort((a, b) => b[1].length - a[1].length)
    .slice(0, TOPICS_MAX)
    .map(([source, list]) => ({
      title: source || 'Untitled source',
      summary: list
        .slice(0, 3)
        .map((i) => extractiveSummary(i.text, { language: i.language, maxSentences: 1, maxChars: 240 }) || i.title || '')
        .filter(Boolean)
        .join(' '),
      entries: list.map(({ id, title, url, source: s, publishedAt }) => ({ id, title, url, source: s, publishedAt })),
    }))
}

export function createDigests(deps: {
  repo: DigestRepo
  entries: Pick<EntriesService, 'list'>
  settings: Pick<SettingsService, 'get'>
  resolver: ProviderResolver
  limits: AiLimits
  env: Env
  logger: Logger
  personalize: (userId: string) => Promise<string>
}) {
  const { repo, entries, settings, resolver, limits, env, logger } = deps
  const inFlight = new Map<string, Promise<Digest>>()
  /** Per user: when their next half day ends (the scheduler skips them until then). */
  const nextDue = new Map<string, number>()

  /** The user's time zone and the language their digest is written in (the action language, else the UI's). */
  async function placeOf(userId: string): Promise<{ timeZone: string; language: string }> {
    const { general } = (await settings.get(userId)).settings
    const language = general.actionLanguage && general.actionLanguage !== 'default' ? String(general.actionLanguage) : String(general.language || 'en')
    return { timeZone: validTimeZone(general.timeZone as string | undefined), language }
  }

  async function itemsOf(userId: string, view: number, start: Date, end: Date): Promise<Item[]> {
    const rows = await entries.list(userId, { view, publishedAfter: end.toISOString(), limit: DIGEST_MAX_ENTRIES, withContent: true })
    return rows
      .filter((r) => r.entries.publishedAt >= start.toISOString())
      .map((r) => ({
        id: r.entries.id,
        title: r.entries.title,
        url: r.entries.url,
        source: r.feeds.title ?? null,
        publishedAt: r.entries.publishedAt,
        text: articleText(r.entries.content ?? r.entries.description),
        language: 'language' in r.feeds ? r.feeds.language : null,
      }))
  }

  async function modelTopics(user: User, engine: Exclude<AiEngine, { kind: 'none' }>, items: Item[], language: string): Promise<DigestTopic[]> {
    await limits.assertBudget(user, engine)
    const prompt = items.map((i) => dataBlock('entry', `id: ${i.id}\nsource: ${i.source ?? ''}\ntitle: ${i.title ?? ''}\n\n${i.text.slice(0, MODEL_TEXT_PER_ENTRY)}`)).join('\n')
    const result = await modelText(engine, { system: digestSystem(language, await deps.personalize(user.id)), prompt, maxOutputTokens: 2_000, timeoutMs: env.AI_TIMEOUT_MS })
    await limits.record(user, engine, result.tokens)
    const parsed = parseModelTopics(result.text)
    if (!parsed) throw new AppError(1005, { reason: 'The AI provider answered without the digest JSON' })
    const byId = new Map(items.map((i) => [i.id, i]))
    const topics = parsed.topics
      .map((t) => ({
        title: t.title.trim(),
        summary: t.summary.trim(),
        entries: [...new Set(t.entryIds)].flatMap((id) => {
          const i = byId.get(id)
          return i ? [{ id: i.id, title: i.title, url: i.url, source: i.source, publishedAt: i.publishedAt }] : []
        }),
      }))
      .filter((t) => t.entries.length > 0)
      .slice(0, TOPICS_MAX)
    if (topics.length === 0) throw new AppError(1005, { reason: 'The AI provider grouped none of the entries' })
    return topics
  }

  function present(row: DigestRow, window: { start: Date; end: Date }, timeZone: string): Digest {
    const stored = JSON.parse(row.content) as Stored
    return {
      view: row.view,
      startDate: row.startDate,
      endDate: window.end.toISOString(),
      timeZone,
      final: row.createdAt >= window.end.toISOString(),
      engine: row.engine === 'extractive' ? 'extractive' : 'model',
      model: stored.model,
      topics: stored.topics,
      generatedAt: row.createdAt,
    }
  }

  async function build(user: User, view: number, window: { start: Date; end: Date }, timeZone: string, language: string, now: Date): Promise<Digest> {
    const engine = await resolver.forUser(user.id)
    const startDate = window.start.toISOString()
    const stored = await repo.digest(user.id, view, startDate)
    if (stored && stored.engine === engine.engineKey && (JSON.parse(stored.content) as Stored).language === language) {
      const final = stored.createdAt >= window.end.toISOString()
      const fresh = engine.kind !== 'none' && now.getTime() - Date.parse(stored.createdAt) < RUNNING_MODEL_FRESH_MS
      if (final || fresh) return present(stored, window, timeZone)
    }
    if (window.start.getTime() > now.getTime()) {
      return { view, startDate, endDate: window.end.toISOString(), timeZone, final: false, engine: engine.kind === 'none' ? 'extractive' : 'model', model: engine.kind === 'none' ? null : engine.modelName, topics: [], generatedAt: now.toISOString() }
    }
    const items = await itemsOf(user.id, view, window.start, window.end)
    const topics = items.length === 0 ? [] : engine.kind === 'none' ? extractiveDigest(items) : await modelTopics(user, engine, items, language)
    const row: DigestRow = {
      userId: user.id,
      view,
      startDate,
      engine: engine.engineKey,
      content: JSON.stringify({ language, model: engine.kind === 'none' ? null : engine.modelName, topics } satisfies Stored),
      createdAt: now.toISOString(),
    }
    await repo.putDigest(row)
    return present(row, window, timeZone)
  }

  function once(user: User, view: number, window: { start: Date; end: Date }, timeZone: string, language: string, now: Date): Promise<Digest> {
    const key = `${user.id}|${view}|${window.start.toISOString()}|${language}`
    let flight = inFlight.get(key)
    if (!flight) {
      flight = build(user, view, window, timeZone, language, now).finally(() => inFlight.delete(key))
      inFlight.set(key, flight)
    }
    return flight
  }

  return {
    /**
     * GET /ai/daily: the digest of the half day holding `startDate` (any instant in it; default:
     * the half day that ended last, the one the 8 AM / 8 PM run made).
     */
    async daily(user: User, p: { view: number; startDate?: string; language?: string }, now = new Date()): Promise<Digest> {
      const place = await placeOf(user.id)
      const window = p.startDate ? halfDayOf(new Date(p.startDate), place.timeZone) : previousHalfDay(now, place.timeZone)
      return once(user, p.view, window, place.timeZone, p.language ?? place.language, now)
    },

    /**
     * The scheduler's part of the 8 AM / 8 PM run: one task per user whose half day has ended
     * since this process last looked (the queue's job id, per user and half day, keeps a second
     * scheduler from adding it again).
     */
    async dueTasks(now = new Date()): Promise<DigestTask[]> {
      const byUser = new Map<string, { role: string; views: number[] }>()
      for (const c of await repo.digestCandidates()) {
        const u = byUser.get(c.id) ?? { role: c.role, views: [] }
        u.views.push(c.view)
        byUser.set(c.id, u)
      }
      const tasks: DigestTask[] = []
      for (const [id, { role, views }] of byUser) {
        if ((nextDue.get(id) ?? 0) > now.getTime()) continue
        const { timeZone } = await placeOf(id)
        const window = previousHalfDay(now, timeZone)
        tasks.push({ userId: id, role, views: [...new Set(views)].sort((x, y) => x - y), startDate: window.start.toISOString(), endDate: window.end.toISOString(), timeZone })
        nextDue.set(id, halfDayOf(now, timeZone).end.getTime())
      }
      return tasks
    },

    /** The worker's part: the digests of one user's half day, each view; returns how many it made. */
    async runTask(task: DigestTask, now = new Date()): Promise<number> {
      const { language } = await placeOf(task.userId)
      const window = { start: new Date(task.startDate), end: new Date(task.endDate) }
      let made = 0
      for (const view of task.views) {
        try {
          const digest = await once({ id: task.userId, role: task.role }, view, window, task.timeZone, language, now)
          if (digest.generatedAt === now.toISOString()) made++
        } catch (error) {
          // A provider fault or the budget: a request makes it later (and says why).
          logger.warn({ err: error, userId: task.userId, view }, 'daily digest failed')
        }
      }
      return made
    },
  }
}

export type Digests = ReturnType<typeof createDigests>
