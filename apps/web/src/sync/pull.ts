/**
 * Pulls from the server into the local database and the stores: subscriptions (with feeds,
 * lists, inboxes), unread counts, the starred collection, inboxes. Pending outbox writes are sent
 * first, and any still waiting are applied again on top of what the server said, so a pull never
 * shows a change of the user's as undone.
 */
import { api } from '../api/client.ts'
import type { ApiData } from '../api/types.ts'
import { localDb } from '../db/index.ts'
import { outboxRowsOf, readOutboxStatement, sentRowsOf, sentSinceStatement, type SentRow } from '../db/repositories/outbox.ts'
import type { Statement } from '../db/types.ts'
import { useSessionStore } from '../store/session.ts'
import { mutationKind } from './mutations.ts'
import { flushOutbox, onOutboxDrained, wasRefused, withOutboxLock } from './outbox.ts'
import { applyPulledSettings } from './settingsQueue.ts'
import { writeCollections, writeInboxes, writeProfiles, writeSubscriptions, writeUnread } from './writers.ts'

/**
 * Applies every waiting outbox row again to the stores and the local database — and, for an
 * answer asked for at `askedAt` (Date.now()), the rows the server acknowledged since then (by any
 * tab: outbox_sent), which that answer may not show yet.
 */
export async function reapplyPending(askedAt?: number): Promise<void> {
  const [waiting, sent] = await localDb.read([readOutboxStatement(), ...(askedAt === undefined ? [] : [sentSinceStatement(askedAt)])])
  // From here on nothing awaits until every row is applied to the stores, so a row refused and
  // rolled back meanwhile is either skipped here or rolled back after (its undo is written later).
  const rows = new Map<string, SentRow>()
  for (const row of sentRowsOf(sent)) rows.set(row.idempotencyKey, row)
  for (const row of outboxRowsOf(waiting)) if (!wasRefused(row.idempotencyKey)) rows.set(row.idempotencyKey, row)
  const statements: Statement[] = []
  for (const row of rows.values()) {
    const def = mutationKind(row.kind)
    if (def) statements.push(...def.apply(row.payload, row.snapshot))
  }
  if (statements.length > 0) await localDb.write(statements)
}

/**
 * When the answer now in the stores was asked for, per kind of pull. An answer asked for earlier
 * than that (the start-up pull landing after a refresh that followed an import, say) is older
 * than what is shown and is dropped instead of written over it.
 */
const shownAskedAt = new Map<string, number>()

function newest<T>(kind: string, askedAt: number, write: (answer: T) => Promise<void> | void): (answer: T) => Promise<void> | void {
  return (answer) => {
    if ((shownAskedAt.get(kind) ?? Number.NEGATIVE_INFINITY) > askedAt) return
    shownAskedAt.set(kind, askedAt)
    return write(answer)
  }
}

/**
 * Sends what waits, then asks and applies the answer holding the outbox lock: a write sent while
 * the question is on its way may or may not be in the answer, so none is sent until the answer
 * and the rows still waiting are applied (and `askedAt` is taken once the outbox has run: a row
 * sent before the question is in the answer and must not be applied again).
 */
async function afterOutbox<T>(kind: string, ask: () => Promise<T>, write: (answer: T) => Promise<void> | void): Promise<void> {
  await flushOutbox()
  await withOutboxLock(async () => {
    const askedAt = Date.now()
    await newest(kind, askedAt, write)(await ask())
    await reapplyPending(askedAt)
  })
}

export function refreshSubscriptions(): Promise<void> {
  return afterOutbox('subscriptions', () => api.get('/subscriptions'), writeSubscriptions)
}

export function refreshUnread(): Promise<void> {
  return afterOutbox('unread', () => api.get('/reads'), (c) => writeUnread(c ?? {}))
}

export function refreshCollections(): Promise<void> {
  return afterOutbox('collections', () => api.get('/collections'), writeCollections)
}

export function refreshInboxes(): Promise<void> {
  return afterOutbox('inboxes', () => api.get('/inboxes/list'), writeInboxes)
}

/** The signed-in user as a profile row (isMe). */
export async function refreshMe(): Promise<void> {
  const me = useSessionStore.getState().whoami
  if (me) await writeProfiles([{ ...me, isMe: true }], me.id)
}

/** The requests of a full pull, already sent; `refreshAll` applies their answers. */
export interface StartedPull {
  /** Date.now() when they were sent. */
  askedAt: number
  subscriptions: Promise<ApiData<'get', '/subscriptions'>>
  reads: Promise<ApiData<'get', '/reads'>>
  collections: Promise<ApiData<'get', '/collections'>>
  inboxes: Promise<ApiData<'get', '/inboxes/list'>>
  settings: Promise<ApiData<'get', '/settings'>>
}

/** Sends the requests of a full pull now (at start, while the local database opens). */
export function startPull(): StartedPull {
  // Each is awaited later (refreshAll); a failure must not be reported as unhandled meanwhile.
  const quiet = <T>(answer: Promise<T>) => {
    answer.catch(() => undefined)
    return answer
  }
  return {
    askedAt: Date.now(),
    subscriptions: quiet(api.get('/subscriptions')),
    reads: quiet(api.get('/reads')),
    collections: quiet(api.get('/collections')),
    inboxes: quiet(api.get('/inboxes/list')),
    settings: quiet(api.get('/settings')),
  }
}

/**
 * Everything at once; a failing part is logged and the others still land. `started` are
 * requests sent before the outbox ran: only for when it had nothing waiting.
 */
export async function refreshAll(started?: StartedPull): Promise<void> {
  if (started) return applyPull(started)
  await flushOutbox()
  // From question to answer holding the outbox lock (see afterOutbox).
  await withOutboxLock(() => applyPull(startPull()))
}

async function applyPull(pull: StartedPull): Promise<void> {
  const at = pull.askedAt
  const results = await Promise.allSettled([
    pull.subscriptions.then(newest('subscriptions', at, writeSubscriptions)),
    pull.reads.then(newest('unread', at, (c) => writeUnread(c ?? {}))),
    pull.collections.then(newest('collections', at, writeCollections)),
    pull.inboxes.then(newest('inboxes', at, writeInboxes)),
    pull.settings.then(applyPulledSettings),
    refreshMe(),
  ])
  for (const r of results) if (r.status === 'rejected') console.warn('[brook] refresh failed', r.reason)
  await reapplyPending(pull.askedAt)
}

let unreadWanted = false
let unreadTimer: ReturnType<typeof setTimeout> | null = null
const UNREAD_REFRESH_DELAY_MS = 1500

/** Asks for fresh unread counts once the outbox is empty (read writes change them server-side). */
export function scheduleUnreadRefresh(): void {
  unreadWanted = true
}

onOutboxDrained(() => {
  if (!unreadWanted) return
  unreadWanted = false
  if (unreadTimer) clearTimeout(unreadTimer)
  unreadTimer = setTimeout(() => {
    void withOutboxLock(async () => {
      const askedAt = Date.now()
      await newest('unread', askedAt, (c: ApiData<'get', '/reads'>) => writeUnread(c ?? {}))(await api.get('/reads'))
      await reapplyPending(askedAt)
    }).catch((error) => console.warn('[brook] unread refresh failed', error))
  }, UNREAD_REFRESH_DELAY_MS)
})
