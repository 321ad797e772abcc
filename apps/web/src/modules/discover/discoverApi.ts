/** The discovery and OPML calls of SPEC §7 (POST /discover, POST /entries/preview, OPML parse/import/export). */
import { FeedViewType, isFeedView } from '@brook/shared'
import { api } from '../../api/client.ts'
import type { ApiData } from '../../api/types.ts'

/** One answer of POST /discover: a known feed (or only its URL and title when new), or a list. */
export type DiscoverResult = ApiData<'post', '/discover'>[number]

/** A discovered feed Brook already knows (a new URL comes with its title only). */
export function knownFeed(result: DiscoverResult) {
  return result.feed && result.feed.id !== null ? result.feed : null
}

/** The view of a discovered list (a number 0–5 in the contract). */
export function listView(list: NonNullable<DiscoverResult['list']>, fallback: FeedViewType): FeedViewType {
  return isFeedView(list.view) ? list.view : fallback
}

/** POST /entries/preview: the feed and its newest entries. */
export type Preview = ApiData<'post', '/entries/preview'>
export type PreviewEntry = Preview['entries'][number]

/** Feeds behind a URL, or known feeds and lists matching a keyword. */
export function discover(keyword: string): Promise<DiscoverResult[]> {
  return api.post('/discover', { keyword: keyword.trim() })
}

/** A feed's newest entries without following it. */
export function previewFeed(url: string): Promise<Preview> {
  return api.post('/entries/preview', { url })
}

/** POST /subscriptions/parse-opml: the feeds of the document and the import quota left today. */
export type ParsedOpml = ApiData<'post', '/subscriptions/parse-opml'>
export type OpmlItem = ParsedOpml['items'][number]
export type Quota = ParsedOpml['quota']

export function parseOpml(opml: string): Promise<ParsedOpml> {
  return api.post('/subscriptions/parse-opml', { opml })
}

/** What became of one feed of POST /subscriptions/import. */
export type ImportResult = ApiData<'post', '/subscriptions/import'>['results'][number]

export type ImportItem = { url: string; title?: string; category?: string | null; view?: FeedViewType }

/** Feeds per import request: the server fetches each one, a few at a time. */
export const IMPORT_BATCH = 10
/** One batch may take a while: ten first fetches of feeds, each allowed 20 s by the server. */
const IMPORT_BATCH_TIMEOUT_MS = 120_000

/**
 * Imports the selection in batches, so a long OPML file neither hits the request timeout nor
 * leaves the reader without news: `onProgress` hears after each batch. A batch that fails ends
 * the import; its error is thrown with the results so far attached (`partial`).
 */
export async function importOpml(items: ImportItem[], onProgress?: (done: number, total: number) => void): Promise<{ results: ImportResult[]; quota: Quota }> {
  const results: ImportResult[] = []
  let quota: Quota | null = null
  for (let i = 0; i < items.length; i += IMPORT_BATCH) {
    try {
      const answer = await api.post('/subscriptions/import', { items: items.slice(i, i + IMPORT_BATCH) }, { timeoutMs: IMPORT_BATCH_TIMEOUT_MS })
      results.push(...answer.results)
      quota = answer.quota
    } catch (error) {
      throw Object.assign(error instanceof Error ? error : new Error(String(error)), { partial: { results, quota } })
    }
    onProgress?.(Math.min(i + IMPORT_BATCH, items.length), items.length)
  }
  return { results, quota: quota as Quota }
}

/** Downloads the user's subscriptions as OPML. */
export async function exportOpml(): Promise<void> {
  const blob = await api.get('/subscriptions/export', {}, { responseType: 'blob' })
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = `brook-${new Date().toISOString().slice(0, 10)}.opml`
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

const AUDIO = /\.(mp3|m4a|aac|ogg|opus|wav)(\?|$)/i

/** The objects of a list field of a preview entry (the server describes entries loosely). */
function objects(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null) : []
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** What the preview list shows of an entry. */
export function previewLine(e: PreviewEntry, index: number): { key: string; title: string; publishedAt: string | null } {
  const url = text(e.url)
  return { key: text(e.id) || url || String(index), title: text(e.title) || url, publishedAt: text(e.publishedAt) || null }
}

/** A first guess at the view a feed belongs to, from its newest entries. */
export function guessView(entries: PreviewEntry[], fallback: FeedViewType): FeedViewType {
  if (entries.length === 0) return fallback
  let audio = 0
  let video = 0
  let picture = 0
  for (const e of entries) {
    const media = objects(e.media)
    if (objects(e.attachments).some((a) => text(a.mime_type ?? a.mimeType).startsWith('audio/') || AUDIO.test(text(a.url)))) audio++
    else if (media.some((m) => m.type === 'video')) video++
    // Pictures: a photo with little text around it (an article with a figure stays an article).
    else if (media.some((m) => m.type === 'photo') && text(e.description).replace(/<[^>]+>/g, '').trim().length < 160) picture++
  }
  const half = entries.length / 2
  if (audio >= half) return FeedViewType.Audios
  if (video >= half) return FeedViewType.Videos
  if (picture >= half) return FeedViewType.Pictures
  return fallback
}
