/**
 * Entry translation (issue 10, SPEC §5): only fields that exist, are not translated yet and whose
 * text is not already in the target language (tinyld) go to the model — in one call, each field
 * (and each paragraph of the content) in its own delimited block. Content comes back as one
 * `<p data-para="i">` per translated paragraph i of `splitParagraphs`, so the reader can show it
 * paragraph by paragraph. Needs a model: without one, 5 "Missing configuration".
 */
import { PARAGRAPH_ATTRIBUTE, splitParagraphs } from '@brook/shared'
import { lazily, requireModule } from '../../lib/lazyRequire.ts'
import type { Env } from '../../env.ts'
import { AppError } from '../../lib/appError.ts'
import { nowIso } from '../../lib/time.ts'
import { htmlToText } from '../../reader/sanitizer/htmlToText.ts'
import type { EntriesService } from '../entries/service.ts'
import type { AiLimits } from './limits.ts'
import { modelText } from './modelText.ts'
import { DATA_RULE, languageName } from './prompts.ts'
import type { ProviderResolver } from './providers/resolveProvider.ts'
import type { AiRepo, TranslationRow } from './repo.ts'

export const TRANSLATION_FIELDS = ['title', 'description', 'content', 'readabilityContent'] as const
export type TranslationField = (typeof TRANSLATION_FIELDS)[number]
export type TranslationAnswer = Partial<Record<TranslationField, string>>

/** The reason of code 5 when no model is configured; the web shows "connect a model in Settings → AI". */
export const NO_PROVIDER_REASON = 'No AI provider is configured: connect a model in Settings → AI'
/** Text shorter than this is not trusted to language detection (it is translated). */
const DETECT_MIN_CHARS = 24
/** Paragraphs of one content field sent at most (long articles: the rest stays untranslated). */
const MAX_PARAGRAPHS = 200
const MAX_INPUT_CHARS = 24_000

type User = { id: string; role: string }

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeBlock = (s: string) => s.replace(/<\/?\s*field/gi, (m) => m.replace('<', '‹'))

/** tinyld's language profiles are ~20 MB of heap: loaded at the first detection. */
const tinyld = lazily(() => requireModule<typeof import('tinyld')>('tinyld'))

/** Whether `text` is already written in `language` (base tags compared: zh-TW counts as zh). */
export function alreadyIn(text: string, language: string): boolean {
  if (text.length < DETECT_MIN_CHARS) return false
  const found = tinyld().detect(text)
  return Boolean(found) && found === language.split('-')[0].toLowerCase()
}

export function createTranslations(deps: { repo: AiRepo; entries: Pick<EntriesService, 'visibleEntry'>; resolver: ProviderResolver; limits: AiLimits; env: Env }) {
  const { repo, entries, resolver, limits, env } = deps
  return {
    /** GET /ai/translation: the requested fields' translations (fields needing none are left out). */
    async translate(user: User, p: { id: string; language: string; fields: TranslationField[] }): Promise<TranslationAnswer> {
      const entry = await entries.visibleEntry(user.id, p.id)
      const engine = await resolver.forUser(user.id)
      if (engine.kind === 'none') throw new AppError(5, { reason: NO_PROVIDER_REASON })
      const stored = await repo.translation(entry.id, p.language, engine.engineKey)
      const answer: TranslationAnswer = {}
      const blocks: { name: string; text: string }[] = []
      const pieces = new Map<TranslationField, number[]>()
      for (const field of p.fields) {
        const source = entry[field]
        if (!source) continue
        const cached = stored?.[field]
        if (cached) {
          answer[field] = cached
          continue
        }
        if (field === 'title' || field === 'description') {
          const text = htmlToText(source)
          if (!text || alreadyIn(text, p.language)) continue
          blocks.push({ name: field, text })
          continue
        }
        const paragraphs = splitParagraphs(source).map((piece) => htmlToText(piece))
        if (alreadyIn(paragraphs.join(' ').slice(0, 2000), p.language)) continue
        const indexes: number[] = []
        paragraphs.forEach((text, i) => {
          if (text && indexes.length < MAX_PARAGRAPHS) {
            indexes.push(i)
            blocks.push({ name: `${field}.${i}`, text })
          }
        })
        if (indexes.length) pieces.set(field, indexes)
      }
      if (blocks.length === 0) return answer

      await limits.assertBudget(user, engine)
      let budget = MAX_INPUT_CHARS
      const prompt = blocks
        .filter((b) => (budget -= b.text.length) > 0 || b === blocks[0])
        .map((b) => `<field name="${b.name}">${escapeBlock(b.text)}</field>`)
        .join('\n')
      const result = await modelText(engine, {
        system: [
          `You translate feed entries into ${languageName(p.language)}.`,
          DATA_RULE,
          'Answer with the same <field name="…"> blocks in the same order, each holding only the translation of its text as plain text. Nothing else.',
        ].join('\n'),
        prompt,
        maxOutputTokens: 8000,
        timeoutMs: env.AI_TIMEOUT_MS,
      })
      await limits.record(user, engine, result.tokens)
      const out = new Map<string, string>()
      for (const m of result.text.matchAll(/<field\s+name="([^"]+)"\s*>([\s\S]*?)<\/field>/g)) out.set(m[1], m[2].trim())
      if (out.size === 0) throw new AppError(1005, { reason: 'The AI provider did not answer in the translation format' })

      const row: TranslationRow = { entryId: entry.id, language: p.language, engine: engine.engineKey, title: null, description: null, content: null, readabilityContent: null, createdAt: nowIso() }
      for (const field of ['title', 'description'] as const) {
        const t = out.get(field)
        if (t && blocks.some((b) => b.name === field)) row[field] = answer[field] = t
      }
      for (const [field, indexes] of pieces) {
        const html = indexes
          .map((i) => [i, out.get(`${field}.${i}`)] as const)
          .filter(([, t]) => t)
          .map(([i, t]) => `<p ${PARAGRAPH_ATTRIBUTE}="${i}">${escapeHtml(t as string)}</p>`)
          .join('')
        if (html) row[field] = answer[field] = html
      }
      await repo.putTranslation(row)
      return answer
    },
  }
}

export type Translations = ReturnType<typeof createTranslations>
