/** The discovery and OPML calls of SPEC §7 (POST /discover, POST /entries/preview, OPML parse/import/export). */
import { FeedViewType } from '@brook/shared'
import { api } from '../../api/client.ts'

export interface DiscoverFeed {
  type: 'feed'
  id: string | null
  url: string
  title: string | null
  description?: string | null
  siteUrl?: string | null
  image?: string | null
  updatesPerWeek?: number
  latestEntryPublishedAt?: string | null
}

export interface DiscoverList {
  type: 'list'
  id: string
  title: string
  description: string | null
  image: string | null
  view: FeedViewType
  fee: number
}

export interface DiscoverResult {
  feed?: DiscoverFeed
  list?: DiscoverList
  subscriptionCount: number
  isSubscribed: boolean
}

export interface PreviewEntry {
  id?: string
  title?: string | null
  url?: string | null
  description?: string | null
  publishedAt?: string | null
  media?: { url: string; type: 'photo' | 'video'; width?: number; height?: number }[] | null
  attachments?: { url: string; mime_type?: string; mimeType?: string }[] | null
}

export interface Preview {
  feed: Record<string, unknown>
  entries: PreviewEntry[]
}

/** Feeds behind a URL, or known feeds and lists matching a keyword. */
export function discover(keyword: string): Promise<DiscoverResult[]> {
  return api.post<DiscoverResult[]>('/discover', { keyword: keyword.trim() })
}

/** A feed's newest entries without following it. */
export function previewFeed(url: string): Promise<Preview> {
  return api.post<Preview>('/entries/preview', { url })
}

export interface OpmlItem {
  url: string
  title: string
  siteUrl: string | null
  category: string | null
  subscribed: boolean
}

export interface Quota {
  limit: number
  used: number
  remaining: number
}

export function parseOpml(opml: string): Promise<{ title: string | null; items: OpmlItem[]; quota: Quota }> {
  return api.post('/subscriptions/parse-opml', { opml })
}

export interface ImportResult {
  url: string
  status: 'subscribed' | 'updated' | 'failed'
  feedId?: string
  error?: { code: number; message: string; reason?: string }
}

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
      const answer = await api.post<{ results: ImportResult[]; quota: Quota }>('/subscriptions/import', { items: items.slice(i, i + IMPORT_BATCH) }, { timeoutMs: IMPORT_BATCH_TIMEOUT_MS })
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
  const blob = await api.get<Blob>('/subscriptions/export', undefined, { responseType: 'blob' })
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

/** A first guess at the view a feed belongs to, from its newest entries. */
export function guessView(entries: PreviewEntry[], fallback: FeedViewType): FeedViewType {
  if (entries.length === 0) return fallback
  let audio = 0
  let video = 0
  let picture = 0
  for (const e of entries) {
    if (e.attachments?.some((a) => (a.mime_type ?? a.mimeType ?? '').startsWith('audio/') || AUDIO.test(a.url))) audio++
    else if (e.media?.some((m) => m.type === 'video')) video++
    // Pictures: a photo with little text around it (an article with a figure stays an article).
    else if (e.media?.some((m) => m.type === 'photo') && (e.description ?? '').replace(/<[^>]+>/g, '').trim().length < 160) picture++
  }
  const half = entries.length / 2
  if (audio >= half) return FeedViewType.Audios
  if (video >= half) return FeedViewType.Videos
  if (picture >= half) return FeedViewType.Pictures
  return fallback
}
