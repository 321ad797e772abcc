/**
 * @module Full-text search (docs/search.md): entries the user can see, ranked by relevance with a
 * recency boost and highlighted; the user's subscriptions by title, URL or category; and the
 * background indexing of entries stored before the index existed. One service over two adapters
 * (SQLite FTS5, PostgreSQL tsvector) behind the same repo; the AI chat's "search my entries"
 * tool calls `searchEntries` too.
 */
import type { Logger } from '../../lib/logger.ts'
import { AppError } from '../../lib/appError.ts'
import { nowIso } from '../../lib/time.ts'
import { findHighlights, queryTerms, runsOf, type Highlight } from '@brook/shared'
import type { SearchRepo } from './repo.ts'
import { hitsOf, type EntrySearchHit } from './hits.ts'
import type { SearchThreads } from './searchThreads.ts'

/** A query longer than this is refused with 1002 (a search box, not a document). */
export const MAX_QUERY_LENGTH = 500
export const DEFAULT_SEARCH_LIMIT = 20
export const MAX_SEARCH_LIMIT = 50
/** A page cursor is an offset into the ranking; deeper than this is refused (nobody reads page 50). */
const MAX_OFFSET = 1000

/** What to search: the words, whose entries, and which page. */
export type SearchEntriesInput = {
  userId: string
  query: string
  /** 1–50, default 20. */
  limit?: number
  /** Only entries shown in this view (SPEC §3 view numbers). */
  view?: number
  /** Only entries of this feed. */
  feedId?: string
  /** `nextCursor` of the previous page. */
  cursor?: string | null
}

export type { EntrySearchHit } from './hits.ts'

export type EntrySearchResult = { entries: EntrySearchHit[]; nextCursor: string | null }

/** A subscription that matched, with the matched ranges of its shown title. */
export type SubscriptionSearchHit = {
  /** Subscription id: feed/{id}, list/{id} or inbox/{id}. */
  id: string
  type: 'feed' | 'list' | 'inbox'
  feedId: string | null
  listId: string | null
  inboxId: string | null
  view: number
  category: string | null
  title: string
  url: string | null
  siteUrl: string | null
  image: string | null
  titleHighlights: Highlight[]
}

function parseCursor(cursor: string | null | undefined): number {
  if (cursor === undefined || cursor === null || cursor === '') return 0
  if (!/^\d{1,4}$/.test(cursor) || Number(cursor) > MAX_OFFSET) throw new AppError(1002, { reason: 'cursor must be the nextCursor of a previous page' })
  return Number(cursor)
}

function checkQuery(query: string): void {
  if (query.length > MAX_QUERY_LENGTH) throw new AppError(1002, { reason: `A search query has at most ${MAX_QUERY_LENGTH} characters` })
}

function clampLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_SEARCH_LIMIT
  return Math.min(MAX_SEARCH_LIMIT, Math.max(1, Math.floor(limit)))
}

/**
 * `threads`: on SQLite, the worker threads entry searches run in (searchThreads.ts); without
 * them (PostgreSQL, whose pool already runs queries beside the event loop, an in-memory database,
 * or `SEARCH_THREADS=0`) they run here.
 */
export function createSearchService({ repo, logger, threads }: { repo: SearchRepo; logger: Logger; threads?: SearchThreads }) {
  /**
   * Merges the SQLite index into one b-tree, step by step (`pages` a step, default 500), pausing
   * `pauseMs` between steps so requests and refreshes write in between. The daily run takes steps
   * of 100 pages: each is a synchronous write of ~25 ms (500 pages: ~120 ms, measured on a
   * 1,000,000-entry index, 141 steps, 16.9 s). Returns the steps taken (0: it was
   * one b-tree already, or PostgreSQL). The scheduler role runs it once a day (startIndexTidy).
   */
  async function tidyIndex(options: { pages?: number; pauseMs?: number; stopped?: () => boolean } = {}): Promise<number> {
    let steps = 0
    while (!options.stopped?.() && (await repo.mergeIndexStep(options.pages ?? 500))) {
      steps++
      if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs))
    }
    return steps
  }

  return {
    /**
     * Entries the user can see (their feeds, lists' feeds, own inboxes, stars) containing every
     * word of `query`, best first. Never throws on query syntax (operators and quotes are plain
     * separators); 1002 for a query over 500 characters or a bad cursor.
     */
    async searchEntries(input: SearchEntriesInput): Promise<EntrySearchResult> {
      checkQuery(input.query)
      const offset = parseCursor(input.cursor)
      const limit = clampLimit(input.limit)
      const terms = queryTerms(input.query)
      if (terms.length === 0) return { entries: [], nextCursor: null }
      const query = { userId: input.userId, terms, view: input.view, feedId: input.feedId, limit: limit + 1, offset }
      const hits = (await threads?.search(query)) ?? hitsOf(await repo.searchEntries(query), terms)
      return {
        entries: hits.slice(0, limit),
        nextCursor: hits.length > limit && offset + limit <= MAX_OFFSET ? String(offset + limit) : null,
      }
    },

    /** The user's subscriptions whose title, source title, URL, site or category contains every word of `query`. */
    async searchSubscriptions(input: { userId: string; query: string; limit?: number }): Promise<SubscriptionSearchHit[]> {
      checkQuery(input.query)
      const words = [...new Set(runsOf(input.query).map((r) => r.text))].slice(0, 8)
      const rows = await repo.searchSubscriptions(input.userId, words, clampLimit(input.limit))
      const terms = words.map((token) => ({ token, prefix: true }))
      return rows.map((row) => {
        const type = row.feedId ? 'feed' : row.listId ? 'list' : 'inbox'
        const title = row.title || row.sourceTitle || row.url || row.inboxId || ''
        return {
          id: `${type}/${row.feedId ?? row.listId ?? row.inboxId}`,
          type,
          feedId: row.feedId,
          listId: row.listId,
          inboxId: row.inboxId,
          view: row.view,
          category: row.category,
          title,
          url: row.url,
          siteUrl: row.siteUrl,
          image: row.image,
          titleHighlights: findHighlights(title, terms),
        }
      })
    },

    /** Indexes every entry stored before the index existed, batch by batch, until none is left (tests, CLI). */
    async runBackfill(batchSize = 500): Promise<number> {
      let total = 0
      for (let n = await repo.backfillBatch(batchSize, nowIso()); n > 0; n = await repo.backfillBatch(batchSize, nowIso())) total += n
      return total
    },

    /**
     * The same in the background: one batch, then a pause that hands the database to requests,
     * and so on until done or stopped. Start-up never waits for it.
     */
    startBackfill(options: { batchSize?: number; pauseMs?: number } = {}): { stop(): Promise<void> } {
      const batchSize = options.batchSize ?? 500
      const pauseMs = options.pauseMs ?? 50
      let stopped = false
      let timer: NodeJS.Timeout | undefined
      let wake: (() => void) | undefined
      const run = (async () => {
        let total = 0
        try {
          for (;;) {
            if (stopped) return
            const n = await repo.backfillBatch(batchSize, nowIso())
            if (n === 0) break
            total += n
            await new Promise<void>((resolve) => {
              wake = resolve
              timer = setTimeout(resolve, pauseMs)
            })
          }
          if (total > 0) logger.info({ indexed: total }, 'search: existing entries indexed')
        } catch (error) {
          logger.error({ err: error }, 'search: background indexing stopped')
        }
      })()
      return {
        async stop() {
          stopped = true
          clearTimeout(timer)
          wake?.()
          await run
        },
      }
    },

    tidyIndex,

    /** The daily index merge of the scheduler role: first a minute after start, then every `intervalMs` (default a day). */
    startIndexTidy(options: { intervalMs?: number; firstMs?: number } = {}): { stop(): Promise<void> } {
      let stopped = false
      let running: Promise<unknown> = Promise.resolve()
      const run = () => {
        running = tidyIndex({ pages: 100, pauseMs: 50, stopped: () => stopped })
          .then((steps) => steps > 0 && logger.info({ steps }, 'search: index merged'))
          .catch((error: unknown) => logger.error({ err: error }, 'search: index merge stopped'))
      }
      const first = setTimeout(run, options.firstMs ?? 60_000)
      const every = setInterval(run, options.intervalMs ?? 86_400_000)
      first.unref()
      every.unref()
      return {
        async stop() {
          stopped = true
          clearTimeout(first)
          clearInterval(every)
          await running
        },
      }
    },

    /** Where the background indexing stands (null when the migration has not run). */
    backfillState: () => repo.backfillState(),

    /** Stops the search threads (before the database closes). */
    close: async () => threads?.close(),
  }
}

export type SearchService = ReturnType<typeof createSearchService>
