/**
 * Other tabs of this browser share the local database but have their own stores. After a local
 * change (an optimistic write, or its rollback) a tab says so on a BroadcastChannel; the others
 * re-read the small tables and the entries named, so a read in one tab shows in the others at
 * once rather than at their next sync.
 */
import { localDb } from '../db/index.ts'
import { readEntries } from '../db/repositories/entries.ts'
import { readSources } from '../db/repositories/sources.ts'
import { useCollectionStore } from '../store/entities/collections.ts'
import { useEntryStore } from '../store/entities/entries.ts'
import { useInboxStore } from '../store/entities/inboxes.ts'
import { useListStore } from '../store/entities/lists.ts'
import { useSubscriptionStore } from '../store/entities/subscriptions.ts'
import { useUnreadStore } from '../store/entities/unread.ts'

const CHANNEL = 'brook:local-changes'
const REREAD_DELAYS_MS = [0, 300, 1500]
// Strict: a failed read must not replace the stores with nothing.
const reader = { run: (s: Parameters<typeof localDb.read>[0]) => localDb.readOrThrow(s) }

interface ChangeMessage {
  entryIds: string[]
}

let channel: BroadcastChannel | null = null

/** Tells the other tabs that the local database changed (entries named, plus the small tables). */
export function announceLocalChange(entryIds: readonly string[] = []): void {
  channel?.postMessage({ entryIds: [...entryIds] } satisfies ChangeMessage)
}

async function applyRemoteChange(message: ChangeMessage): Promise<void> {
  if (!localDb.isOpen) return
  const sources = await readSources(reader)
  useSubscriptionStore.getState().replaceAll(sources.subscriptions)
  useUnreadStore.getState().replaceAll(sources.unread)
  useCollectionStore.setState({ byEntryId: Object.fromEntries(sources.collections.map((c) => [c.entryId, c])) })
  useListStore.getState().upsert(sources.lists)
  useInboxStore.getState().upsert(sources.inboxes)
  const known = useEntryStore.getState().byId
  const ids = message.entryIds.filter((id) => known[id])
  if (ids.length) useEntryStore.getState().upsert(await readEntries(reader, ids))
}

/** Starts listening; returns the stop. */
export function startCrossTab(): () => void {
  if (typeof BroadcastChannel === 'undefined' || channel) return () => undefined
  channel = new BroadcastChannel(CHANNEL)
  channel.onmessage = (event: MessageEvent<ChangeMessage>) => {
    // Read now, and again a moment later: the other tab's commit is not always visible to this
    // tab's connection the instant its message arrives (seen with OPFS, one read in ten or so).
    for (const delay of REREAD_DELAYS_MS) {
      setTimeout(() => void applyRemoteChange(event.data).catch((error) => console.warn('[brook] applying another tab’s change failed', error)), delay)
    }
  }
  return () => {
    channel?.close()
    channel = null
  }
}

/** The entry ids a mutation payload names, whatever its shape. */
export function entryIdsOf(payload: unknown): string[] {
  if (!payload || typeof payload !== 'object') return []
  const p = payload as { entryIds?: unknown; entryId?: unknown }
  if (Array.isArray(p.entryIds)) return p.entryIds.filter((id): id is string => typeof id === 'string')
  return typeof p.entryId === 'string' ? [p.entryId] : []
}
