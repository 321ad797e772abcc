/** Start-up hydration (SPEC §4, issue 5): the stores load from the local database before any network call. */
import { localDb } from '../db/index.ts'
import { readSources } from '../db/repositories/sources.ts'
import { useCollectionStore } from '../store/entities/collections.ts'
import { useEntryStore } from '../store/entities/entries.ts'
import { useFeedStore } from '../store/entities/feeds.ts'
import { useInboxStore } from '../store/entities/inboxes.ts'
import { useListStore } from '../store/entities/lists.ts'
import { useSettingsStore } from '../store/entities/settings.ts'
import { useSubscriptionStore } from '../store/entities/subscriptions.ts'
import { useUnreadStore } from '../store/entities/unread.ts'
import { useUserStore } from '../store/entities/users.ts'
import { applyStoredSettings, SETTINGS_KV_KEY } from './settingsQueue.ts'

let resolveHydrated: () => void = () => undefined
let hydratedPromise = new Promise<void>((resolve) => {
  resolveHydrated = resolve
})

/** Resolves once the stores hold what the local database had at start. */
export function hydrated(): Promise<void> {
  return hydratedPromise
}

/** Marks hydration done without data (the local database could not be opened at all). */
export function markHydrated(): void {
  resolveHydrated()
}

/** Loads every store except entries (timelines load their own pages) from the local database, in one round trip and one render. */
export async function hydrateStores(): Promise<void> {
  // Strict: a failed read must not hydrate the stores with nothing (startLocalFirst reports it).
  const sources = await readSources({ run: (s) => localDb.readOrThrow(s) }, [SETTINGS_KV_KEY])
  // All sets in one synchronous block: React renders the hydrated app once.
  useFeedStore.getState().upsert(sources.feeds)
  useListStore.getState().upsert(sources.lists)
  useInboxStore.getState().upsert(sources.inboxes)
  useUserStore.getState().upsert(sources.users)
  useUnreadStore.getState().replaceAll(sources.unread)
  useCollectionStore.getState().upsert(sources.collections)
  applyStoredSettings(sources.kv[SETTINGS_KV_KEY] as Parameters<typeof applyStoredSettings>[0])
  useSubscriptionStore.getState().replaceAll(sources.subscriptions)
  resolveHydrated()
}

/** Empties every store (user change, reset) and re-arms hydration. */
export function resetStores(): void {
  useFeedStore.getState().reset()
  useListStore.getState().reset()
  useInboxStore.getState().reset()
  useUserStore.getState().reset()
  useUnreadStore.getState().reset()
  useCollectionStore.getState().reset()
  useSubscriptionStore.getState().reset()
  useEntryStore.getState().reset()
  useSettingsStore.getState().reset()
  hydratedPromise = new Promise<void>((resolve) => {
    resolveHydrated = resolve
  })
}
