/**
 * The desktop window's unread badge (docs/desktop.md): the total unread count of the user's
 * subscriptions, sent to the shell (`setBadge`) whenever it changes; the shell shows it where the
 * platform has a badge (the Unity launcher API on Linux).
 */
import { useSubscriptionStore } from '../../store/entities/subscriptions.ts'
import { useUnreadStore } from '../../store/entities/unread.ts'
import type { DesktopBridge } from './desktopBridge.ts'

/** Unread entries over the subscriptions (feeds and inboxes; lists repeat their feeds' entries). */
export function totalUnread(counts: Record<string, number>, subscriptions: { feedId: string | null; inboxId: string | null }[]): number {
  let total = 0
  for (const s of subscriptions) {
    const id = s.feedId ?? s.inboxId
    if (id) total += Math.max(0, counts[id] ?? 0)
  }
  return total
}

export function startUnreadBadge(bridge: DesktopBridge): () => void {
  let sent = -1
  let timer: ReturnType<typeof setTimeout> | null = null
  const update = () => {
    if (timer) return
    timer = setTimeout(() => {
      timer = null
      const total = totalUnread(useUnreadStore.getState().counts, Object.values(useSubscriptionStore.getState().byId))
      if (total === sent) return
      sent = total
      void bridge.call('setBadge', total).catch(() => {})
    }, 300)
  }
  const offUnread = useUnreadStore.subscribe(update)
  const offSubscriptions = useSubscriptionStore.subscribe(update)
  update()
  return () => {
    offUnread()
    offSubscriptions()
    if (timer) clearTimeout(timer)
  }
}
