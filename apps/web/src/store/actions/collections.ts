/** Stars (SPEC §4): star adds to the collection, unstar removes; both optimistic. */
import { deleteCollections, upsertCollections } from '../../db/repositories/sources.ts'
import { defineMutation, mutate } from '../../sync/mutations.ts'
import { ensureEntriesInStore } from '../../sync/timelines.ts'
import { useCollectionStore } from '../entities/collections.ts'
import { useEntryStore } from '../entities/entries.ts'
import type { Collection } from '../types.ts'
import type { FeedViewType } from '@brook/shared'

function put(c: Collection | null, entryId: string) {
  if (c) {
    useCollectionStore.getState().upsert([c])
    return upsertCollections([c])
  }
  useCollectionStore.getState().remove([entryId])
  return deleteCollections([entryId])
}

const starMutation = defineMutation<{ entryId: string; view: FeedViewType; createdAt: string }, { previous: Collection | null }>({
  kind: 'collections.star',
  request: (p) => ({ method: 'POST', path: '/collections', body: { entryId: p.entryId, view: p.view } }),
  snapshot: (p) => ({ previous: useCollectionStore.getState().byEntryId[p.entryId] ?? null }),
  apply: (p) => put({ entryId: p.entryId, view: p.view, createdAt: p.createdAt, feedId: useEntryStore.getState().byId[p.entryId]?.feedId ?? null }, p.entryId),
  revert: (p, s) => put(s.previous, p.entryId),
})

const unstarMutation = defineMutation<{ entryId: string }, { previous: Collection | null }>({
  kind: 'collections.unstar',
  request: (p) => ({ method: 'DELETE', path: '/collections', body: { entryId: p.entryId } }),
  snapshot: (p) => ({ previous: useCollectionStore.getState().byEntryId[p.entryId] ?? null }),
  apply: (p) => put(null, p.entryId),
  revert: (p, s) => put(s.previous, p.entryId),
})

/** Stars an entry into the collection of a view. */
export async function star(entryId: string, view: FeedViewType): Promise<void> {
  await ensureEntriesInStore([entryId])
  await mutate(starMutation, { entryId, view, createdAt: new Date().toISOString() })
}

/** Removes an entry from the collection. */
export function unstar(entryId: string): Promise<void> {
  return mutate(unstarMutation, { entryId })
}
