/**
 * The outbox runner: sends queued writes strictly in order, each with its Idempotency-Key.
 *
 * - accepted → the row is removed (and the mutation stores what the server answered);
 * - refused (4xx other than 401/408/429 and 409 code 1) → the change is rolled back in the stores and the
 *   local database, the row is removed, the error toast shows; later rows go on;
 * - no network, a timeout, 5xx, 401, 429, 409 code 1 → the row stays and the run stops (order is kept);
 *   it resumes when the network returns, after a back-off, or at the next start.
 *
 * Only one run at a time across every tab of this browser (a Web Lock), so a row is never in
 * flight twice; if a tab dies after the server accepted but before the row was removed, the
 * replay carries the same key and the server answers from its idempotency store.
 */
import { api, isApiError, type ApiClient } from '../api/client.ts'
import { toastError } from '../api/toastError.ts'
import { localDb } from '../db/index.ts'
import { countOutbox, deleteOutbox, markOutboxSent, noteOutboxFailure, readOutbox, type OutboxRow } from '../db/repositories/outbox.ts'
import { useLocalDbStore } from '../store/entities/localDb.ts'
import { useNetworkStore } from '../store/network.ts'
import { announceLocalChange, entryIdsOf } from './crossTab.ts'
import { mutationKind, onQueued } from './mutations.ts'

export const OUTBOX_LOCK = 'brook:outbox'
/** Back-off after a server error: 2 s, 4 s, 8 s … capped at 60 s. */
const BACKOFF_BASE_MS = 2000
const BACKOFF_MAX_MS = 60_000

/** What happened to one row. */
export type RowOutcome = 'sent' | 'refused' | 'retry-later'

export interface OutboxDeps {
  client: Pick<ApiClient, 'request'>
  /** Shows a refused write's error (SPEC §8 toast rules). */
  onRefused: (error: unknown, row: OutboxRow) => void
  isOnline: () => boolean
}

/** How an error from sending a row is treated. */
export function classifyFailure(error: unknown): 'refused' | 'retry-later' {
  if (!isApiError(error)) return 'retry-later'
  const status = error.status
  // 401: the session is gone; keep the write for after the next sign-in.
  // 408 timeout, 429, and 409 with code 1 (the same key still running on the server): try again later.
  if (status === 409 && error.code === 1) return 'retry-later'
  if (status >= 400 && status < 500 && ![401, 408, 429].includes(status)) return 'refused'
  return 'retry-later'
}

/** Keys of rows the server refused lately (rolled back): a re-application must not bring them back. */
const refusedKeys = new Set<string>()

export function wasRefused(idempotencyKey: string): boolean {
  return refusedKeys.has(idempotencyKey)
}

/** Sends one row; applies the outcome to the stores and the local database. */
export async function sendRow(row: OutboxRow, deps: OutboxDeps): Promise<RowOutcome> {
  const def = mutationKind(row.kind)
  try {
    const response = await deps.client.request(row.method as never, row.path, (row.body ?? undefined) as Record<string, unknown> | undefined, {
      headers: { 'Idempotency-Key': row.idempotencyKey },
    })
    try {
      await def?.settle?.(row.payload, response, row.snapshot)
    } catch (error) {
      console.warn('[brook] storing the answer of', row.kind, 'failed', error)
    }
    // Kept a minute in outbox_sent: an answer asked for before now may not show it yet (sync/pull.ts).
    await localDb.write(markOutboxSent(row, Date.now()))
    return 'sent'
  } catch (error) {
    if (classifyFailure(error) === 'refused') {
      refusedKeys.add(row.idempotencyKey)
      if (refusedKeys.size > 1000) refusedKeys.delete(refusedKeys.values().next().value as string)
      const undo = def ? def.revert(row.payload, row.snapshot) : []
      await localDb.write([...undo, ...deleteOutbox(row.idempotencyKey)])
      announceLocalChange(entryIdsOf(row.payload))
      deps.onRefused(error, row)
      return 'refused'
    }
    await localDb.write(noteOutboxFailure(row.idempotencyKey, error instanceof Error ? error.message : String(error))).catch(() => undefined)
    return 'retry-later'
  }
}

/** Sends every waiting row in order; stops at the first that must wait. Returns rows left. */
export async function drainOutbox(deps: OutboxDeps): Promise<{ sent: number; refused: number; left: number }> {
  let sent = 0
  let refused = 0
  const rows = await readOutbox({ run: (s) => localDb.read(s) })
  for (let i = 0; i < rows.length; i++) {
    if (!deps.isOnline()) return { sent, refused, left: rows.length - i }
    const outcome = await sendRow(rows[i], deps)
    if (outcome === 'sent') sent++
    else if (outcome === 'refused') refused++
    else return { sent, refused, left: rows.length - i }
  }
  return { sent, refused, left: 0 }
}

let running: Promise<void> | null = null
let again = false
let backoffTimer: ReturnType<typeof setTimeout> | null = null
let failures = 0
let deps: OutboxDeps | null = null
const drainedListeners = new Set<() => void>()

async function refreshCount(): Promise<void> {
  const n = await countOutbox({ run: (s) => localDb.read(s) })
  useLocalDbStore.getState().set({ pendingWrites: n })
}

/**
 * Runs `work` holding the outbox lock of every tab of this browser: no row is in flight
 * meanwhile. Pulls hold it too (sync/pull.ts), so a server answer never races a write it may or
 * may not include.
 */
export async function withOutboxLock<T>(work: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) return navigator.locks.request(OUTBOX_LOCK, work)
  return work()
}

/** Runs the outbox now (or right after the current run). Resolves when this run is over. */
export function flushOutbox(): Promise<void> {
  if (!deps || !localDb.isOpen) return Promise.resolve()
  if (running) {
    again = true
    return running
  }
  running = (async () => {
    do {
      again = false
      if (!deps.isOnline()) break
      let result = { sent: 0, refused: 0, left: 0 }
      await withOutboxLock(async () => {
        result = await drainOutbox(deps!)
      })
      await refreshCount()
      if (result.left > 0 && deps.isOnline()) {
        failures++
        const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (failures - 1))
        if (backoffTimer) clearTimeout(backoffTimer)
        backoffTimer = setTimeout(() => void flushOutbox(), delay)
        break
      }
      if (result.left === 0) {
        failures = 0
        for (const listener of drainedListeners) listener()
      }
    } while (again)
  })().finally(() => {
    running = null
  })
  return running
}

/** Resolves once the outbox is empty (or immediately when offline). */
export async function outboxIdle(): Promise<void> {
  await flushOutbox()
}

/** Called when a flush leaves the outbox empty. */
export function onOutboxDrained(listener: () => void): () => void {
  drainedListeners.add(listener)
  return () => drainedListeners.delete(listener)
}

/** Starts the runner: flushes when a row is queued and when the network returns. */
export function startOutbox(options: Partial<OutboxDeps> = {}): () => void {
  deps = {
    client: options.client ?? api,
    onRefused:
options.onRefused ?? ((error) => toastError(error)),
    isOnline: options.isOnline ?? (() => useNetworkStore.getState().online),
  }
  const offQueued = onQueued(() => {
    void refreshCount()
    void flushOutbox()
  })
  const offNetwork = useNetworkStore.subscribe((state, prev) => {
    if (state.online && !prev.online) {
      failures = 0
      void flushOutbox()
    }
  })
  void refreshCount()
  void flushOutbox()
  return () => {
    offQueued()
    offNetwork()
    if (backoffTimer) clearTimeout(backoffTimer)
    deps = null
  }
}
