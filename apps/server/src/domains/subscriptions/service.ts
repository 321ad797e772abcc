/**
 * Subscription rules: subscribe by URL, feed id or list id (caps per role, paid lists refused),
 * edit, batch edit, unsubscribe, and the subscriptions as the sidebar shows them.
 */
import { parseSubscriptionId, power, type FeatureFlag, type PlanLimits } from '@brook/shared'
import type { SessionUser } from '../../lib/context.ts'
import type { Env } from '../../env.ts'
import { AppError } from '../../lib/appError.ts'
import { POWER_OFF, RSSHUB_OFF } from '../../lib/flagGates.ts'
import { isRsshubUrl } from '../feeds/feedUrl.ts'
import { nowIso } from '../../lib/time.ts'
import type { FeedService } from '../feeds/service.ts'
import { presentFeed, type FeedJson } from '../feeds/present.ts'
import { presentList } from '../lists/present.ts'
import { InsufficientFunds } from '../wallets/ledger.ts'
import { presentInbox } from '../inboxes/present.ts'
import { inboxDomain } from '../inboxes/inboxDomain.ts'
import { presentSubscription, type SubscriptionJson } from './present.ts'
import type { FeedRow, ListRow, SubscriptionCounts, SubscriptionFields, SubscriptionPatch, SubscriptionRow, SubscriptionsRepo, Target } from './repo.ts'

/** The parts of the signed-in user the rules look at. */
export type SessionUserLike = Pick<SessionUser, 'id' | 'role'>

export type SubscribeInput = {
  url?: string
  feedId?: string
  listId?: string
  view?: number
  title?: string | null
  category?: string | null
  isPrivate?: boolean
  hideFromTimeline?: boolean
}

export type EditInput = {
  id?: string
  feedId?: string
  listId?: string
  inboxId?: string
  view?: number
  title?: string | null
  category?: string | null
  isPrivate?: boolean
  hideFromTimeline?: boolean
}

export type SubscriptionsServiceDeps = {
  repo: SubscriptionsRepo
  env: Env
  feeds: Pick<FeedService, 'ensureFeed'>
  /** The caps of the user's plan (domains/plans). */
  plans: { limitsFor(role: string): Promise<PlanLimits> }
  /** Feeds just unfollowed by someone (WebSub unsubscribes those nobody follows any more). */
  onUnfollowed?: (feedIds: string[]) => void
  /** The latest tippers of feeds (wallets `tippersOf`), for the feeds' `tipUserIds`. */
  tippers?: (feedIds: string[]) => Promise<Map<string, Array<{ id: string }>>>
  /** The admin's feature flags for a user (domains/featureFlags isOn); absent: every flag on. */
  flagOn?: (flag: FeatureFlag, userId: string | null) => Promise<boolean>
}

/** Subscription fields from API booleans to stored 0/1 flags; undefined fields are left out. */
export function toPatch(input: { view?: number; title?: string | null; category?: string | null; isPrivate?: boolean; hideFromTimeline?: boolean }): SubscriptionPatch {
  const patch: SubscriptionPatch = {}
  if (input.view !== undefined) patch.view = input.view
  if (input.title !== undefined) patch.title = input.title?.trim() || null
  if (input.category !== undefined) patch.category = input.category?.trim() || null
  if (input.isPrivate !== undefined) patch.isPrivate = input.isPrivate ? 1 : 0
  if (input.hideFromTimeline !== undefined) patch.hideFromTimeline = input.hideFromTimeline ? 1 : 0
  return patch
}

/** The one target an edit names (`id` = `feed/123`, or one of the three ids). */
export function targetOf(input: { id?: string; feedId?: string; listId?: string; inboxId?: string }): Target {
  const given = [input.id, input.feedId, input.listId, input.inboxId].filter((v) => v !== undefined)
  if (given.length !== 1) throw new AppError(4, { reason: 'Give exactly one of id, feedId, listId, inboxId' })
  if (input.feedId) return { feedId: input.feedId }
  if (input.listId) return { listId: input.listId }
  if (input.inboxId) return { inboxId: input.inboxId }
  const parsed = parseSubscriptionId(input.id as string)
  if (!parsed) throw new AppError(4, { reason: 'id must look like feed/{id}, list/{id} or inbox/{id}' })
  return parsed.type === 'feed' ? { feedId: parsed.id } : parsed.type === 'list' ? { listId: parsed.id } : { inboxId: parsed.id }
}

/** A short balance for a list's fee is 4002 Insufficient balance (nothing was written). */
async function chargedIn<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof InsufficientFunds) throw new AppError(4002, { reason: 'Your balance does not cover the list fee' })
    throw error
  }
}

export function createSubscriptionsService({ repo, env, feeds, plans, onUnfollowed, tippers, flagOn = async () => true }: SubscriptionsServiceDeps) {
  /** Throws the cap error a new subscription of this kind would hit (SPEC §6, the plan's limits). */
  async function checkCaps(user: SessionUserLike, kind: 'feed' | 'list' | 'inbox'): Promise<void> {
    capsAdmit(await plans.limitsFor(user.role), kind)(await repo.countByType(user.id))
  }

  /** The cap check on given counts: run again inside the subscribe transaction. */
  const capsAdmit = (limits: PlanLimits, kind: 'feed' | 'list' | 'inbox') => (counts: SubscriptionCounts): void => {
    if (kind === 'feed' && limits.feeds !== null && counts.feeds >= limits.feeds) throw new AppError(1100, { reason: `Your plan follows at most ${limits.feeds} feeds` })
    if (kind === 'list' && limits.lists !== null && counts.lists >= limits.lists) throw new AppError(1101, { reason: `Your plan follows at most ${limits.lists} lists` })
    if (kind === 'inbox' && limits.inboxes !== null && counts.inboxes >= limits.inboxes) throw new AppError(1102, { reason: `Your plan has at most ${limits.inboxes} inboxes` })
    if (counts.total >= env.SUBSCRIPTION_LIMIT) throw new AppError(2011, { reason: `At most ${env.SUBSCRIPTION_LIMIT} subscriptions per account` })
  }

  async function feedFor(input: SubscribeInput, userId: string): Promise<FeedRow> {
    if (input.feedId) {
      const [feed] = await repo.feedsByIds([input.feedId])
      if (!feed) throw new AppError(2001, { reason: `no feed ${input.feedId}` })
      return feed
    }
    if (!input.url) throw new AppError(2002)
    // RSSHub off for me: no rsshub:// feed by its URL, even one others already follow here.
    if (isRsshubUrl(input.url.trim()) && !(await flagOn('rsshub', userId))) throw new AppError(1004, { reason: RSSHUB_OFF })
    return feeds.ensureFeed(input.url, userId)
  }

  function fieldsOf(input: SubscribeInput, defaultView: number): SubscriptionFields {
    const patch = toPatch(input)
    return {
      view: patch.view ?? defaultView,
      title: patch.title ?? null,
      category: patch.category ?? null,
      isPrivate: patch.isPrivate ?? 0,
      hideFromTimeline: patch.hideFromTimeline ?? 0,
    }
  }

  async function subscribeList(user: SessionUserLike, input: SubscribeInput & { listId: string }) {
    const [list] = await repo.listsByIds([input.listId])
    if (!list) throw new AppError(8000, { reason: `no list ${input.listId}` })
    // A paid list costs its fee (whole POWER) once, when the subscription is created; its owner follows free.
    const fee = Number(list.fee) > 0 && list.ownerUserId !== user.id ? { amount: power(Number(list.fee)), ownerUserId: list.ownerUserId } : undefined
    const existing = await repo.find(user.id, { listId: list.id })
    // POWER never moves to or from an account the admin's power flag is off for: such a paid list
    // cannot be bought now (nothing is written). Editing a subscription already paid for is free.
    if (fee && !existing) {
      if (!(await flagOn('power', user.id))) throw new AppError(1004, { reason: `${POWER_OFF}: this list's fee cannot be paid` })
      if (!(await flagOn('power', list.ownerUserId))) throw new AppError(1004, { reason: "This list's owner cannot receive POWER now: the list cannot be bought" })
    }
    const limits = await plans.limitsFor(user.role)
    if (!existing) capsAdmit(limits, 'list')(await repo.countByType(user.id))
    // A list subscription shows the list in the list's own view unless the caller says otherwise.
    const { unread, created } = await chargedIn(() => repo.subscribe(user.id, { listId: list.id }, fieldsOf(input, Number(list.view)), nowIso(), capsAdmit(limits, 'list'), fee))
    const [fresh] = await repo.listsByIds([list.id])
    const feedIds = (await repo.listFeedIds([list.id])).get(list.id) ?? []
    return { feed: null, list: presentList(fresh ?? list, feedIds), unread, created }
  }

  /** The subscriptions of rows, each with its feed, list or inbox. */
  async function present(rows: SubscriptionRow[]): Promise<SubscriptionJson[]> {
    const feedIds = rows.map((r) => r.feedId).filter((v): v is string => v !== null)
    const listIds = rows.map((r) => r.listId).filter((v): v is string => v !== null)
    const inboxIds = rows.map((r) => r.inboxId).filter((v): v is string => v !== null)
    const [feedRows, listRows, inboxRows, listFeeds, tipped] = await Promise.all([
      repo.feedsByIds(feedIds),
      repo.listsByIds(listIds),
      repo.inboxesByIds(inboxIds),
      repo.listFeedIds(listIds),
      tippers && feedIds.length ? tippers(feedIds) : new Map<string, Array<{ id: string }>>(),
    ])
    const feedsById = new Map(feedRows.map((f) => [f.id, presentFeed(f, (tipped.get(f.id) ?? []).map((u) => u.id))]))
    const listsById = new Map(listRows.map((l: ListRow) => [l.id, presentList(l, listFeeds.get(l.id) ?? [])]))
    const inboxesById = new Map(inboxRows.map((i) => [i.id, presentInbox(i, inboxDomain(env))]))
    return rows.map((row) =>
      presentSubscription(row, {
        feed: row.feedId ? feedsById.get(row.feedId) : undefined,
        list: row.listId ? listsById.get(row.listId) : undefined,
        inbox: row.inboxId ? inboxesById.get(row.inboxId) : undefined,
      }),
    )
  }

  return {
    checkCaps,
    present,

    async list(userId: string, view?: number): Promise<SubscriptionJson[]> {
      return present(await repo.list(userId, view))
    },

    /** POST /subscriptions: by url or feedId (a feed) or listId (a list). */
    async subscribe(user: SessionUserLike, input: SubscribeInput): Promise<{ feed: FeedJson | null; list: ReturnType<typeof presentList> | null; unread: number; created: boolean }> {
      const targets = [input.url, input.feedId, input.listId].filter((v) => v !== undefined)
      if (targets.length === 0) throw new AppError(2002)
      if (targets.length > 1) throw new AppError(4, { reason: 'Give one of url, feedId, listId' })
      if (input.listId) return subscribeList(user, { ...input, listId: input.listId })
      const feed = await feedFor(input, user.id)
      const limits = await plans.limitsFor(user.role)
      if (!(await repo.find(user.id, { feedId: feed.id }))) capsAdmit(limits, 'feed')(await repo.countByType(user.id))
      const { unread, created } = await repo.subscribe(user.id, { feedId: feed.id }, fieldsOf(input, 0), nowIso(), capsAdmit(limits, 'feed'))
      const [fresh] = await repo.feedsByIds([feed.id])
      return { feed: presentFeed(fresh ?? feed), list: null, unread, created }
    },

    /** PATCH /subscriptions: one subscription of the user. */
    async edit(userId: string, input: EditInput): Promise<SubscriptionJson> {
      const target = targetOf(input)
      const row = await repo.find(userId, target)
      if (!row) throw new AppError(6, { reason: 'Not subscribed' })
      await repo.update(row.id, toPatch(input))
      const [fresh] = await present([(await repo.find(userId, target)) as SubscriptionRow])
      return fresh
    },

    /** PATCH /subscriptions/batch: several subscriptions (by feed, list or inbox ids) at once. */
    async editMany(userId: string, ids: string[], input: { view?: number; category?: string | null; isPrivate?: boolean; hideFromTimeline?: boolean }): Promise<number> {
      const rows = await repo.findByAnyId(userId, ids)
      if (rows.length === 0) throw new AppError(6, { reason: 'None of these are subscribed' })
      return repo.updateMany(userId, rows.map((r) => r.id), toPatch(input))
    },

    /** DELETE /subscriptions: by feedIdList, feedId, listId, inboxId or url; returns how many went. */
    async unsubscribe(userId: string, input: { feedIdList?: string[]; feedId?: string; listId?: string; inboxId?: string; url?: string }): Promise<number> {
      const ids = [...(input.feedIdList ?? []), input.feedId, input.listId, input.inboxId].filter((v): v is string => Boolean(v))
      let rows = ids.length ? await repo.findByAnyId(userId, ids) : []
      if (input.url) {
        const mine = (await repo.list(userId)).filter((r) => r.feedId)
        const feedsById = new Map((await repo.feedsByIds(mine.map((r) => r.feedId as string))).map((f) => [f.id, f]))
        rows = rows.concat(mine.filter((r) => feedsById.get(r.feedId as string)?.url === input.url))
      }
      if (ids.length === 0 && !input.url) throw new AppError(2002, { reason: 'Give feedIdList, feedId, listId, inboxId or url' })
      if (rows.length === 0) throw new AppError(6, { reason: 'Not subscribed' })
      const unique = [...new Map(rows.map((r) => [r.id, r])).values()]
      // A list's feeds may be followed by nobody else once the list goes: they are news for WebSub too.
      const listIds = unique.map((r) => r.listId).filter((id): id is string => id !== null)
      const listFeeds = onUnfollowed && listIds.length > 0 ? [...(await repo.listFeedIds(listIds)).values()].flat() : []
      await repo.unsubscribe(unique)
      const feedIds = [...unique.map((r) => r.feedId).filter((id): id is string => id !== null), ...listFeeds]
      if (feedIds.length > 0) onUnfollowed?.(feedIds)
      return unique.length
    },
  }
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>
