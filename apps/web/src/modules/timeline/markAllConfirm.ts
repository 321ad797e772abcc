/**
 * "Mark all as read" with an auto-confirming countdown (SPEC §9: the countdown is configurable;
 * general setting `markAllReadCountdown`, seconds, 0 marks at once). Every mark-all action of the
 * app (timeline header, sidebar view button, subscription and folder menus, the hotkey) asks here;
 * `MarkAllReadConfirm` shows what will be marked, counts down and marks at zero unless cancelled.
 */
import { DEFAULT_GENERAL_SETTINGS } from '@brook/shared/settingsDefaults'
import { create } from 'zustand'
import { markAllRead, unreadSourceOf, type MarkAllReadFilter } from '../../store/index.ts'
import { useSettingsStore } from '../../store/entities/settings.ts'
import { useSubscriptionStore } from '../../store/entities/subscriptions.ts'

export interface MarkAllRequest {
  id: number
  filter: MarkAllReadFilter
  /** What is marked, as the user calls it: "All Articles", a feed's title, a folder's name. */
  scope: string
  seconds: number
}

interface MarkAllConfirmState {
  pending: MarkAllRequest | null
}

export const useMarkAllConfirmStore = create<MarkAllConfirmState>(() => ({ pending: null }))

let nextId = 1

/** The countdown of the general settings, in whole seconds (0: no confirmation). */
export function markAllCountdownSeconds(): number {
  const stored = useSettingsStore.getState().tabs.general.markAllReadCountdown
  const value = typeof stored === 'number' && Number.isFinite(stored) ? stored : DEFAULT_GENERAL_SETTINGS.markAllReadCountdown
  return Math.max(0, Math.min(30, Math.floor(value)))
}

/** Asks to mark everything a filter covers: at once when the countdown is off, else after it (a newer request replaces one still counting). */
export function requestMarkAllRead(filter: MarkAllReadFilter, scope: string): void {
  const seconds = markAllCountdownSeconds()
  if (seconds === 0) {
    void markAllRead(filter)
    return
  }
  useMarkAllConfirmStore.setState({ pending: { id: nextId++, filter, scope, seconds } })
}

/** Marks now (the countdown reached zero, Enter, or the button). `id` guards against a request already replaced. */
export function confirmMarkAll(id?: number): void {
  const pending = useMarkAllConfirmStore.getState().pending
  if (!pending || (id !== undefined && pending.id !== id)) return
  useMarkAllConfirmStore.setState({ pending: null })
  void markAllRead(pending.filter)
}

/** Drops the request: nothing is marked. */
export function cancelMarkAll(): void {
  useMarkAllConfirmStore.setState({ pending: null })
}

/** The unread entries a filter covers, from the unread counts in memory (a view: its subscriptions). */
export function unreadCountOf(filter: MarkAllReadFilter, counts: Record<string, number>): number {
  const of = (id: string | undefined | null) => (id ? (counts[id] ?? 0) : 0)
  if (filter.feedId) return of(filter.feedId)
  if (filter.listId) return of(filter.listId)
  if (filter.inboxId) return of(filter.inboxId)
  if (filter.feedIdList) return filter.feedIdList.reduce((n, id) => n + of(id), 0)
  if (filter.view === undefined) return 0
  let total = 0
  for (const sub of Object.values(useSubscriptionStore.getState().byId)) {
    if (sub.view !== filter.view || (filter.excludePrivate && sub.isPrivate)) continue
    total += of(unreadSourceOf(sub))
  }
  return total
}
