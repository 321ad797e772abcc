/** Read state (SPEC §4 "Read status"): mark read/unread and mark all read, optimistic through the outbox. */
import { addUnread, setUnread } from '../../db/repositories/sources.ts'
import { setEntriesRead } from '../../db/repositories/entries.ts'
import type { Statement } from '../../db/types.ts'
import { defineMutation, mutate } from '../../sync/mutations.ts'
import { scheduleUnreadRefresh } from '../../sync/pull.ts'
import { ensureEntriesInStore } from '../../sync/timelines.ts'
import { useEntryStore } from '../entities/entries.ts'
import { useListStore } from '../entities/lists.ts'
import { useSubscriptionStore } from '../entities/subscriptions.ts'
import { useUnreadStore } from '../entities/unread.ts'
import type { Entry, MarkAllReadFilter } from '../types.ts'

/** The unread-count key an entry is counted under. */
export function entrySource(entry: Pick<Entry, 'feedId' | 'inboxHandle'>): string | null {
  return entry.feedId ?? entry.inboxHandle ?? null
}

interface ChangedEntry {
  id: string
  source: string | null
}

function deltasOf(changed: ChangedEntry[], sign: 1 | -1): Record<string, number> {
  const deltas: Record<string, number> = {}
  for (const c of changed) if (c.source) deltas[c.source] = (deltas[c.source] ?? 0) + sign
  return deltas
}

/** Flips the read flag of entries in the stores and returns the statements that do it locally. */
function flip(changed: ChangedEntry[], read: boolean): Statement[] {
  const ids = changed.map((c) => c.id)
  const deltas = deltasOf(changed, read ? -1 : 1)
  useEntryStore.getState().patch(ids, { read })
  useUnreadStore.getState().add(deltas)
  return [...setEntriesRead(ids, read), ...addUnread(deltas)]
}

function changedEntries(ids: readonly string[], toRead: boolean): ChangedEntry[] {
  const byId = useEntryStore.getState().byId
  const out: ChangedEntry[] = []
  for (const id of ids) {
    const e = byId[id]
    if (e && e.read !== toRead) out.push({ id, source: entrySource(e) })
  }
  return out
}

const markReadMutation = defineMutation<{ entryIds: string[]; isInbox: boolean }, ChangedEntry[]>({
  kind: 'reads.markRead',
  request: (p) => ({ method: 'POST', path: '/reads', body: { entryIds: p.entryIds, isInbox: p.isInbox } }),
  snapshot: (p) => changedEntries(p.entryIds, true),
  apply: (_p, changed) => flip(changed, true),
  revert: (_p, changed) => flip(changed, false),
  settle: () => scheduleUnreadRefresh(),
})

const markUnreadMutation = defineMutation<{ entryId: string; isInbox: boolean }, ChangedEntry[]>({
  kind: 'reads.markUnread',
  request: (p) => ({ method: 'DELETE', path: '/reads', body: { entryId: p.entryId, isInbox: p.isInbox } }),
  snapshot: (p) => changedEntries([p.entryId], false),
  apply: (_p, changed) => flip(changed, false),
  revert: (_p, changed) => flip(changed, true),
  settle: () => scheduleUnreadRefresh(),
})

function isInboxEntry(id: string): boolean {
  const e = useEntryStore.getState().byId[id]
  return !!e && !e.feedId && !!e.inboxHandle
}

/** Marks entries read: the unread counts of their sources drop at once. */
export async function markRead(entryIds: readonly string[]): Promise<void> {
  await ensureEntriesInStore(entryIds)
  const unread = entryIds.filter((id) => useEntryStore.getState().byId[id]?.read !== true)
  if (unread.length === 0) return
  const inbox = unread.filter(isInboxEntry)
  const feed = unread.filter((id) => !isInboxEntry(id))
  if (feed.length) await mutate(markReadMutation, { entryIds: feed, isInbox: false })
  if (inbox.length) await mutate(markReadMutation, { entryIds: inbox, isInbox: true })
}

/** Marks entries unread again: their sources' counts rise. */
export async function markUnread(entryIds: readonly string[] | string): Promise<void> {
  const ids = typeof entryIds === 'string' ? [entryIds] : entryIds
  await ensureEntriesInStore(ids)
  for (const id of ids) {
    if (useEntryStore.getState().byId[id]?.read === false) continue
    await mutate(markUnreadMutation, { entryId: id, isInbox: isInboxEntry(id) })
  }
}

interface MarkAllSnapshot {
  entries: ChangedEntry[]
  /** Previous counts of the sources set to zero. */
  counts: Record<string, number>
}

/** The unread-count keys and feed/inbox ids a filter covers. */
function filterScope(f: MarkAllReadFilter): { countKeys: string[]; feedIds: Set<string>; inboxIds: Set<string> } {
  const lists = useListStore.getState().byId
  const feedIds = new Set<string>()
  const inboxIds = new Set<string>()
  const countKeys = new Set<string>()
  const addFeed = (id: string) => {
    feedIds.add(id)
    countKeys.add(id)
  }
  if (f.feedId) addFeed(f.feedId)
  for (const id of f.feedIdList ?? []) addFeed(id)
  if (f.listId) {
    countKeys.add(f.listId)
    for (const id of lists[f.listId]?.feedIds ?? []) feedIds.add(id)
  }
  if (f.inboxId) {
    inboxIds.add(f.inboxId)
    countKeys.add(f.inboxId)
  }
  const bySource = !f.feedId && !f.feedIdList?.length && !f.listId && !f.inboxId
  if (bySource && f.view !== undefined) {
    for (const sub of Object.values(useSubscriptionStore.getState().byId)) {
      if (sub.view !== f.view || (f.excludePrivate && sub.isPrivate)) continue
      if (sub.feedId) addFeed(sub.feedId)
      if (sub.inboxId) {
        inboxIds.add(sub.inboxId)
        countKeys.add(sub.inboxId)
      }
      if (sub.listId) {
        countKeys.add(sub.listId)
        for (const id of lists[sub.listId]?.feedIds ?? []) feedIds.add(id)
      }
    }
  }
  return { countKeys: [...countKeys], feedIds, inboxIds }
}

function inWindow(e: Entry, f: MarkAllReadFilter): boolean {
  if (f.insertedBefore && !(e.insertedAt < f.insertedBefore)) return false
  if (f.startTime && e.publishedAt < f.startTime) return false
  if (f.endTime && e.publishedAt > f.endTime) return false
  return true
}

const markAllReadMutation = defineMutation<MarkAllReadFilter, MarkAllSnapshot>({
  kind: 'reads.markAllRead',
  request: (f) => ({ method: 'POST', path: '/reads/all', body: { ...f } }),
  snapshot: (f) => {
    const { countKeys, feedIds, inboxIds } = filterScope(f)
    const entries: ChangedEntry[] = []
    for (const e of Object.values(useEntryStore.getState().byId)) {
      if (e.read || !inWindow(e, f)) continue
      if ((e.feedId && feedIds.has(e.feedId)) || (e.inboxHandle && inboxIds.has(e.inboxHandle))) entries.push({ id: e.id, source: entrySource(e) })
    }
    const all = useUnreadStore.getState().counts
    const counts: Record<string, number> = {}
    for (const key of countKeys) counts[key] = all[key] ?? 0
    return { entries, counts }
  },
  apply: (f, s) => {
    const windowed = !!(f.insertedBefore || f.startTime || f.endTime)
    const statements = [...setEntriesRead(s.entries.map((e) => e.id), true)]
    useEntryStore.getState().patch(s.entries.map((e) => e.id), { read: true })
    if (windowed) {
      const deltas = deltasOf(s.entries, -1)
      useUnreadStore.getState().add(deltas)
      statements.push(...addUnread(deltas))
    } else {
      const zero = Object.fromEntries(Object.keys(s.counts).map((k) => [k, 0]))
      useUnreadStore.getState().set(zero)
      statements.push(...setUnread(zero))
    }
    return statements
  },
  revert: (_f, s) => {
    useEntryStore.getState().patch(s.entries.map((e) => e.id), { read: false })
    useUnreadStore.getState().set(s.counts)
    return [...setEntriesRead(s.entries.map((e) => e.id), false), ...setUnread(s.counts)]
  },
  settle: () => scheduleUnreadRefresh(),
})

/** Marks everything a filter covers as read (by view, feed(s), list or inbox, optionally in a time window). */
export function markAllRead(filter: MarkAllReadFilter): Promise<void> {
  return mutate(markAllReadMutation, filter)
}
