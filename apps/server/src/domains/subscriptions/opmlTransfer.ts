/**
 * OPML in and out: parse an upload to show its feeds (with what is already followed and the
 * quota left today), import a selection under the per-user daily quota, export with categories.
 */
import { AppError } from '../../lib/appError.ts'
import { OpmlError, parseOpml } from '../../reader/opml/parseOpml.ts'
import { generateOpml } from '../../reader/opml/generateOpml.ts'
import type { Env } from '../../env.ts'
import type { SessionUserLike, SubscriptionsService } from './service.ts'
import type { SubscriptionsRepo } from './repo.ts'

/** One feed of an uploaded OPML. */
export type OpmlItem = { url: string; title: string; siteUrl: string | null; category: string | null; subscribed: boolean }

/** What one import item came to. */
export type ImportResult = {
  url: string
  status: 'subscribed' | 'updated' | 'failed'
  feedId?: string
  error?: { code: number; message: string; reason?: string }
}

/** One feed to import. */
export type ImportItem = { url: string; title?: string | null; category?: string | null; view?: number }

export type Quota = { limit: number; used: number; remaining: number }

/** Items imported at once. */
const IMPORT_CONCURRENCY = 4

/** The UTC day a quota counts against. */
function today(): string {
  return new Date().toISOString().slice(0, 10)
}

export function createOpmlTransfer(deps: { repo: SubscriptionsRepo; subscriptions: SubscriptionsService; env: Env }) {
  const { repo, subscriptions, env } = deps

  async function quota(userId: string): Promise<Quota> {
    const used = await repo.importUsage(userId, today())
    return { limit: env.OPML_IMPORT_QUOTA, used, remaining: Math.max(0, env.OPML_IMPORT_QUOTA - used) }
  }

  async function importEach(userId: string, items: ImportItem[], apply: (item: ImportItem) => Promise<{ feedId?: string; created: boolean }>): Promise<{ results: ImportResult[]; quota: Quota }> {
    const unique = [...new Map(items.map((i) => [i.url, i])).values()]
    if (unique.length === 0) throw new AppError(4, { reason: 'Nothing selected to import' })
    const day = today()
    if (!(await repo.takeImportQuota(userId, day, unique.length, env.OPML_IMPORT_QUOTA))) {
      const q = await quota(userId)
      throw new AppError(2011, { reason: `OPML import quota: ${unique.length} selected, ${q.remaining} of ${q.limit} left today` })
    }
    const results: ImportResult[] = new Array(unique.length)
    let next = 0
    const worker = async () => {
      while (next < unique.length) {
        const index = next++
        const item = unique[index]
        try {
          const { feedId, created } = await apply(item)
          results[index] = { url: item.url, status: created ? 'subscribed' : 'updated', feedId }
        } catch (error) {
          const e = error instanceof AppError ? error : new AppError(1005, { reason: error instanceof Error ? error.message : String(error) })
          results[index] = { url: item.url, status: 'failed', error: { code: e.code, message: e.message, ...(e.reason ? { reason: e.reason } : {}) } }
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(IMPORT_CONCURRENCY, unique.length) }, worker))
    await repo.returnImportQuota(userId, day, results.filter((r) => r.status !== 'subscribed').length)
    return { results, quota: await quota(userId) }
  }

  function parse(text: string | Uint8Array) {
    try {
      return parseOpml(text)
    } catch (error) {
      if (error instanceof OpmlError) throw new AppError(14000, { reason: error.message })
      throw error
    }
  }

  return {
    quota,

    /** POST /subscriptions/parse-opml: the feeds of a document, nothing stored. */
    async parse(userId: string, text: string | Uint8Array): Promise<{ title: string | null; items: OpmlItem[]; quota: Quota }> {
      const parsed = parse(text)
      const mine = await repo.list(userId)
      const followed = new Set((await repo.feedsByIds(mine.map((r) => r.feedId).filter((v): v is string => v !== null))).map((f) => f.url))
      const seen = new Set<string>()
      const items: OpmlItem[] = []
      for (const o of parsed.outlines) {
        if (seen.has(o.xmlUrl)) continue
        seen.add(o.xmlUrl)
        items.push({ url: o.xmlUrl, title: o.title, siteUrl: o.htmlUrl, category: o.category, subscribed: followed.has(o.xmlUrl) })
      }
      return { title: parsed.title, items, quota: await quota(userId) }
    },

    /** Items of an uploaded document, optionally narrowed to the selected URLs. */
    itemsOf(text: string | Uint8Array, selected?: string[]): { url: string; title: string | null; category: string | null }[] {
      const outlines = parse(text).outlines
      const keep = selected ? new Set(selected) : null
      return outlines.filter((o) => !keep || keep.has(o.xmlUrl)).map((o) => ({ url: o.xmlUrl, title: o.title, category: o.category }))
    },

    /**
     * POST /subscriptions/import: subscribes to each selected feed. The whole selection must fit
     * in today's quota (2011 with the numbers otherwise); items that fail or were already
     * followed give their quota back.
     */
    import(user: SessionUserLike, items: ImportItem[]): Promise<{ results: ImportResult[]; quota: Quota }> {
      return importEach(user.id, items, async (item) => {
        const { feed, created } = await subscriptions.subscribe(user, { url: item.url, title: item.title ?? null, category: item.category ?? null, view: item.view ?? 0 })
        return { feedId: feed?.id, created }
      })
    },

    /**
     * The import loop of both OPML imports (subscriptions, and a list's feeds: POST /lists/import):
     * the selection, deduplicated by URL, must fit in today's quota (2011 otherwise); `apply` runs
     * on each item, a few at a time; an item that fails is reported with its SPEC §8 error, and
     * items that failed or changed nothing new give their quota back.
     */
    importEach,

    /** GET /subscriptions/export: the user's feeds as OPML 2.0, categories as folders. */
    async export(userId: string, title: string): Promise<string> {
      const rows = (await repo.list(userId)).filter((r) => r.feedId)
      const feedsById = new Map((await repo.feedsByIds(rows.map((r) => r.feedId as string))).map((f) => [f.id, f]))
      const outlines = rows.flatMap((r) => {
        const feed = feedsById.get(r.feedId as string)
        return feed ? [{ title: r.title ?? feed.title ?? feed.url, xmlUrl: feed.url, htmlUrl: feed.siteUrl, category: r.category }] : []
      })
      return generateOpml({ title, dateCreated: new Date(), outlines })
    },
  }
}

export type OpmlTransfer = ReturnType<typeof createOpmlTransfer>
