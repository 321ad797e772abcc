/** Inboxes (SPEC §4): create, rename, delete; optimistic (the handle is the id). */
import { deleteInboxes, upsertInboxes } from '../../db/repositories/sources.ts'
import type { Statement } from '../../db/types.ts'
import { defineMutation, mutate } from '../../sync/mutations.ts'
import { writeInboxAnswer } from '../../sync/writers.ts'
import { useInboxStore } from '../entities/inboxes.ts'
import type { Inbox } from '../types.ts'

function restore(previous: Inbox | null, handle: string): Statement[] {
  if (previous) {
    useInboxStore.getState().upsert([previous])
    return upsertInboxes([previous])
  }
  useInboxStore.getState().remove([handle])
  return deleteInboxes([handle])
}

function put(inbox: Inbox): Statement[] {
  useInboxStore.getState().upsert([inbox])
  return upsertInboxes([inbox])
}

type Snapshot = { previous: Inbox | null }
const snapshot = (p: { handle: string }): Snapshot => ({ previous: useInboxStore.getState().byId[p.handle] ?? null })

const createMutation = defineMutation<{ handle: string; title: string }, Snapshot>({
  kind: 'inboxes.create',
  request: (p) => ({ method: 'POST', path: '/inboxes', body: { handle: p.handle, title: p.title } }),
  snapshot,
  apply: (p) => put({ type: 'inbox', id: p.handle, title: p.title, secret: '' }),
  revert: (p, s) => restore(s.previous, p.handle),
  settle: (_p, response) => writeInboxAnswer(response),
})

const updateMutation = defineMutation<{ handle: string; title: string }, Snapshot>({
  kind: 'inboxes.update',
  request: (p) => ({ method: 'PUT', path: '/inboxes', body: { handle: p.handle, title: p.title } }),
  snapshot,
  apply: (p, s) => (s.previous ? put({ ...s.previous, title: p.title }) : []),
  revert: (p, s) => restore(s.previous, p.handle),
})

const deleteMutation = defineMutation<{ handle: string }, Snapshot>({
  kind: 'inboxes.delete',
  request: (p) => ({ method: 'DELETE', path: '/inboxes', body: { handle: p.handle } }),
  snapshot,
  apply: (p) => restore(null, p.handle),
  revert: (p, s) => restore(s.previous, p.handle),
})

export const createInbox = (handle: string, title: string) => mutate(createMutation, { handle, title })
export const updateInbox = (handle: string, title: string) => mutate(updateMutation, { handle, title })
export const deleteInbox = (handle: string) => mutate(deleteMutation, { handle })
