/**
 * Entry rules: which timeline a query means, who may see an entry (feed entries: anyone signed
 * in; inbox entries: the inbox owner), contents, check-new, read histories, preview, readability
 * with its 3-day cache, and inbox entries (webhook in, delete).
 */
import { newId, READABILITY_CACHE_MS } from '@brook/shared'
import type { Env } from '../../env.ts'
import type { Logger } from '../../lib/logger.ts'
import { AppError } from '../../lib/appError.ts'
import { nowIso } from '../../lib/time.ts'
import { fetchFeed, FetchError } from '../../reader/fetcher/fetchFeed.ts'
import { decodeBody } from '../../reader/parser/decodeBody.ts'
import { extractReadable } from '../../reader/readability/extractReadable.ts'
import { htmlToText, sanitizeHtml } from '../../reader/sanitizer/sanitizeHtml.ts'
import type { FeedService } from '../feeds/service.ts'
import { presentFeed } from '../feeds/present.ts'
import type { ReadsRepo } from '../reads/repo.ts'
import type { ListsService } from '../lists/service.ts'
import type { InboxesService } from '../inboxes/service.ts'
import type { InboxRow as StoredInbox } from '../inboxes/repo.ts'
import { applyRulesOnIngest, type WebhookDelivery } from '../actions/applyRules.ts'
import type { ActionsService } from '../actions/service.ts'
import { presentEntry, presentSource, type EntryJson, type EntrySettings, type TimelineItem, type TipUser } from './present.ts'
import type { EntryOverlay } from '../actions/repo.ts'
import type { EntriesRepo, FeedRow, TimelineRow, TimelineScope } from './repo.ts'

/** What GET /entries and GET /entries/check-new select by. */
export type TimelineParams = {
  view?: number
  feedId?: string
  feedIdList?: string[]
  listId?: string
  inboxId?: string
  isCollection?: boolean
  excludePrivate?: boolean
}

/** Fields a webhook delivers for one inbox entry. */
export type InboxEntryInput = {
  guid: string
  publishedAt?: string
  title?: string | null
  url?: string | null
  description?: string | null
  content?: string | null
  author?: string | null
  authorUrl?: string | null
  authorAvatar?: string | null
  language?: string | null
  categories?: string[] | null
  media?: { url: string; type: 'photo' | 'video'; width?: number; height?: number; preview?: string }[] | null
  attachments?: { url: string; title?: string; mime_type?: string; size_in_bytes?: number; duration_in_seconds?: number }[] | null
  extra?: Record<string, unknown> | null
  read?: boolean
}

/** An entry as one user's action rules rewrote it. */
function withOverlay(entry: EntryJson, overlay: EntryOverlay | undefined): EntryJson {
  if (!overlay) return entry
  const out = { ...entry }
  if (overlay.title !== null) out.title = overlay.title
  if (overlay.content !== null && out.content !== undefined) out.content = overlay.content
  return out
}

/** Stored entry settings (JSON text) → the item's settings. */
function parseSettings(text: string): EntrySettings {
  try {
    return JSON.parse(text) as EntrySettings
  } catch {
    return {}
  }
}

/** How long a feed row shown beside timeline entries is reused, and how many are kept. */
const FEED_ROW_TTL_MS = 5_000
const FEED_ROWS_MAX = 20_000

/** How long plan inputs (a user's followed feed count, the feed total) are reused. */
const PLAN_STATS_TTL_MS = 30_000
const PLAN_STATS_MAX = 10_000

export function createEntriesService(deps: {
  repo: EntriesRepo
  reads: ReadsRepo
  lists: Pick<ListsService, 'feedIdsOf'>
  inboxes: Pick<InboxesService, 'mustOwn'>
  feeds: Pick<FeedService, 'preview'>
  env: Env
  logger: Logger
  /** Per-user overlays written by action rules (rewrites, hidden entries, entry settings). */
  actions?: Pick<ActionsService, 'overlays'>
  /** Sends action-rule webhooks after an inbox entry is committed. */
  sendWebhooks?: (deliveries: WebhookDelivery[]) => void
  /** The latest tippers of feeds (wallets `tippersOf`): one query per page. */
  tippers?: (feedIds: string[]) => Promise<Map<string, TipUser[]>>
}) {
  const { repo, reads, lists, inboxes, env } = deps
  const planStats = new Map<string, { at: number; followedFeeds: number; totalFeeds: number }>()

  /**
   * Scan (walk all entries newest first, keep the followed ones) or join (walk each followed
   * feed's index): scanning costs ~limit × total/followed rows, joining ~one probe per feed, so
   * scan when followed² ≥ 8 × total (docs/reading-api.md). Only speed depends on this choice.
   */
  async function planFor(userId: string, view: number | undefined): Promise<'scan' | 'join'> {
    const key = `${userId}:${view ?? '*'}`
    let stats = planStats.get(key)
    if (!stats || Date.now() - stats.at > PLAN_STATS_TTL_MS) {
      stats = { at: Date.now(), ...(await repo.sourceStats(userId, view)) }
      if (planStats.size >= PLAN_STATS_MAX) planStats.clear()
      planStats.set(key, stats)
    }
    return stats.followedFeeds * stats.followedFeeds >= 8 * stats.totalFeeds ? 'scan' : 'join'
  }

  /** The scope a query names; checks the list exists (8000) and the inbox is the user's (10000/10003). */
  async function scopeOf(userId: string, p: TimelineParams): Promise<TimelineScope> {
    const chosen = [p.feedId, p.feedIdList, p.listId, p.inboxId, p.isCollection ? true : undefined].filter((v) => v !== undefined)
    if (chosen.length > 1) throw new AppError(4, { reason: 'Give at most one of feedId, feedIdList, listId, inboxId, isCollection' })
    if (p.feedId) return { kind: 'feeds', feedIds: [p.feedId] }
    if (p.feedIdList) return { kind: 'feeds', feedIds: [...new Set(p.feedIdList)] }
    if (p.listId) {
      await lists.feedIdsOf(p.listId)
      return { kind: 'list', listId: p.listId }
    }
    if (p.inboxId) {
      await inboxes.mustOwn(userId, p.inboxId)
      return { kind: 'inbox', inboxId: p.inboxId }
    }
    if (p.isCollection) return { kind: 'collection', view: p.view }
    return { kind: 'subscribed', view: p.view, excludePrivate: p.excludePrivate ?? false }
  }

  /**
   * Feed rows shown beside timeline entries, reused for FEED_ROW_TTL_MS: every page repeats the
   * same few hundred feeds, and a feed's title or error state a few seconds old is fine there.
   */
  const feedRows = new Map<string, { at: number; row: FeedRow }>()
  async function feedsFor(ids: string[]): Promise<FeedRow[]> {
    const now = Date.now()
    const out: FeedRow[] = []
    const missing: string[] = []
    for (const id of ids) {
      const hit = feedRows.get(id)
      if (hit && now - hit.at < FEED_ROW_TTL_MS) out.push(hit.row)
      else missing.push(id)
    }
    if (missing.length > 0) {
      if (feedRows.size > FEED_ROWS_MAX) feedRows.clear()
      for (const row of await repo.feedsByIds(missing)) {
        feedRows.set(row.id, { at: now, row })
        out.push(row)
      }
    }
    return out
  }

  /** Timeline rows → items with their feeds (or inboxes) and views. */
  async function toItems(userId: string, rows: TimelineRow[], view: number | undefined): Promise<TimelineItem[]> {
    const feedIds = [...new Set(rows.map((r) => r.feedId).filter((v): v is string => v !== null))]
    const inboxIds = [...new Set(rows.map((r) => r.inboxId).filter((v): v is string => v !== null))]
    const [feedRows, inboxRows, views, tippers] = await Promise.all([
      feedIds.length ? feedsFor(feedIds) : [],
      inboxIds.length ? repo.inboxesByIds(inboxIds) : [],
      view === undefined && feedIds.length ? repo.viewsOfFeeds(userId, feedIds) : new Map<string, number>(),
      feedIds.length && deps.tippers ? deps.tippers(feedIds) : new Map<string, TipUser[]>(),
    ])
    const feeds = new Map(feedRows.map((f) => [f.id, f]))
    const inboxMap = new Map(inboxRows.map((i) => [i.id, i]))
    const overlays = deps.actions ? await deps.actions.overlays(userId, rows.map((r) => r.id)) : new Map<string, EntryOverlay>()
    const items: TimelineItem[] = []
    for (const row of rows) {
      const source = presentSource(row, feeds, inboxMap, tippers)
      if (!source) continue
      const overlay = overlays.get(row.id)
      items.push({
        entries: withOverlay(presentEntry(row), overlay),
        ...(overlay?.settings ? { settings: parseSettings(overlay.settings) } : {}),
        feeds: source,
        read: Boolean(row.read),
        view: view ?? (row.feedId ? (views.get(row.feedId) ?? null) : null),
        collections: row.collectedAt ? { createdAt: row.collectedAt } : null,
        tipUsers: row.feedId ? (tippers.get(row.feedId) ?? []) : [],
      })
    }
    return items
  }

  /** An entry the user may see, or 3000. */
  async function visibleEntry(userId: string, id: string) {
    const [row] = await repo.byIds(userId, [id])
    if (!row) throw new AppError(3000)
    if (row.inboxId) {
      const [inbox] = await repo.inboxesByIds([row.inboxId])
      if (!inbox || inbox.userId !== userId) throw new AppError(3000)
    }
    return row
  }

  return {
    planFor,

    /** GET /entries: one page of a timeline; `cancelled` tells a long walk that nobody waits for the page any more. */
    async list(userId: string, p: TimelineParams & { read?: boolean; publishedAfter?: string; beforeId?: string; limit: number; withContent: boolean }, cancelled?: () => boolean): Promise<TimelineItem[]> {
      const scope = await scopeOf(userId, p)
      const plan = scope.kind === 'subscribed' ? await planFor(userId, scope.view) : undefined
      const rows = await repo.timeline(
        {
          userId,
          scope,
          read: p.read,
          before: p.publishedAfter ? { publishedAt: p.publishedAfter, id: p.beforeId } : undefined,
          limit: p.limit,
          withContent: p.withContent,
          plan,
        },
        cancelled,
      )
      return toItems(userId, rows, p.view)
    },

    /** GET /entries?id=: one entry with content and its readability cache. */
    async detail(userId: string, id: string): Promise<TimelineItem & { entries: EntryJson }> {
      const row = await visibleEntry(userId, id)
      const [item] = await toItems(userId, [row as unknown as TimelineRow], undefined)
      if (!item) throw new AppError(3000)
      const entries = presentEntry(row, { readability: true })
      return { ...item, entries: { ...entries, title: item.entries.title, content: item.entries.content ?? entries.content } }
    },

    /** POST /entries: the detail of each entry among ids the user may see, in request order (others left out; one lookup per id). */
    async details(userId: string, ids: string[]): Promise<Awaited<ReturnType<typeof this.detail>>[]> {
      const out: Awaited<ReturnType<typeof this.detail>>[] = []
      for (const id of [...new Set(ids)]) {
        try {
          out.push(await this.detail(userId, id))
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== 3000) throw error
        }
      }
      return out
    },

    /** POST /entries/stream: contents of the visible entries among ids, in request order. */
    async contents(userId: string, ids: string[]): Promise<{ id: string; content: string | null }[]> {
      const rows = await repo.contents(ids)
      const inboxIds = [...new Set(rows.map((r) => r.inboxId).filter((v): v is string => v !== null))]
      const mine = new Set((inboxIds.length ? await repo.inboxesByIds(inboxIds) : []).filter((i) => i.userId === userId).map((i) => i.id))
      const byId = new Map(rows.filter((r) => !r.inboxId || mine.has(r.inboxId)).map((r) => [r.id, r]))
      const overlays = deps.actions ? await deps.actions.overlays(userId, [...byId.keys()]) : new Map<string, EntryOverlay>()
      return ids.flatMap((id) => {
        const row = byId.get(id)
        return row ? [{ id, content: overlays.get(id)?.content ?? row.content }] : []
      })
    },

    /** GET /entries/check-new: is there anything inserted after `insertedAfter` in this timeline. */
    async checkNew(userId: string, p: TimelineParams & { insertedAfter: string; read?: boolean }) {
      const scope = await scopeOf(userId, p)
      const newest = await repo.newestInsertedAfter(userId, scope, p.insertedAfter, p.read)
      return newest ? { hasNew: true, entryId: newest.id, latestAt: newest.insertedAt } : { hasNew: false, entryId: null, latestAt: null }
    },

    /** GET /entries/{id}/read-histories: who read it (only readers who follow the feed publicly, and the viewer). */
    async readHistories(userId: string, entryId: string, size: number, page: number) {
      const entry = await visibleEntry(userId, entryId)
      const allowed = entry.feedId ? await reads.publicReaderIds(entryId, entry.feedId, userId) : [userId]
      const { rows, total } = await reads.readHistory(entryId, size, (page - 1) * size, allowed)
      return { userIds: rows.map((r) => r.userId), total }
    },

    /** POST /entries/preview: a feed URL's entries without subscribing (stored ones when known). */
    async preview(url: string, knownFeed: (url: string) => Promise<{ id: string } | null>, userId: string) {
      const known = await knownFeed(url)
      if (known) {
        const rows = await repo.timeline({ userId, scope: { kind: 'feeds', feedIds: [known.id] }, limit: 20, withContent: true })
        const [feed] = await repo.feedsByIds([known.id])
        return { feed: presentFeed(feed), entries: rows.map((r) => presentEntry(r)) }
      }
      const parsed = await deps.feeds.preview(url, userId)
      const now = nowIso()
      return {
        feed: { type: 'feed' as const, id: null, url: parsed.feedUrl, title: parsed.title, description: parsed.description, siteUrl: parsed.siteUrl, image: parsed.image, language: parsed.language },
        entries: parsed.entries.slice(0, 20).map((e) => ({
          id: null,
          feedId: null,
          inboxHandle: null,
          guid: e.guid,
          title: e.title,
          url: e.url,
          description: e.description,
          content: e.content,
          author: e.author,
          authorUrl: e.authorUrl,
          authorAvatar: e.authorAvatar,
          publishedAt: e.publishedAt,
          insertedAt: now,
          categories: e.categories,
          media: e.media,
          attachments: e.attachments,
          extra: null,
          language: e.language,
        })),
      }
    },

    /**
     * POST /entries/readability: the readable article of an entry's page, fetched through the
     * SSRF guard and sanitized; reused for 3 days (SPEC §4, READABILITY_CACHE_MS).
     */
    async readability(userId: string, id: string): Promise<{ content: string | null; updatedAt: string | null; cached: boolean }> {
      const entry = await visibleEntry(userId, id)
      if (entry.readabilityContent && entry.readabilityUpdatedAt && Date.now() - Date.parse(entry.readabilityUpdatedAt) < READABILITY_CACHE_MS) {
        return { content: entry.readabilityContent, updatedAt: entry.readabilityUpdatedAt, cached: true }
      }
      if (!entry.url) throw new AppError(3, { reason: 'This entry has no link to read' })
      let html: string
      let pageUrl: string
      try {
        const page = await fetchFeed(entry.url, { allowPrivateNetworks: env.FETCH_ALLOW_PRIVATE_NETWORKS, maxBytes: env.FETCH_MAX_BYTES, timeoutMs: env.FETCH_TIMEOUT_MS })
        if (page.status !== 200) throw new FetchError('http', `HTTP ${page.status}`)
        html = decodeBody(page.body, page.contentType)
        pageUrl = page.finalUrl
      } catch (error) {
        throw new AppError(2003, { reason: error instanceof Error ? error.message : String(error) })
      }
      const readable = extractReadable(html, pageUrl)
      if (!readable) throw new AppError(3, { reason: 'No article found on the page' })
      const content = sanitizeHtml(readable.content, pageUrl)
      const updatedAt = nowIso()
      await repo.saveReadability(entry.id, content, updatedAt)
      return { content, updatedAt, cached: false }
    },

    /** POST /inboxes/webhook: stores one entry in an inbox (a repeated guid is the same entry). */
    async receive(inbox: StoredInbox, input: InboxEntryInput): Promise<{ id: string; created: boolean }> {
      const now = nowIso()
      const published = input.publishedAt && Date.parse(input.publishedAt) < Date.now() ? new Date(input.publishedAt).toISOString() : now
      const content = input.content ? sanitizeHtml(input.content, input.url ?? undefined) : null
      const description = input.description ?? (content ? htmlToText(content, 300) || null : null)
      const json = (v: unknown) => (v === undefined || v === null || (Array.isArray(v) && v.length === 0) ? null : JSON.stringify(v))
      let webhooks: WebhookDelivery[] = []
      const result = await repo.insertInboxEntry(
        {
          id: newId(),
          feedId: null,
          inboxId: inbox.id,
          guid: input.guid,
          title: input.title ?? null,
          url: input.url ?? null,
          description,
          content,
          author: input.author ?? null,
          authorUrl: input.authorUrl ?? null,
          authorAvatar: input.authorAvatar ?? null,
          publishedAt: published,
          updatedAt: null,
          insertedAt: now,
          categories: json(input.categories),
          media: json(input.media),
          attachments: json(input.attachments),
          extra: json(input.extra),
          language: input.language ?? null,
          contentHash: null,
          readabilityContent: null,
          readabilityUpdatedAt: null,
        },
        input.read ? inbox.userId : null,
        now,
        async (trx, id) => {
          const entry = { id, feedId: null, inboxId: inbox.id, title: input.title ?? null, content, author: input.author ?? null, url: input.url ?? null, publishedAt: published }
          webhooks = await applyRulesOnIngest(trx, { inboxId: inbox.id }, [entry], new Date(now))
        },
      )
      if (webhooks.length > 0) deps.sendWebhooks?.(webhooks)
      return result
    },

    /** DELETE /entries/inbox: removes an entry of one of the user's inboxes (10003 otherwise). */
    async deleteInboxEntry(userId: string, entryId: string): Promise<void> {
      const [row] = await repo.byIds(userId, [entryId])
      if (!row || !row.inboxId) throw new AppError(3000)
      await inboxes.mustOwn(userId, row.inboxId)
      await repo.deleteEntry(row)
    },

    visibleEntry,

    /** The view the user follows a feed in (undefined when not followed). */
    async subscribedView(userId: string, feedId: string): Promise<number | undefined> {
      return (await repo.viewsOfFeeds(userId, [feedId])).get(feedId)
    },
  }
}

export type EntriesService = ReturnType<typeof createEntriesService>
