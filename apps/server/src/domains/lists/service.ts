/**
 * List rules: anyone signed in may look at a list (they are meant to be followed); only the
 * owner changes it (8001); a followed list cannot be deleted (8004); a feed is in a list once (8003).
 */
import { newId, type FeatureFlag } from '@brook/shared'
import { AppError } from '../../lib/appError.ts'
import { POWER_OFF } from '../../lib/flagGates.ts'
import { nowIso } from '../../lib/time.ts'
import { generateOpml } from '../../reader/opml/generateOpml.ts'
import { presentFeed, type FeedJson } from '../feeds/present.ts'
import type { SubscriptionsRepo } from '../subscriptions/repo.ts'
import { presentSubscription } from '../subscriptions/present.ts'
import { presentList, type ListJson } from './present.ts'
import type { ListRow, ListsRepo } from './repo.ts'

export type ListInput = { title: string; description?: string | null; image?: string | null; view: number; fee: number }
export type ListEdit = { listId: string; title?: string; description?: string | null; image?: string | null; view?: number; fee?: number }

export type ListAnalytics = {
  listId: string
  subscriptionCount: number
  feedCount: number
  series: { date: string; subscribers: number; newSubscribers: number; entries: number }[]
}

export function createListsService(deps: { repo: ListsRepo; subscriptions: SubscriptionsRepo; flagOn?: (flag: FeatureFlag, userId: string | null) => Promise<boolean> }) {
  const { repo } = deps
  const flagOn = deps.flagOn ?? (async () => true)

  /** A fee is paid in POWER: no new one while the admin's power flag is off for the owner. */
  async function mayCharge(userId: string, fee: number, current: number): Promise<void> {
    if (fee > 0 && fee !== current && !(await flagOn('power', userId))) throw new AppError(1004, { reason: `${POWER_OFF}: a list cannot be given a fee` })
  }

  async function mustGet(listId: string): Promise<ListRow> {
    const list = await repo.get(listId)
    if (!list) throw new AppError(8000, { reason: `no list ${listId}` })
    return list
  }

  async function mustOwn(userId: string, listId: string): Promise<ListRow> {
    const list = await mustGet(listId)
    if (list.ownerUserId !== userId) throw new AppError(8001)
    return list
  }

  async function present(list: ListRow): Promise<ListJson> {
    return presentList(list, await repo.feedIds(list.id))
  }

  return {
    mustGet,
    mustOwn,

    /**
     * GET /lists/{id}/analytics: a day per row for the last `days` days (UTC): subscribers at the
     * end of the day (of the current subscriptions: one who left is not counted on any day), new
     * subscribers that day, and entries published that day in the list's current feeds.
     */
    async analytics(listId: string, days: number, now = new Date()): Promise<ListAnalytics> {
      const list = await mustGet(listId)
      const DAY = 86_400_000
      const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
      const first = today - (days - 1) * DAY
      const { subscribedAt, publishedAt } = await repo.activity(listId, new Date(first).toISOString())
      const dayOf = (iso: string) => iso.slice(0, 10)
      const newByDay = new Map<string, number>()
      const entriesByDay = new Map<string, number>()
      for (const at of subscribedAt) newByDay.set(dayOf(at), (newByDay.get(dayOf(at)) ?? 0) + 1)
      for (const at of publishedAt) entriesByDay.set(dayOf(at), (entriesByDay.get(dayOf(at)) ?? 0) + 1)
      let total = subscribedAt.filter((at) => at < new Date(first).toISOString()).length
      const series = Array.from({ length: days }, (_, i) => {
        const date = new Date(first + i * DAY).toISOString().slice(0, 10)
        const newSubscribers = newByDay.get(date) ?? 0
        total += newSubscribers
        return { date, subscribers: total, newSubscribers, entries: entriesByDay.get(date) ?? 0 }
      })
      return { listId: list.id, subscriptionCount: subscribedAt.length, feedCount: (await repo.feedIds(listId)).length, series }
    },

    /** Feed ids of a list (any signed-in user may read a list's timeline). */
    async feedIdsOf(listId: string): Promise<string[]> {
      await mustGet(listId)
      return repo.feedIds(listId)
    },

    /** GET /lists?listId=: the list with its feeds, counts and the viewer's subscription. */
    async detail(viewerId: string, listId: string) {
      const list = await mustGet(listId)
      const feeds = (await repo.feeds(listId)).map((f) => presentFeed(f))
      const subscription = await repo.subscriptionOf(viewerId, listId)
      return {
        list: { ...presentList(list, feeds.map((f) => f.id)), feeds },
        subscriptionCount: Number(list.subscriptionCount),
        feedCount: feeds.length,
        subscription: subscription ? presentSubscription(subscription) : null,
      }
    },

    /** GET /lists/list: the viewer's own lists. */
    async owned(userId: string): Promise<ListJson[]> {
      const lists = await repo.ownedBy(userId)
      const feedIds = await repo.feedIdsOfLists(lists.map((l) => l.id))
      return lists.map((l) => presentList(l, feedIds.get(l.id) ?? []))
    },

    async create(userId: string, input: ListInput): Promise<ListJson> {
      await mayCharge(userId, input.fee, 0)
      const now = nowIso()
      const id = newId()
      await repo.create({ id, ownerUserId: userId, title: input.title.trim(), description: input.description ?? null, image: input.image ?? null, view: input.view, fee: input.fee, createdAt: now, updatedAt: now })
      return present((await repo.get(id)) as ListRow)
    },

    async update(userId: string, input: ListEdit): Promise<ListJson> {
      const list = await mustOwn(userId, input.listId)
      if (input.fee !== undefined) await mayCharge(userId, input.fee, Number(list.fee))
      const patch: Parameters<ListsRepo['update']>[1] = { updatedAt: nowIso() }
      if (input.title !== undefined) patch.title = input.title.trim()
      if (input.description !== undefined) patch.description = input.description
      if (input.image !== undefined) patch.image = input.image
      if (input.view !== undefined) patch.view = input.view
      if (input.fee !== undefined) patch.fee = input.fee
      await repo.update(input.listId, patch)
      return present((await repo.get(input.listId)) as ListRow)
    },

    async delete(userId: string, listId: string): Promise<void> {
      await mustOwn(userId, listId)
      if (!(await repo.deleteIfUnfollowed(listId))) throw new AppError(8004, { reason: 'Unsubscribe everyone (yourself included) first' })
    },

    /** POST /lists/feeds: adds feeds (2001 for an unknown one, 8003 when one is already there). */
    async addFeeds(userId: string, listId: string, feedIds: string[]): Promise<FeedJson[]> {
      await mustOwn(userId, listId)
      const unique = [...new Set(feedIds)]
      const known = new Set(await repo.existingFeedIds(unique))
      const missing = unique.filter((id) => !known.has(id))
      if (missing.length > 0) throw new AppError(2001, { reason: `no feed ${missing.join(', ')}` })
      const { alreadyThere } = await repo.addFeeds(listId, unique, nowIso())
      if (alreadyThere.length > 0) throw new AppError(8003, { reason: `already in the list: ${alreadyThere.join(', ')}` })
      const feeds = await repo.feeds(listId)
      return feeds.filter((f) => known.has(f.id)).map((f) => presentFeed(f))
    },

    async removeFeed(userId: string, listId: string, feedId: string): Promise<void> {
      await mustOwn(userId, listId)
      if (!(await repo.removeFeed(listId, feedId, nowIso()))) throw new AppError(2001, { reason: `feed ${feedId} is not in the list` })
    },

    /** GET /lists/{id}/export: the list's feeds as OPML. */
    async export(listId: string): Promise<{ title: string; opml: string }> {
      const list = await mustGet(listId)
      const feeds = await repo.feeds(listId)
      const opml = generateOpml({
        title: list.title,
        dateCreated: new Date(),
        outlines: feeds.map((f) => ({ title: f.title ?? f.url, xmlUrl: f.url, htmlUrl: f.siteUrl, category: null })),
      })
      return { title: list.title, opml }
    },
  }
}

export type ListsService = ReturnType<typeof createListsService>
