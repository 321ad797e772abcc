/**
 * Settings sync (SPEC §4): a local change is queued with its tab; the queue flushes after 1 s of
 * quiet and when the network returns, merging queued payloads into one PATCH per tab; items are
 * removed only after success; nothing is sent while offline. The queue is saved to local storage
 * on page hide and read back at start. A pull applies a tab only when the server's time is newer.
 */
import { filterSettingsPayload } from '@brook/shared'
import { api } from '../api/client.ts'
import { localDb } from '../db/index.ts'
import { getKv, setKv } from '../db/repositories/kv.ts'
import { readLocal, writeLocal } from '../lib/storage.ts'
import { useSettingsStore, type SettingsPayload } from '../store/entities/settings.ts'
import { useNetworkStore } from '../store/network.ts'
import type { SettingsTab } from '../store/types.ts'
import { newIdempotencyKey } from './mutations.ts'

export const SETTINGS_FLUSH_DEBOUNCE_MS = 1000
export const SETTINGS_QUEUE_KEY = 'settings-queue'
export const SETTINGS_TABS: SettingsTab[] = ['general', 'ui', 'ai']
const KV_KEY = 'settings'

interface QueueItem {
  tab: SettingsTab
  payload: SettingsPayload
}

let queue: QueueItem[] = []
let timer: ReturnType<typeof setTimeout> | null = null
let flushing: Promise<void> | null = null

function save(): void {
  writeLocal(SETTINGS_QUEUE_KEY, JSON.stringify(queue))
}

/** Reads a queue saved by an earlier page. */
export function loadSettingsQueue(): void {
  try {
    const saved = JSON.parse(readLocal(SETTINGS_QUEUE_KEY) ?? '[]') as QueueItem[]
    if (Array.isArray(saved)) queue = saved.filter((i) => SETTINGS_TABS.includes(i.tab) && i.payload && typeof i.payload === 'object')
  } catch {
    queue = []
  }
}

/** Persists the tabs locally so the next start has them before any network call. */
export function persistSettingsLocally(): Promise<unknown> {
  const { tabs, updated } = useSettingsStore.getState()
  return localDb.write(setKv(KV_KEY, { tabs, updated }))
}

/** The key-value entry the tabs are kept under locally. */
export const SETTINGS_KV_KEY = KV_KEY

type StoredSettings = { tabs: Record<SettingsTab, SettingsPayload>; updated: Record<SettingsTab, string | null> }

/** Puts tabs stored locally (read with the other small tables at start) into the store. */
export function applyStoredSettings(stored: StoredSettings | null | undefined): void {
  if (!stored) return
  for (const tab of SETTINGS_TABS) if (stored.tabs?.[tab]) useSettingsStore.getState().replace(tab, stored.tabs[tab], stored.updated?.[tab] ?? null)
}

/** Reads the tabs stored locally into the store. */
export async function hydrateSettings(): Promise<void> {
  applyStoredSettings(await getKv<StoredSettings>({ run: (s) => localDb.read(s) }, KV_KEY))
}

/** Queues a change of one tab and schedules a flush. */
export function queueSettings(tab: SettingsTab, payload: SettingsPayload): void {
  if (Object.keys(payload).length === 0) return
  queue.push({ tab, payload })
  save()
  if (timer) clearTimeout(timer)
  timer = setTimeout(() => {
    timer = null
    void flushSettings()
  }, SETTINGS_FLUSH_DEBOUNCE_MS)
}

/** Merged payload per tab, in queue order. */
export function mergeQueue(items: QueueItem[]): Map<SettingsTab, SettingsPayload> {
  const merged = new Map<SettingsTab, SettingsPayload>()
  for (const item of items) merged.set(item.tab, { ...merged.get(item.tab), ...item.payload })
  return merged
}

/** Sends one patch per tab; keeps what failed. Does nothing offline. */
export function flushSettings(): Promise<void> {
  if (flushing) return flushing
  flushing = (async () => {
    if (!useNetworkStore.getState().online || queue.length === 0) return
    const taken = queue.slice()
    for (const [tab, merged] of mergeQueue(taken)) {
      // SPEC §5: only the tab's known keys are sent, and an empty result not at all.
      const payload = filterSettingsPayload(tab, merged)
      try {
        if (payload) await api.patch(`/settings/{tab}`, { tab, ...payload }, { headers: { 'Idempotency-Key': newIdempotencyKey() } })
        // Remove exactly the items that were sent; later ones stay for the next flush.
        queue = queue.filter((item) => !(item.tab === tab && taken.includes(item)))
        save()
      } catch (error) {
        console.warn(`[brook] settings ${tab} not saved yet`, error)
      }
    }
  })().finally(() => {
    flushing = null
  })
  return flushing
}

/** Pulls the settings; a tab replaces the local one only when the server's time is newer. */
export async function pullSettings(): Promise<void> {
  await applyPulledSettings(await api.get('/settings'))
}

let pulled = false

/** Whether the server's settings have been read once in this page (a tab never set stays at its defaults). */
export function settingsPulled(): boolean {
  return pulled
}

/** Applies an answer of `GET /settings` (the same rule as `pullSettings`). */
export async function applyPulledSettings(answer: unknown): Promise<void> {
  pulled = true
  const data = answer as { settings?: Partial<Record<SettingsTab, SettingsPayload>>; updated?: Partial<Record<SettingsTab, string | null>> } | null | undefined
  const store = useSettingsStore.getState()
  let changed = false
  for (const tab of SETTINGS_TABS) {
    const remote = data?.settings?.[tab]
    const remoteAt = data?.updated?.[tab] ?? null
    if (!remote || !remoteAt) continue
    const localAt = store.updated[tab]
    if (localAt && Date.parse(localAt) >= Date.parse(remoteAt)) continue
    // Queued local changes still win over what the server had before them.
    const pending = mergeQueue(queue).get(tab) ?? {}
    store.replace(tab, { ...remote, ...pending }, remoteAt)
    changed = true
  }
  if (changed) await persistSettingsLocally()
}

/** Starts the queue: reload, save on page hide, flush on reconnect. */
export function startSettingsSync(): () => void {
  loadSettingsQueue()
  const onHide = () => save()
  window.addEventListener('pagehide', onHide)
  window.addEventListener('beforeunload', onHide)
  const off = useNetworkStore.subscribe((s, prev) => {
    if (s.online && !prev.online) void flushSettings()
  })
  void flushSettings()
  return () => {
    window.removeEventListener('pagehide', onHide)
    window.removeEventListener('beforeunload', onHide)
    off()
    if (timer) clearTimeout(timer)
  }
}
