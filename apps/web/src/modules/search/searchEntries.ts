/**
 * The search dialog's data: the server's full-text search when online; the local database's
 * entries (and the subscriptions in the store) when offline or when the server cannot be
 * reached, with the same highlight rules (@brook/shared searchText).
 */
import { queryTerms, runsOf, snippetOf, findHighlights, type Highlight } from '@brook/shared'
import { api, isApiError } from '../../api/client.ts'
import { ClientErrorCodes } from '../../api/ApiError.ts'
import type { ApiData } from '../../api/types.ts'
import { localDb } from '../../db/index.ts'
import { searchLocalEntries } from '../../db/repositories/search.ts'
import { useNetworkStore } from '../../store/network.ts'
import { useSubscriptionStore } from '../../store/entities/subscriptions.ts'
import { useFeedStore } from '../../store/entities/feeds.ts'
import { useListStore } from '../../store/entities/lists.ts'

export type EntryHit = ApiData<'get', '/search/entries'>['entries'][number]
export type SubscriptionHit = ApiData<'get', '/search/subscriptions'>[number]

/** What the dialog shows, and where it came from. */
export type SearchResults = { entries: EntryHit[]; subscriptions: SubscriptionHit[]; source: 'server' | 'local' }

const LIMIT = 20

const executor = { run: (s: Parameters<typeof localDb.read>[0]) => localDb.read(s) }

function plainText(html: string): string {
  if (!html.includes('<')) return html
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim()
}

/** Entries of the local database matching `query`, shaped like the server's hits. */
export async function searchLocally(query: string): Promise<SearchResults> {
  const terms = queryTerms(query)
  const words = runsOf(query).map((r) => r.text)
  const rows = localDb.isOpen ? await searchLocalEntries(executor, words, LIMIT) : []
  const entries: EntryHit[] = rows.map((row) => {
    const title = (row.title as string | null) ?? null
    const content = plainText((row.content as string | null) ?? '')
    const description = (row.description as string | null) ?? ''
    // As on the server: a description that is the beginning of the content is shown once.
    const body = [row.author, content && description && content.startsWith(description.slice(0, 100)) ? '' : description, content].filter((v): v is string => typeof v === 'string' && v !== '').join(' ')
    return {
      id: String(row.id),
      feedId: (row.feedId as string | null) ?? null,
      inboxId: (row.inboxHandle as string | null) ?? null,
      title,
      url: (row.url as string | null) ?? null,
      author: (row.author as string | null) ?? null,
      publishedAt: String(row.publishedAt),
      score: Number(row.inTitle ?? 0),
      titleHighlights: findHighlights(title ?? '', terms),
      snippet: snippetOf(body, terms),
    }
  })
  return { entries, subscriptions: searchSubscriptionsLocally(query), source: 'local' }
}

/** The user's subscriptions (from the stores) whose title, URL or category contains every word. */
export function searchSubscriptionsLocally(query: string): SubscriptionHit[] {
  const words = [...new Set(runsOf(query).map((r) => r.text))]
  if (words.length === 0) return []
  const feeds = useFeedStore.getState().byId
  const lists = useListStore.getState().byId
  const out: SubscriptionHit[] = []
  for (const s of Object.values(useSubscriptionStore.getState().byId)) {
    const feed = s.feedId ? feeds[s.feedId] : undefined
    const list = s.listId ? lists[s.listId] : undefined
    const title = s.title || feed?.title || list?.title || feed?.url || s.inboxId || ''
    const haystack = [title, s.category, feed?.title, list?.title, feed?.url, feed?.siteUrl, s.inboxId].filter(Boolean).join(' ').toLowerCase()
    if (!words.every((w) => haystack.includes(w))) continue
    const type = s.feedId ? 'feed' : s.listId ? 'list' : 'inbox'
    out.push({
      id: s.id, type, feedId: s.feedId ?? null, listId: s.listId ?? null, inboxId: s.inboxId ?? null, view: s.view, category: s.category ?? null,
      title, url: feed?.url ?? null, siteUrl: feed?.siteUrl ?? null, image: feed?.image ?? list?.image ?? null,
      titleHighlights: findHighlights(title, words.map((token) => ({ token, prefix: true }))),
    })
    if (out.length >= LIMIT) break
  }
  return out
}

const unreachable = (error: unknown) => isApiError(error) && (error.code === ClientErrorCodes.Network || error.code === ClientErrorCodes.Timeout || error.status === 0)

/** Searches entries and subscriptions: the server when it answers, the local database otherwise. */
export async function searchEverything(query: string, signal?: AbortSignal): Promise<SearchResults> {
  if (!useNetworkStore.getState().online) return searchLocally(query)
  try {
    const [found, subscriptions] = await Promise.all([
      api.get('/search/entries', { q: query, limit: LIMIT }, { signal }),
      api.get('/search/subscriptions', { q: query, limit: 8 }, { signal }),
    ])
    return { entries: found.entries, subscriptions, source: 'server' }
  } catch (error) {
    if (unreachable(error)) return searchLocally(query)
    throw error
  }
}

/** Splits text into plain and highlighted parts, for rendering with <mark>. */
export function highlightParts(text: string, highlights: readonly Highlight[]): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = []
  let at = 0
  for (const h of highlights) {
    if (h.start < at || h.end > text.length) continue
    if (h.start > at) parts.push({ text: text.slice(at, h.start), marked: false })
    parts.push({ text: text.slice(h.start, h.end), marked: true })
    at = h.end
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false })
  return parts
}
