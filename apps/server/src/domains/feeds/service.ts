/**
 * The feed engine's rules: find or create a feed from a URL (discovery → fetch → parse →
 * normalize → sanitize → store → schedule), refresh one under a lease, record errors and
 * recovery, and the reads the API needs. Each pipeline step is a named function below: `fetchDocument`,
 * `toFeed` (parse, then normalize; sanitizing deferred to storage), `prepareEntries` and `storeEntries` (the
 * entries domain's), `nextCheckAt`.
 */
import { newId } from '@brook/shared'
import type { Env } from '../../env.ts'
import type { Logger } from '../../lib/logger.ts'
import { AppError } from '../../lib/appError.ts'
import { fetchFeed, FetchError, type FetchOptions, type FetchResult } from '../../reader/fetcher/fetchFeed.ts'
import { parseDocument, sanitizeEntryHtml, FeedParseError } from '../../reader/parser/parseFeed.ts'
import { normalizeFeed } from '../../reader/normalize/normalizeFeed.ts'
import { discoverFeeds } from '../../reader/discovery/discoverFeeds.ts'
import { sniffFeed } from '../../reader/discovery/sniffFeed.ts'
import type { NormalizedFeed } from '../../reader/normalize/types.ts'
import { createKeyedLimiter, type KeyedLimiter } from './keyedLimiter.ts'
import { createRedisKeyedLimiter } from './redisKeyedLimiter.ts'
import { boundsFor, nextCheckAt, WEEK_MS } from './nextCheck.ts'
import type { DueFeed, FeedAnalyticsRow, FeedPatch, FeedRow, FeedsRepo } from './repo.ts'
import { hasCredentials, hostOf, isRsshubUrl, normalizeFeedUrl } from './feedUrl.ts'
import { prepareEntries, type EntrySanitizer } from '../entries/entryRows.ts'
import { storeEntries } from '../entries/storeEntries.ts'
import type { NewEntry, WebhookDelivery } from '../actions/applyRules.ts'
import { describeFeedError, feedErrorMessage, retryAfterOf, toFeedAppError } from './feedErrors.ts'

export type FeedServiceDeps = {
  repo: FeedsRepo
  env: Env
  logger: Logger
  /** The clock (tests move it). */
  now?: () => Date
  /** A feed's running boost level at a time (domains/boosts): a boosted feed is checked more often (nextCheck.ts). */
  boostLevel?: (feedId: string, at: Date) => Promise<number>
  /** Sends action-rule webhooks after an ingest commits (actions/webhooks.ts). */
  sendWebhooks?: (deliveries: WebhookDelivery[]) => void
  /** Sees every fetched feed document (WebSub hub discovery, reader/websub/). */
  onDocument?: (feed: { id: string; url: string }, body: Uint8Array, link: string | null) => void
  /** Sees the entries a refresh or push added, once committed (Web Push notifications, domains/messaging/). */
  onNewEntries?: (feedId: string, entries: NewEntry[]) => void
  /** The sanitizer applied to stored entries' HTML (default: the pipeline's; tests wrap it to count calls). */
  sanitize?: EntrySanitizer
  /** Redis key prefix of the per-host fetch limits shared through REDIS_URL (default `brook`; tests and benches use their own). */
  redisPrefix?: string
  /** Where an rsshub:// feed is fetched from for a user or a feed (domains/rsshub); absent: such feeds answer 13007. */
  resolveRsshub?: (url: string, who: FetchFor) => Promise<{ url: string; publicUrl: string; allowPrivateNetworks: boolean; redact: (text: string) => string }>
  /** The discovery category of an rsshub:// feed, from its route in the instance's catalogue (domains/rsshub); null when unknown. */
  rsshubCategoryOf?: (url: string, who: FetchFor) => Promise<string | null>
}

/** On whose behalf a document is fetched: an rsshub:// feed goes through that user's RSSHub instance (or its subscribers'). */
export type FetchFor = { userId?: string; feedId?: string }

/** SPEC §7 analytics of one feed. */
export type FeedAnalytics = Omit<FeedAnalyticsRow, 'id'>

/** What one refresh did. `busy`: another worker holds the feed; `missing`: no such feed. */
export type RefreshOutcome = {
  feedId: string
  status: 'updated' | 'not_modified' | 'error' | 'busy' | 'missing' | 'aborted'
  inserted: number
  updated: number
  error?: string
  nextCheckAt?: string
}

type Fetched = Extract<FetchResult, { status: 200 }>
type Resolved = { feedUrl: string; fetched: Fetched; feed: NormalizedFeed } | { existing: FeedRow }

/** A fetch without validators cannot answer 304; a server that does anyway is broken. */
function expect200(result: FetchResult): Fetched {
  if (result.status !== 200) throw new FetchError('http', `HTTP ${result.status} without a conditional request from ${result.finalUrl}`, { status: result.status })
  return result
}

/** How long a refresh may hold its lease beyond the fetch deadline (parse + store). */
const LEASE_MARGIN_MS = 60_000
/** A feed enqueued but never finished (worker died) is picked again after this long. */
export const REQUEUE_AFTER_MS = 15 * 60_000
/** A shared host slot outlives its fetch's deadline by this much at most (a process that died holding it). */
const HOST_SLOT_MARGIN_MS = 10_000

export function createFeedService(deps: FeedServiceDeps) {
  const { env, logger, repo } = deps
  const clock = deps.now ?? (() => new Date())
  // With Redis the per-host cap is shared by every process (redisKeyedLimiter.ts); without, it is this process's.
  const hosts: KeyedLimiter & { close?(): Promise<void> } = env.REDIS_URL
    ? createRedisKeyedLimiter({ url: env.REDIS_URL, limit: env.REFRESH_HOST_CONCURRENCY, leaseMs: env.FETCH_TIMEOUT_MS + HOST_SLOT_MARGIN_MS, logger, prefix: deps.redisPrefix })
    : createKeyedLimiter(env.REFRESH_HOST_CONCURRENCY)
  const refreshing = new Set<string>()
  const ensuring = new Map<string, Promise<FeedRow>>()
  const shutdown = new AbortController()

  const fetchOptions = (extra: Partial<FetchOptions> = {}): FetchOptions => ({
    allowPrivateNetworks: env.FETCH_ALLOW_PRIVATE_NETWORKS,
    maxBytes: env.FETCH_MAX_BYTES,
    timeoutMs: env.FETCH_TIMEOUT_MS,
    signal: shutdown.signal,
    ...extra,
  })

  /** Step 1, fetch: through the SSRF-safe fetcher, under the per-host cap. */
  const fetchHttp = (url: string, extra: Partial<FetchOptions> = {}) => hosts.run(hostOf(url), () => fetchFeed(url, fetchOptions(extra)))

  /**
   * Step 1 for any feed URL: an rsshub:// URL is fetched from the RSSHub instance it resolves to
   * (with its access key, which never reaches a stored URL or error message); its final URL is
   * the instance's route URL without the key, and it never moves.
   */
  async function fetchDocument(url: string, extra: Partial<FetchOptions> = {}, who: FetchFor = {}): Promise<FetchResult> {
    if (!isRsshubUrl(url)) return fetchHttp(url, extra)
    if (!deps.resolveRsshub) throw new AppError(13007, { reason: 'RSSHub is not set up on this server' })
    const target = await deps.resolveRsshub(url, who)
    try {
      const result = await fetchHttp(target.url, { ...extra, allowPrivateNetworks: target.allowPrivateNetworks || env.FETCH_ALLOW_PRIVATE_NETWORKS })
      return { ...result, finalUrl: target.publicUrl, movedTo: null }
    } catch (error) {
      if (!(error instanceof FetchError)) throw error
      if (error.status === 404) throw new AppError(13000, { reason: `${url}: the instance has no such route (HTTP 404 from ${target.publicUrl})` })
      throw new FetchError(error.kind, target.redact(error.message), { status: error.status, retryAfterSeconds: error.retryAfterSeconds })
    }
  }

  /**
   * Steps 2–4 on a fetched document: parse (bytes → feedsmith's format-shaped feed), normalize
   * (→ Brook's one shape, NormalizedFeed), sanitize (each entry's HTML, applied by normalize,
   * which alone knows the URL each entry's relative links resolve against).
   */
  function toFeed(fetched: Fetched, now: Date, forStorage: boolean): NormalizedFeed {
    const document = parseDocument(fetched.body, fetched.contentType)
    // For storage, sanitizing waits for storeEntries: only new or changed entries are sanitized.
    return normalizeFeed(document, forStorage ? { feedUrl: fetched.finalUrl, now, deferSanitize: true } : { feedUrl: fetched.finalUrl, now, sanitize: sanitizeEntryHtml })
  }

  function requireUrl(input: string): string {
    const url = normalizeFeedUrl(input)
    if (!url) throw new AppError(2003, { reason: `not an http(s) or rsshub:// URL: ${input.slice(0, 200)}` })
    return url
  }

  /**
   * URL → a parsed feed. A body that is not a feed (an HTML page) goes through discovery and
   * the first feed found is used; `stopAtExisting` returns a stored feed without fetching it.
   */
  async function resolve(url: string, now: Date, stopAtExisting: boolean, who: FetchFor = {}): Promise<Resolved> {
    // stopAtExisting: creating a feed, whose entries are stored (and sanitized then); else a preview.
    const fetched = expect200(await fetchDocument(url, {}, who))
    try {
      return { feedUrl: url, fetched, feed: toFeed(fetched, now, stopAtExisting) }
    } catch (error) {
      // A broken feed is a parse error; only a page that is no feed at all is worth discovering (an RSSHub route is what it is).
      if (!(error instanceof FeedParseError) || sniffFeed(fetched.body) || isRsshubUrl(url)) throw error
    }
    const found = await discoverFeeds(url, fetchOptions())
    const candidate = found.map((f) => normalizeFeedUrl(f.url)).find((u): u is string => u !== null && u !== url)
    if (!candidate) throw new FeedParseError(`${url} is not a feed and links to none`)
    if (stopAtExisting) {
      const existing = await repo.findByUrl(candidate)
      if (existing) return { existing }
    }
    const second = expect200(await fetchDocument(candidate))
    return { feedUrl: candidate, fetched: second, feed: toFeed(second, now, stopAtExisting) }
  }

  const spread = () => Math.random()

  /** An rsshub:// feed's discovery category from its route's categories; never fails the fetch that asked (null then). */
  async function rsshubCategory(url: string, who: FetchFor): Promise<string | null> {
    if (!isRsshubUrl(url) || !deps.rsshubCategoryOf) return null
    try {
      return await deps.rsshubCategoryOf(url, who)
    } catch (error) {
      logger.debug({ url, err: String(error) }, 'rsshub category unknown')
      return null
    }
  }

  async function createFeed(url: string, who: FetchFor): Promise<FeedRow> {
    const now = clock()
    let resolved: Resolved
    try {
      resolved = await resolve(url, now, true, who)
    } catch (error) {
      throw toFeedAppError(error)
    }
    if ('existing' in resolved) return resolved.existing
    const { fetched, feed } = resolved
    // A URL that redirects to a feed stored under its final URL is that feed.
    const finalUrl = isRsshubUrl(resolved.feedUrl) ? null : normalizeFeedUrl(fetched.finalUrl)
    if (finalUrl && finalUrl !== resolved.feedUrl) {
      const existing = await repo.findByUrl(finalUrl)
      if (existing) return existing
    }
    // A URL that moved permanently is stored under its new address.
    const moved = fetched.movedTo ? normalizeFeedUrl(fetched.movedTo) : null
    const feedUrl = moved && !hasCredentials(resolved.feedUrl) ? moved : resolved.feedUrl
    const nowIso = now.toISOString()
    const id = newId()
    const discoveryCategory = await rsshubCategory(feedUrl, who)
    await repo.transaction(async (tx, trx) => {
      const inserted = await tx.insertFeed({
        discoveryCategory,
        id,
        url: feedUrl,
        title: feed.title,
        description: feed.description,
        siteUrl: feed.siteUrl,
        image: feed.image,
        language: feed.language,
        etag: fetched.etag,
        lastModified: fetched.lastModified,
        ttlMinutes: feed.ttlMinutes,
        checkedAt: nowIso,
        createdAt: nowIso,
        updatedAt: nowIso,
        leaseUntil: null,
        leaseOwner: null,
      })
      if (!inserted) return // created meanwhile by another request: that one stored the entries
      const stored = await storeEntries(trx, id, prepareEntries(feed.entries, now), now, deps.sanitize)
      const updatesPerWeek = await tx.countPublishedSince(id, new Date(now.getTime() - WEEK_MS).toISOString())
      const next = nextCheckAt({ now, updatesPerWeek, errorCount: 0, ttlMinutes: feed.ttlMinutes, maxAgeSeconds: fetched.maxAgeSeconds, spread: spread() })
      await tx.updateFeed(id, { updatesPerWeek, latestEntryPublishedAt: stored.latestPublishedAt, nextCheckAt: next.toISOString() })
    })
    const row = await repo.findByUrl(feedUrl)
    if (!row) throw new AppError(1005, { reason: `feed ${feedUrl} vanished after insert` })
    if (!isRsshubUrl(row.url)) deps.onDocument?.(row, fetched.body, fetched.link ?? null)
    return row
  }

  /** Records a failed check: error fields, back-off, lease released. */
  async function recordFailure(feed: FeedRow, owner: string, error: unknown, now: Date): Promise<RefreshOutcome> {
    const errorCount = feed.errorCount + 1
    const message = feedErrorMessage(error)
    const next = nextCheckAt({ now, updatesPerWeek: feed.updatesPerWeek, errorCount, retryAfterSeconds: retryAfterOf(error), spread: spread() })
    const nowIso = now.toISOString()
    await repo.finishCheck(feed.id, owner, { checkedAt: nowIso, errorAt: nowIso, errorMessage: message, errorCount, nextCheckAt: next.toISOString(), updatedAt: nowIso })
    const level = describeFeedError(error).code === 1005 ? 'error' : 'info'
    logger[level]({ feedId: feed.id, url: feed.url, errorCount, err: message }, 'feed check failed')
    return { feedId: feed.id, status: 'error', inserted: 0, updated: 0, error: message, nextCheckAt: next.toISOString() }
  }

  /**
   * A feed whose address answered with permanent redirects is stored under the address they lead
   * to, so later checks go there directly (a URL carrying credentials stays as it is).
   */
  async function followPermanentMove(feed: FeedRow, result: FetchResult, now: Date): Promise<void> {
    const target = result.movedTo ? normalizeFeedUrl(result.movedTo) : null
    if (!target || target === feed.url || hasCredentials(feed.url)) return
    if (await repo.moveFeedUrl(feed.id, target, now.toISOString())) logger.info({ feedId: feed.id, from: feed.url, to: target }, 'feed moved permanently')
  }

  /** The feed's running boost level; a failed lookup only costs the boost's speed-up, never the check. */
  async function boostLevelOf(feedId: string, now: Date): Promise<number> {
    if (!deps.boostLevel) return 0
    try {
      return await deps.boostLevel(feedId, now)
    } catch (error) {
      logger.warn({ feedId, err: error }, 'boost level lookup failed')
      return 0
    }
  }

  /** One conditional fetch of a feed this worker holds the lease of. */
  async function check(feed: FeedRow, owner: string): Promise<RefreshOutcome> {
    const now = clock()
    const boostLevel = await boostLevelOf(feed.id, now)
    const nowIso = now.toISOString()
    const healthy: FeedPatch = { checkedAt: nowIso, errorAt: null, errorMessage: null, errorCount: 0, updatedAt: nowIso }
    let result: FetchResult
    try {
      result = await fetchDocument(feed.url, { etag: feed.etag, lastModified: feed.lastModified }, { feedId: feed.id })
    } catch (error) {
      if (shutdown.signal.aborted) {
        await repo.finishCheck(feed.id, owner, {})
        return { feedId: feed.id, status: 'aborted', inserted: 0, updated: 0 }
      }
      return recordFailure(feed, owner, error, now)
    }
    await followPermanentMove(feed, result, now)
    if (result.status === 304) {
      // Nothing new, but the week moved on: a feed that went quiet is checked less often.
      const updatesPerWeek = await repo.countPublishedSince(feed.id, new Date(now.getTime() - WEEK_MS).toISOString())
      const next = nextCheckAt({ now, updatesPerWeek, errorCount: 0, ttlMinutes: feed.ttlMinutes, maxAgeSeconds: result.maxAgeSeconds, spread: spread(), boostLevel })
      await repo.finishCheck(feed.id, owner, { ...healthy, updatesPerWeek, etag: result.etag ?? feed.etag, lastModified: result.lastModified ?? feed.lastModified, nextCheckAt: next.toISOString() })
      return { feedId: feed.id, status: 'not_modified', inserted: 0, updated: 0, nextCheckAt: next.toISOString() }
    }
    // An rsshub:// feed stored before its category was known (or before 0020) learns it on a refresh.
    const discoveryCategory = feed.discoveryCategory ?? (await rsshubCategory(feed.url, { feedId: feed.id }))
    try {
      const parsed = toFeed(result, now, true)
      const prepared = prepareEntries(parsed.entries, now)
      let webhooks: WebhookDelivery[] = []
      let added: NewEntry[] = []
      const outcome = await repo.transaction(async (tx, trx) => {
        const stored = await storeEntries(trx, feed.id, prepared, now, deps.sanitize)
        webhooks = stored.webhooks
        added = stored.added
        const updatesPerWeek = await tx.countPublishedSince(feed.id, new Date(now.getTime() - WEEK_MS).toISOString())
        const latest = [feed.latestEntryPublishedAt, stored.latestPublishedAt].filter((d): d is string => d !== null).sort().pop() ?? null
        const next = nextCheckAt({ now, updatesPerWeek, errorCount: 0, ttlMinutes: parsed.ttlMinutes, maxAgeSeconds: result.maxAgeSeconds, spread: spread(), boostLevel })
        await tx.finishCheck(feed.id, owner, {
          ...healthy,
          title: parsed.title ?? feed.title,
          description: parsed.description ?? feed.description,
          siteUrl: parsed.siteUrl ?? feed.siteUrl,
          image: parsed.image ?? feed.image,
          language: parsed.language ?? feed.language,
          discoveryCategory,
          ttlMinutes: parsed.ttlMinutes,
          etag: result.etag,
          lastModified: result.lastModified,
          updatesPerWeek,
          latestEntryPublishedAt: latest,
          nextCheckAt: next.toISOString(),
        })
        return { feedId: feed.id, status: 'updated' as const, inserted: stored.inserted, updated: stored.updated, nextCheckAt: next.toISOString() }
      }, { lockFeedId: feed.id })
      // Action-rule webhooks go out once the entries are committed.
      if (webhooks.length > 0) deps.sendWebhooks?.(webhooks)
      if (added.length > 0) deps.onNewEntries?.(feed.id, added)
      if (!isRsshubUrl(feed.url)) deps.onDocument?.(feed, result.body, result.link ?? null)
      return outcome
    } catch (error) {
      return recordFailure(feed, owner, error, now)
    }
  }

  return {
    /**
     * A feed document pushed by a WebSub hub (its signature already checked): parsed, normalized
     * and sanitized, and its entries stored exactly as a refresh stores them (counters, action
     * rules, webhooks), at once. Returns how many entries were new.
     */
    async ingestPushed(feedId: string, body: Uint8Array, contentType: string | null): Promise<{ inserted: number }> {
      const feed = await repo.findById(feedId)
      if (!feed) return { inserted: 0 }
      const now = clock()
      const parsed = toFeed({ status: 200, body, contentType, finalUrl: feed.url, movedTo: null, etag: null, lastModified: null, maxAgeSeconds: null }, now, true)
      const prepared = prepareEntries(parsed.entries, now)
      let webhooks: WebhookDelivery[] = []
      let added: NewEntry[] = []
      const inserted = await repo.transaction(async (_tx, trx) => {
        // Sanitized as a refresh sanitizes: in storeEntries, new and changed entries only.
        const stored = await storeEntries(trx, feed.id, prepared, now, deps.sanitize)
        webhooks = stored.webhooks
        added = stored.added
        return stored.inserted
      }, { lockFeedId: feed.id })
      if (webhooks.length > 0) deps.sendWebhooks?.(webhooks)
      if (added.length > 0) deps.onNewEntries?.(feed.id, added)
      return { inserted }
    },

    /**
     * The feed stored under a URL, created on first use: discovery (for a site URL), fetch,
     * parse, entries stored, next check scheduled. Throws AppError 2003 (fetch) or 2004 (parse)
     * with the detail in `reason`. Concurrent calls for one URL share one fetch.
     */
    async ensureFeed(input: string, userId?: string): Promise<FeedRow> {
      const url = requireUrl(input)
      const existing = await repo.findByUrl(url)
      if (existing) return existing
      let pending = ensuring.get(url)
      if (!pending) {
        pending = createFeed(url, { userId }).finally(() => ensuring.delete(url))
        ensuring.set(url, pending)
      }
      return pending
    },

    /** A document's text through the SSRF-safe fetcher (feed claiming looks for its token in it); null when it cannot be fetched. */
    async fetchText(url: string): Promise<string | null> {
      try {
        const fetched = await fetchDocument(url)
        return fetched.status === 200 ? new TextDecoder().decode(fetched.body) : null
      } catch {
        return null
      }
    },

    /** Fetches and parses a URL (with discovery) without storing anything: POST /api/entries/preview. */
    async preview(input: string, userId?: string): Promise<NormalizedFeed> {
      const url = requireUrl(input)
      try {
        const resolved = await resolve(url, clock(), false, { userId })
        if ('existing' in resolved) throw new Error('unreachable')
        return { ...resolved.feed, feedUrl: resolved.feedUrl }
      } catch (error) {
        throw toFeedAppError(error)
      }
    },

    /**
     * Checks a feed now, holding its lease (never two refreshes of one feed at once, in this
     * process or any other). Failures are recorded on the feed, not thrown.
     */
    async refreshFeed(feedId: string): Promise<RefreshOutcome> {
      if (refreshing.has(feedId)) return { feedId, status: 'busy', inserted: 0, updated: 0 }
      refreshing.add(feedId)
      try {
        const owner = newId()
        const now = clock()
        const until = new Date(now.getTime() + env.FETCH_TIMEOUT_MS + LEASE_MARGIN_MS).toISOString()
        const leased = await repo.acquireLease(feedId, owner, now.toISOString(), until)
        // Read after taking the lease, so the error count and validators are the last worker's.
        const feed = await repo.findById(feedId)
        if (!feed) return { feedId, status: 'missing', inserted: 0, updated: 0 }
        if (!leased) return { feedId, status: 'busy', inserted: 0, updated: 0 }
        return await check(feed, owner)
      } finally {
        refreshing.delete(feedId)
      }
    },

    /** A feed by id or URL: 2002 when neither is given, 2001 when there is none. */
    async getFeed(query: { id?: string; url?: string }): Promise<FeedRow> {
      if (!query.id && !query.url) throw new AppError(2002)
      const url = query.url ? normalizeFeedUrl(query.url) : null
      const feed = query.id ? await repo.findById(query.id) : url ? await repo.findByUrl(url) : null
      if (!feed) throw new AppError(2001, { reason: query.id ? `no feed ${query.id}` : `no feed at ${query.url}` })
      return feed
    },

    /** SPEC §7 analytics keyed by feed id (unknown ids are left out). */
    async analytics(ids: string[]): Promise<Record<string, FeedAnalytics>> {
      const out: Record<string, FeedAnalytics> = {}
      for (const { id, ...rest } of await repo.analytics([...new Set(ids)])) out[id] = rest
      return out
    },

    /** Forgets a feed's error state and validators and makes it due now (SPEC "reset feed"). */
    async resetFeed(feedId: string): Promise<FeedRow> {
      const feed = await this.getFeed({ id: feedId })
      const nowIso = clock().toISOString()
      await repo.updateFeed(feed.id, { errorAt: null, errorMessage: null, errorCount: 0, etag: null, lastModified: null, nextCheckAt: nowIso, updatedAt: nowIso })
      return (await repo.findById(feed.id)) as FeedRow
    },

    /**
     * The scheduler's batch: subscribed feeds due now and not leased, each pushed REQUEUE_AFTER_MS
     * ahead so the next tick does not enqueue it again while it waits in the queue.
     */
    async claimDueFeeds(limit: number): Promise<DueFeed[]> {
      const now = clock()
      const due = await repo.dueFeeds(now.toISOString(), limit)
      await repo.postpone(due.map((f) => f.id), new Date(now.getTime() + REQUEUE_AFTER_MS).toISOString())
      return due
    },

    /**
     * A feed was just boosted to `level`: its next check comes no later than the level's longest
     * interval from now, so the boost shows without waiting for a check planned before it.
     */
    async boosted(feedId: string, level: number): Promise<void> {
      if (level <= 0) return
      const now = clock()
      await repo.checkNoLaterThan(feedId, new Date(now.getTime() + boundsFor(level)[1]).toISOString())
    },

    /** Aborts in-flight fetches (their leases are released) — process shutdown; resolves when the shared host limits are let go. */
    async close(): Promise<void> {
      shutdown.abort()
      await hosts.close?.()
    },
  }
}

export type FeedService = ReturnType<typeof createFeedService>
