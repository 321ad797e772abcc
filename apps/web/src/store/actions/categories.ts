/** Categories (SPEC §4): rename, delete (subscriptions kept, category cleared), change the view of all its feeds. */
import type { FeedViewType } from '@brook/shared'
import { defineMutation, mutate } from '../../sync/mutations.ts'
import { useSubscriptionStore } from '../entities/subscriptions.ts'
import type { Subscription } from '../types.ts'
import { batchUpdateSubscriptions, patchSubscriptions, restoreSubscriptions } from './subscriptions.ts'

function inCategory(view: FeedViewType, name: string): Subscription[] {
  return Object.values(useSubscriptionStore.getState().byId).filter((s) => s.view === view && s.category === name)
}

/** The ids the category routes take: feed, list or inbox id of each subscription. */
const feedIdsOf = (subs: Subscription[]) => subs.map((s) => s.feedId ?? s.listId ?? s.inboxId).filter((id): id is string => !!id)

const renameMutation = defineMutation<{ ids: string[]; feedIdList: string[]; to: string }, Subscription[]>({
  kind: 'categories.rename',
  request: (p) => ({ method: 'PATCH', path: '/categories', body: { feedIdList: p.feedIdList, category: p.to } }),
  snapshot: (p) => p.ids.map((id) => useSubscriptionStore.getState().byId[id]).filter((s): s is Subscription => !!s),
  apply: (p) => patchSubscriptions(p.ids, { category: p.to }),
  revert: (_p, previous) => restoreSubscriptions(previous),
})

const deleteMutation = defineMutation<{ ids: string[]; feedIdList: string[] }, Subscription[]>({
  kind: 'categories.delete',
  request: (p) => ({ method: 'DELETE', path: '/categories', body: { feedIdList: p.feedIdList, deleteSubscriptions: false } }),
  snapshot: (p) => p.ids.map((id) => useSubscriptionStore.getState().byId[id]).filter((s): s is Subscription => !!s),
  apply: (p) => patchSubscriptions(p.ids, { category: null }),
  revert: (_p, previous) => restoreSubscriptions(previous),
})

/** Renames a category of a view (its subscriptions move with it). */
export async function renameCategory(view: FeedViewType, from: string, to: string): Promise<void> {
  const subs = inCategory(view, from)
  if (subs.length === 0 || from === to) return
  await mutate(renameMutation, { ids: subs.map((s) => s.id), feedIdList: feedIdsOf(subs), to })
}

/** Deletes a category: its subscriptions stay, without a category. */
export async function deleteCategory(view: FeedViewType, name: string): Promise<void> {
  const subs = inCategory(view, name)
  if (subs.length === 0) return
  await mutate(deleteMutation, { ids: subs.map((s) => s.id), feedIdList: feedIdsOf(subs) })
}

/** Moves every subscription of a category to another view, keeping the category (SPEC §4). */
export async function changeCategoryView(view: FeedViewType, name: string, to: FeedViewType): Promise<void> {
  const subs = inCategory(view, name)
  if (subs.length === 0 || view === to) return
  await batchUpdateSubscriptions(subs.map((s) => s.id), { view: to, category: name })
}
