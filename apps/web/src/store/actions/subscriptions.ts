/** Subscription edits (SPEC §4 "Subscription edits"), optimistic through the outbox. */
import { deleteSubscriptions, upsertSubscriptions } from '../../db/repositories/sources.ts'
import { ANALYTICS_EVENTS } from '@brook/shared'
import { analytics } from '../../modules/analytics/analytics.ts'
import type { Statement } from '../../db/types.ts'
import { defineMutation, mutate } from '../../sync/mutations.ts'
import { writeSubscribeAnswer } from '../../sync/writers.ts'
import { useSessionStore } from '../session.ts'
import { useSubscriptionStore } from '../entities/subscriptions.ts'
import type { Subscription, SubscribeInput, SubscriptionPatch } from '../types.ts'

/** The subscription id of a target (SPEC §3); throws when it names none. */
export function subscriptionIdOf(target: { feedId?: string | null; listId?: string | null; inboxId?: string | null }): string {
  if (target.feedId) return `feed/${target.feedId}`
  if (target.listId) return `list/${target.listId}`
  if (target.inboxId) return `inbox/${target.inboxId}`
  throw new Error('A subscription needs a feedId, listId or inboxId')
}

/** Puts subscriptions back as they were (or removes the ones that did not exist). */
export function restoreSubscriptions(previous: Subscription[], removedIds: string[] = []): Statement[] {
  const store = useSubscriptionStore.getState()
  store.upsert(previous)
  if (removedIds.length) store.remove(removedIds)
  return [...upsertSubscriptions(previous), ...deleteSubscriptions(removedIds)]
}

/** Applies a patch to subscriptions in the stores; returns the local statements. */
export function patchSubscriptions(ids: string[], patch: SubscriptionPatch): Statement[] {
  const byId = useSubscriptionStore.getState().byId
  const next = ids.map((id) => byId[id]).filter((s): s is Subscription => !!s).map((s) => ({ ...s, ...patch }))
  useSubscriptionStore.getState().upsert(next)
  return upsertSubscriptions(next)
}

function snapshotOf(ids: string[]): Subscription[] {
  const byId = useSubscriptionStore.getState().byId
  return ids.map((id) => byId[id]).filter((s): s is Subscription => !!s)
}

const subscribeMutation = defineMutation<SubscribeInput & { createdAt: string }, { previous: Subscription | null; optimisticId: string | null }>({
  kind: 'subscriptions.subscribe',
  request: ({ createdAt: _createdAt, ...input }) => ({ method: 'POST', path: '/subscriptions', body: { ...input } }),
  snapshot: (p) => {
    const id = p.feedId || p.listId ? subscriptionIdOf(p) : null
    return { optimisticId: id, previous: id ? (useSubscriptionStore.getState().byId[id] ?? null) : null }
  },
  apply: (p, s) => {
    // Following by URL: the feed id is only known once the server has found the feed.
    if (!s.optimisticId) return []
    const sub: Subscription = {
      id: s.optimisticId,
      type: p.feedId ? 'feed' : 'list',
      feedId: p.feedId ?? null,
      listId: p.listId ?? null,
      inboxId: null,
      userId: useSessionStore.getState().whoami?.id ?? '',
      view: p.view,
      isPrivate: p.isPrivate ?? false,
      hideFromTimeline: p.hideFromTimeline ?? false,
      title: p.title ?? null,
      category: p.category ?? null,
      createdAt: p.createdAt,
    }
    useSubscriptionStore.getState().upsert([sub])
    return upsertSubscriptions([sub])
  },
  revert: (_p, s) => (s.optimisticId ? restoreSubscriptions(s.previous ? [s.previous] : [], s.previous ? [] : [s.optimisticId]) : []),
  settle: (_p, response) => writeSubscribeAnswer(response),
})

/** Follows a feed (by id or URL) or a list. Resolves once queued; the sidebar shows it when known. */
export function subscribe(input: SubscribeInput): Promise<void> {
  if (!input.url && !input.feedId && !input.listId) return Promise.reject(new Error('A subscription needs a feedId, listId or url'))
  analytics.track(ANALYTICS_EVENTS.subscribe)
  return mutate(subscribeMutation, { ...input, createdAt: new Date().toISOString() })
}

const unsubscribeMutation = defineMutation<{ ids: string[] }, Subscription[]>({
  kind: 'subscriptions.unsubscribe',
  request: ({ ids }) => {
    const subs = ids.map((id) => id.split('/') as [string, string])
    const feedIdList = subs.filter(([t]) => t === 'feed').map(([, id]) => id)
    const list = subs.find(([t]) => t === 'list')
    const inbox = subs.find(([t]) => t === 'inbox')
    const body: Record<string, unknown> = {}
    if (feedIdList.length) body.feedIdList = feedIdList
    if (list) body.listId = list[1]
    if (inbox) body.inboxId = inbox[1]
    return { method: 'DELETE', path: '/subscriptions', body }
  },
  snapshot: ({ ids }) => snapshotOf(ids),
  apply: ({ ids }) => {
    useSubscriptionStore.getState().remove(ids)
    return deleteSubscriptions(ids)
  },
  revert: (_p, previous) => restoreSubscriptions(previous),
})

/**
 * Unfollows subscriptions (ids `feed/…`, `list/…`, `inbox/…`). Feeds go in one request; each
 * list or inbox in its own.
 */
export async function unsubscribe(ids: readonly string[] | string): Promise<void> {
  const all = typeof ids === 'string' ? [ids] : [...ids]
  const feeds = all.filter((id) => id.startsWith('feed/'))
  if (feeds.length) await mutate(unsubscribeMutation, { ids: feeds })
  for (const id of all.filter((i) => !i.startsWith('feed/'))) await mutate(unsubscribeMutation, { ids: [id] })
}

const updateMutation = defineMutation<{ id: string; patch: SubscriptionPatch }, Subscription[]>({
  kind: 'subscriptions.update',
  request: ({ id, patch }) => ({ method: 'PATCH', path: '/subscriptions', body: { id, ...patch } }),
  snapshot: ({ id }) => snapshotOf([id]),
  apply: ({ id, patch }) => patchSubscriptions([id], patch),
  revert: (_p, previous) => restoreSubscriptions(previous),
})

/** Edits one subscription: view, category, title, private, hidden from timeline. */
export function updateSubscription(id: string, patch: SubscriptionPatch): Promise<void> {
  return mutate(updateMutation, { id, patch })
}

const batchMutation = defineMutation<{ ids: string[]; view: number; category?: string | null }, Subscription[]>({
  kind: 'subscriptions.batch',
  request: ({ ids, view, category }) => ({
    method: 'PATCH',
    path: '/subscriptions/batch',
    // Feed, list or inbox ids: the part after `feed/`, `list/`, `inbox/`.
    body: { feedIds: ids.map((id) => id.slice(id.indexOf('/') + 1)), view, ...(category !== undefined ? { category } : {}) },
  }),
  snapshot: ({ ids }) => snapshotOf(ids),
  apply: ({ ids, view, category }) => patchSubscriptions(ids, { view: view as SubscriptionPatch['view'], ...(category !== undefined ? { category } : {}) }),
  revert: (_p, previous) => restoreSubscriptions(previous),
})

/** Moves subscriptions (feed, list or inbox) to a view, and optionally a category, at once. */
export function batchUpdateSubscriptions(ids: readonly string[], patch: { view: SubscriptionPatch['view'] & number; category?: string | null }): Promise<void> {
  return mutate(batchMutation, { ids: [...ids], view: patch.view, category: patch.category })
}
