/** Lists (SPEC §4): create, edit, delete (unsubscribes first), add and remove feeds; optimistic where the id is known. */
import { deleteLists, upsertLists } from '../../db/repositories/sources.ts'
import type { Statement } from '../../db/types.ts'
import { defineMutation, mutate } from '../../sync/mutations.ts'
import { writeListAnswer } from '../../sync/writers.ts'
import { useListStore } from '../entities/lists.ts'
import { useSubscriptionStore } from '../entities/subscriptions.ts'
import type { List, ListInput } from '../types.ts'
import { patchSubscriptions } from './subscriptions.ts'
import { unsubscribe } from './subscriptions.ts'

function restore(previous: List | null, id: string): Statement[] {
  if (previous) {
    useListStore.getState().upsert([previous])
    return upsertLists([previous])
  }
  useListStore.getState().remove([id])
  return deleteLists([id])
}

function put(list: List): Statement[] {
  useListStore.getState().upsert([list])
  return upsertLists([list])
}

const snapshot = (p: { listId: string }) => ({ previous: useListStore.getState().byId[p.listId] ?? null })

const createMutation = defineMutation<ListInput, null>({
  kind: 'lists.create',
  request: (input) => ({ method: 'POST', path: '/lists', body: { ...input } }),
  snapshot: () => null,
  apply: () => [],
  revert: () => [],
  settle: (_p, response) => writeListAnswer(response),
})

const updateMutation = defineMutation<{ listId: string } & Partial<ListInput>, { previous: List | null }>({
  kind: 'lists.update',
  request: (p) => ({ method: 'PATCH', path: '/lists', body: { ...p } }),
  snapshot,
  apply: ({ listId, ...patch }, s) => {
    if (!s.previous) return []
    const statements = put({ ...s.previous, ...patch } as List)
    // Changing a list's view updates its subscription's view (SPEC §4).
    const subId = `list/${listId}`
    if (patch.view !== undefined && useSubscriptionStore.getState().byId[subId]) statements.push(...patchSubscriptions([subId], { view: patch.view }))
    return statements
  },
  revert: (p, s) => {
    const statements = restore(s.previous, p.listId)
    const subId = `list/${p.listId}`
    if (s.previous && p.view !== undefined && useSubscriptionStore.getState().byId[subId]) statements.push(...patchSubscriptions([subId], { view: s.previous.view }))
    return statements
  },
})

const deleteMutation = defineMutation<{ listId: string }, { previous: List | null }>({
  kind: 'lists.delete',
  request: (p) => ({ method: 'DELETE', path: '/lists', body: { listId: p.listId } }),
  snapshot,
  apply: (p) => restore(null, p.listId),
  revert: (p, s) => restore(s.previous, p.listId),
})

const addFeedsMutation = defineMutation<{ listId: string; feedIds: string[] }, { previous: List | null }>({
  kind: 'lists.addFeeds',
  request: (p) => ({ method: 'POST', path: '/lists/feeds', body: { listId: p.listId, feedIds: p.feedIds } }),
  snapshot,
  apply: (p, s) => (s.previous ? put({ ...s.previous, feedIds: [...new Set([...s.previous.feedIds, ...p.feedIds])] }) : []),
  revert: (p, s) => restore(s.previous, p.listId),
  settle: (_p, response) => writeListAnswer(response),
})

const removeFeedMutation = defineMutation<{ listId: string; feedId: string }, { previous: List | null }>({
  kind: 'lists.removeFeed',
  request: (p) => ({ method: 'DELETE', path: '/lists/feeds', body: { listId: p.listId, feedId: p.feedId } }),
  snapshot,
  apply: (p, s) => (s.previous ? put({ ...s.previous, feedIds: s.previous.feedIds.filter((id) => id !== p.feedId) }) : []),
  revert: (p, s) => restore(s.previous, p.listId),
})

/** Creates a list; it appears once the server has given it an id. */
export function createList(input: ListInput): Promise<void> {
  return mutate(createMutation, input)
}

export function updateList(listId: string, patch: Partial<ListInput>): Promise<void> {
  return mutate(updateMutation, { listId, ...patch })
}

/** Deletes a list: unsubscribes from it first when subscribed (SPEC §4). */
export async function deleteList(listId: string): Promise<void> {
  if (useSubscriptionStore.getState().byId[`list/${listId}`]) await unsubscribe(`list/${listId}`)
  await mutate(deleteMutation, { listId })
}

export function addFeedsToList(listId: string, feedIds: readonly string[]): Promise<void> {
  return mutate(addFeedsMutation, { listId, feedIds: [...feedIds] })
}

export function removeFeedFromList(listId: string, feedId: string): Promise<void> {
  return mutate(removeFeedMutation, { listId, feedId })
}
