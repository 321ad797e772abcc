/**
 * Feed icons for API clients (docs/api-access.md): Fever clients show each feed's icon from the
 * bytes the server gives them. Brook looks for it in the background when a client first asks —
 * the feed's image, else /favicon.ico of its site — through the SSRF-guarded fetcher, keeps a
 * raster image of at most 128 KiB (checked by its signature, not its Content-Type), and looks
 * again after a week (a day when nothing was found).
 */
import { fetchFeed } from '../../reader/fetcher/fetchFeed.ts'
import type { Logger } from '../../lib/logger.ts'
import { imageTypeOf } from './imageTypeOf.ts'
import type { FeedIconsRepo } from './repo.ts'

export const ICON_MAX_BYTES = 128 * 1024
const FOUND_FOR_MS = 7 * 24 * 3600_000
const NONE_FOR_MS = 24 * 3600_000
const CONCURRENCY = 4
const TIMEOUT_MS = 10_000

export type IconFeed = { id: string; url: string; image: string | null; siteUrl: string | null }
export type FeedIcon = { mime: string; data: string }

/** Where a feed's icon may be: its own image, then the favicon of its site (or of its own host). */
export function iconCandidates(feed: IconFeed): string[] {
  const out: string[] = []
  if (feed.image && /^https?:\/\//i.test(feed.image)) out.push(feed.image)
  for (const page of [feed.siteUrl, feed.url]) {
    try {
      const url = new URL(page ?? '')
      if (url.protocol === 'http:' || url.protocol === 'https:') {
        out.push(`${url.origin}/favicon.ico`)
        break
      }
    } catch {
      // not a URL: try the next
    }
  }
  return [...new Set(out)]
}

export function createFeedIconsService(deps: { repo: FeedIconsRepo; allowPrivateNetworks: boolean; logger: Logger; now?: () => number }) {
  const now = deps.now ?? Date.now
  const waiting: IconFeed[] = []
  const queued = new Set<string>()
  let running = 0

  async function look(feed: IconFeed): Promise<void> {
    for (const url of iconCandidates(feed)) {
      try {
        const result = await fetchFeed(url, { allowPrivateNetworks: deps.allowPrivateNetworks, maxBytes: ICON_MAX_BYTES, timeoutMs: TIMEOUT_MS })
        if (result.status !== 200) continue
        const mime = imageTypeOf(result.body)
        if (!mime) continue
        await deps.repo.save({ feedId: feed.id, mime, data: Buffer.from(result.body).toString('base64'), sourceUrl: url, checkedAt: new Date(now()).toISOString() })
        return
      } catch {
        // unreachable, refused, too big: the next candidate
      }
    }
    await deps.repo.save({ feedId: feed.id, mime: null, data: null, sourceUrl: null, checkedAt: new Date(now()).toISOString() })
  }

  function pump(): void {
    while (running < CONCURRENCY && waiting.length > 0) {
      const feed = waiting.shift() as IconFeed
      running++
      look(feed)
        .catch((err: unknown) => deps.logger.warn({ err, feedId: feed.id }, 'feed icon not stored'))
        .finally(() => {
          running--
          queued.delete(feed.id)
          pump()
        })
    }
  }

  return {
    /** The stored icons of these feeds (feeds without one are absent). */
    async icons(feedIds: string[]): Promise<Map<string, FeedIcon>> {
      const rows = await deps.repo.byFeedIds(feedIds)
      return new Map(rows.filter((r) => r.mime && r.data).map((r) => [r.feedId, { mime: r.mime as string, data: r.data as string }]))
    },

    /** Looks, in the background, for the icons of these feeds that were never looked for or are due again. */
    async refresh(feeds: IconFeed[]): Promise<void> {
      const rows = new Map((await deps.repo.byFeedIds(feeds.map((f) => f.id))).map((r) => [r.feedId, r]))
      for (const feed of feeds) {
        const row = rows.get(feed.id)
        const due = !row || now() - Date.parse(row.checkedAt) > (row.data ? FOUND_FOR_MS : NONE_FOR_MS)
        if (!due || queued.has(feed.id)) continue
        queued.add(feed.id)
        waiting.push(feed)
      }
      pump()
    },
  }
}

export type FeedIconsService = ReturnType<typeof createFeedIconsService>
