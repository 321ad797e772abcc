/** The format-neutral half of entry normalization: identity, dates, text, categories, sanitizing. */
import { createHash } from 'node:crypto'
import type { MediaCollector } from './media.ts'
import { parseDate } from './parseDate.ts'
import { displayName } from './person.ts'
import { stripControls } from '../sanitizer/htmlToText.ts'
import { describe, describePlain, htmlTitle } from './text.ts'
import type { NormalizedAuthor, NormalizedEntry } from './types.ts'

/** What the caller of normalize provides. */
export type NormalizeContext = {
  feedUrl: string
  /** Fetch time: the date of undated entries and the ceiling for future dates. */
  now: Date
  /** Applied to every entry's HTML with the URL relative links resolve against (the sanitizer). */
  sanitize?: (html: string, baseUrl: string | null) => string
  /**
   * Leave the HTML as it came and give each entry its `contentBase` instead: the feed engine
   * sanitizes at storage time, only the entries that are new or changed.
   */
  deferSanitize?: boolean
}

/** One entry as a format mapper sees it, before the shared rules run. */
export type EntryDraft = {
  id: string | null
  /** Plain text already. */
  title: string | null
  /** Absolute http(s) URL already. */
  url: string | null
  /** Summary as HTML (RSS description, Atom summary of type html, JSON Feed summary escaped). */
  summaryHtml: string | null
  contentHtml: string | null
  /** Base URL for the relative links inside the HTML. */
  contentBase: string | null
  author: NormalizedAuthor | null
  authorAvatar: string | null
  rawPublished: string | null
  rawUpdated: string | null
  categories: (string | null | undefined)[]
  media: MediaCollector
  language: string | null
}

/** sha1 hex of the given parts, for entries with neither id nor link. */
export function hashGuid(...parts: (string | null | undefined)[]): string {
  return createHash('sha1').update(parts.map((p) => p ?? '').join('\n')).digest('hex')
}

function uniqueCategories(values: (string | null | undefined)[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const value of values) {
    const text = htmlTitle(value)
    if (!text) continue
    const key = text.toLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    out.push(text)
  }
  return out
}

function clampIso(date: Date | null, now: Date): string | null {
  if (!date) return null
  return (date.getTime() > now.getTime() ? now : date).toISOString()
}

/** Applies the shared rules to a draft: guid fallback, dates, plain-text description, content images, sanitizing. */
export function finishEntry(d: EntryDraft, ctx: NormalizeContext, feedLanguage: string | null): NormalizedEntry {
  const published = parseDate(d.rawPublished) ?? parseDate(d.rawUpdated)
  const updated = parseDate(d.rawUpdated)
  const html = d.contentHtml ?? d.summaryHtml
  const guid =
    (d.id && stripControls(d.id).trim()) ||
    d.url ||
    hashGuid(d.title, d.rawPublished ?? d.rawUpdated, d.title || d.rawPublished || d.rawUpdated ? '' : html)

  d.media.addContentImages(html, d.contentBase)

  let content = html
  if (content !== null && ctx.sanitize) content = ctx.sanitize(content, d.contentBase) || null

  return {
    ...(ctx.deferSanitize ? { contentBase: d.contentBase } : {}),
    guid,
    title: d.title,
    url: d.url,
    description: describe(d.summaryHtml) ?? describe(d.contentHtml),
    content,
    author: displayName(d.author),
    authorUrl: d.author?.url ?? null,
    authorAvatar: d.authorAvatar,
    publishedAt: clampIso(published, ctx.now) ?? ctx.now.toISOString(),
    updatedAt: clampIso(updated, ctx.now),
    categories: uniqueCategories(d.categories),
    media: d.media.media,
    attachments: d.media.attachments,
    language: d.language ?? feedLanguage,
  }
}

export { describePlain }
