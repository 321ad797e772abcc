/**
 * Start and stop of the local-first machinery. `startLocalFirst` opens the local database and
 * hydrates the stores at once (no network needed); when the session names a user, sync starts:
 * outbox, settings queue, pulls, visibility rule. A different user than the one whose data the
 * local database holds clears it first (SPEC §4 "User-id change").
 */
import type { QueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { localDb, openLocalDb } from '../db/index.ts'
import { pruneEntries } from '../db/repositories/entries.ts'
import { getKv, setKv } from '../db/repositories/kv.ts'
import { housekeeping } from '../db/repositories/maintenance.ts'
import { i18n } from '../i18n/index.ts'
import { readSession, writeSession } from '../lib/storage.ts'
import { useLocalDbStore } from '../store/entities/localDb.ts'
import { useNetworkStore } from '../store/network.ts'
import { clearPersistedQueries } from './queryCache.ts'
import { registerServiceWorker } from '../sw/register.ts'
import { hydrateStores, isFirstVisit, isHydrated, markHydrated, outboxPendingAtHydration, resetStores } from './hydrate.ts'
import { startCrossTab } from './crossTab.ts'
import { startOutbox } from './outbox.ts'
import { startReachabilityProbe } from './reachability.ts'
import { refreshAll, startPull, type StartedPull } from './pull.ts'
import { startSettingsSync } from './settingsQueue.ts'
import { reloadActiveTimelines } from './timelines.ts'
import { env } from '../env.ts'
import { watchVisibility } from './visibility.ts'

const OWNER_KEY = 'owner'
/** Pruning waits this long after start so it never delays the first timeline. */
const HOUSEKEEPING_DELAY_MS = 3000
const MEMORY_WARNED_KEY = 'local-db-memory-warned'

let started: Promise<void> | null = null
let boundUser: string | null = null
let stopSync: (() => void) | null = null
let queryClient: QueryClient | null = null
/** The pull sent when the session named a user before the local database was open. */
let earlyPull: { userId: string; pull: Promise<StartedPull> } | null = null

/** After the next frame (the session's answer renders the shell first), or 100 ms in a hidden tab. */
function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 100)
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve, 0))
  })
}

/** Says once per session that data will not survive a reload. */
function announceMemory(reason: string | undefined): void {
  console.warn('[brook] local database in memory:', reason)
  if (readSession(MEMORY_WARNED_KEY)) return
  writeSession(MEMORY_WARNED_KEY, '1')
  toast.warning(i18n.t('common:localDb.memoryTitle'), { description: i18n.t('common:localDb.memoryHint') })
}

/** Opens the local database and hydrates the stores. Safe to call more than once. */
export function startLocalFirst(options: { queryClient?: QueryClient; storage?: 'auto' | 'memory' } = {}): Promise<void> {
  if (options.queryClient) queryClient = options.queryClient
  started ??= (async () => {
    registerServiceWorker()
    useLocalDbStore.getState().set({ status: 'opening' })
    try {
      performance.mark?.('brook:db-open-start')
      const opened = await openLocalDb({ storage: options.storage })
      performance.mark?.('brook:db-opened')
      if (opened.storage === 'memory') announceMemory(opened.fallbackReason)
      if (opened.rebuilt) console.warn('[brook] the local database was rebuilt after a failed migration')
      await hydrateStores()
      performance.mark?.('brook:hydrated')
      // Other tabs' local changes are local too: followed from the start, signed in or not yet.
      startCrossTab()
      useLocalDbStore.getState().set({ status: 'ready', storage: opened.storage, rebuilt: opened.rebuilt, error: null })
      // Housekeeping once the first timeline had the database to itself.
      setTimeout(() => void localDb.write([...housekeeping(), ...pruneEntries()]).catch(() => undefined), HOUSEKEEPING_DELAY_MS)
    } catch (error) {
      console.error('[brook] the local database could not be opened', error)
      useLocalDbStore.getState().set({ status: 'failed', error: error instanceof Error ? error.message : String(error) })
      markHydrated()
    }
  })()
  return started
}

/** Clears what belongs to another user: the local database, the stores, the persisted queries. */
async function clearForNewUser(): Promise<void> {
  resetStores()
  clearPersistedQueries()
  queryClient?.clear()
  await localDb.wipe()
  await hydrateStores()
}

/** The session named a user: make sure the local data is theirs, then start syncing. */
export async function bindUser(userId: string): Promise<void> {
  // A first visit: the sidebar's requests need not wait for the local database to open; they
  // go out once the shell has painted (their answers are applied after hydration anyway).
  if (isFirstVisit() && !isHydrated() && !earlyPull && boundUser !== userId && useNetworkStore.getState().online) earlyPull = { userId, pull: afterNextFrame().then(startPull) }
  await startLocalFirst()
  if (boundUser === userId) return
  boundUser = userId
  // Its answers are used only when the outbox held nothing they could have missed.
  const early = earlyPull?.userId === userId && outboxPendingAtHydration() === 0 ? earlyPull.pull : undefined
  earlyPull = null
  if (localDb.isOpen) {
    const owner = await getKv<string>({ run: (s) => localDb.read(s) }, OWNER_KEY)
    if (owner && owner !== userId) {
      await clearForNewUser()
      reloadActiveTimelines()
    }
    if (owner !== userId) await localDb.write(setKv(OWNER_KEY, userId))
  }
  stopSync?.()
  const stops = [
    startOutbox(),
    startReachabilityProbe(),
    startSettingsSync(),
    watchVisibility(
      queryClient,
      {
        all: () => {
          reloadActiveTimelines()
          void refreshAll()
        },
        exceptEntries: () => void refreshAll(),
      },
      env.platform,
    ),
    useNetworkStore.subscribe((s, prev) => {
      if (s.online && !prev.online) {
        void refreshAll()
        reloadActiveTimelines()
      }
    }),
  ]
  stopSync = () => stops.forEach((stop) => stop())
  if (useNetworkStore.getState().online) void (early ?? Promise.resolve(undefined)).then(refreshAll)
}

/** Stops syncing (sign-out). The local data stays until another user signs in. */
export function stopLocalFirst(): void {
  stopSync?.()
  stopSync = null
  boundUser = null
}
