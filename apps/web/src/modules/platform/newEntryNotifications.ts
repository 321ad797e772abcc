/**
 * Native notifications for new entries in the desktop window (docs/desktop.md). Web Push needs
 * the browser vendor's push service, which a Chromium without Google's keys (Debian's) does not
 * have, so the window asks the server itself: every poll (1 minute by default, the shell's
 * `notificationPollMs`) it reads the newest unread entries and shows, through the window's
 * Notification API, those inserted since the last poll that the user asked to hear about — the
 * same rule as push (docs/notifications.md): feeds turned on in Settings → Notifications, feeds
 * in the Notifications view, entries an action rule marked `newEntryNotification`. Up to 3 per
 * feed one by one, more as one "N new entries" for the feed.
 */
import { api } from '../../api/client.ts'
import { i18n } from '../../i18n/index.ts'
import { navigate } from '../../lib/navigation.ts'
import { useSessionStore } from '../../store/session.ts'
import { useSubscriptionStore } from '../../store/entities/subscriptions.ts'
import type { PlatformAdapter } from './platform.ts'

export const NOTIFY_POLL_MS = 60_000
/** The Notifications view (SPEC §2 views): its feeds always notify. */
const NOTIFICATIONS_VIEW = 5
const PER_FEED = 3
const ICON = '/icons/icon-192.png'

/** What a poll needs of a timeline item. */
export interface NewEntryItem {
  id: string
  feedId: string | null
  title: string | null
  insertedAt: string
  feedTitle: string | null
  view: number | null
  read: boolean
  ruleSaysNotify: boolean
}

export type Notice = { kind: 'entry'; item: NewEntryItem } | { kind: 'summary'; feedId: string; feedTitle: string | null; view: number | null; count: number }

/** The notifications for the items inserted after `since`, from the feeds that notify; oldest first. */
export function noticesFor(items: NewEntryItem[], since: string, notifyingFeeds: Set<string>): Notice[] {
  const fresh = items
    .filter((i) => !i.read && i.insertedAt > since && (i.ruleSaysNotify || (i.feedId !== null && notifyingFeeds.has(i.feedId))))
    .sort((a, b) => (a.insertedAt < b.insertedAt ? -1 : a.insertedAt > b.insertedAt ? 1 : 0))
  const byFeed = new Map<string, NewEntryItem[]>()
  for (const item of fresh) {
    const key = item.feedId ?? `entry:${item.id}`
    byFeed.set(key, [...(byFeed.get(key) ?? []), item])
  }
  const notices: Notice[] = []
  for (const [feedId, group] of byFeed) {
    if (group.length <= PER_FEED) for (const item of group) notices.push({ kind: 'entry', item })
    else notices.push({ kind: 'summary', feedId, feedTitle: group[0].feedTitle, view: group[0].view, count: group.length })
  }
  return notices
}

/** The newest insertedAt among the items, or `fallback`. */
export function newestInserted(items: NewEntryItem[], fallback: string): string {
  return items.reduce((max, i) => (i.insertedAt > max ? i.insertedAt : max), fallback)
}

async function poll(): Promise<{ items: NewEntryItem[]; notifying: Set<string> }> {
  const [page, chosen] = await Promise.all([api.get('/entries', { read: false, limit: 100 }), api.get('/messaging/feeds')])
  const notifying = new Set(chosen.feedIds)
  for (const s of Object.values(useSubscriptionStore.getState().byId)) if (s.feedId && s.view === NOTIFICATIONS_VIEW) notifying.add(s.feedId)
  // Without `id` the route answers a page (an array); the one-entry form is not asked here.
  const items = (Array.isArray(page) ? page : [page]).map((i) => ({
    id: i.entries.id,
    feedId: i.entries.feedId ?? null,
    title: i.entries.title ?? null,
    insertedAt: i.entries.insertedAt,
    feedTitle: 'title' in i.feeds ? (i.feeds.title ?? null) : null,
    view: i.view,
    read: i.read,
    ruleSaysNotify: i.settings?.newEntryNotification === true,
  }))
  return { items, notifying }
}

function show(adapter: PlatformAdapter, notice: Notice): void {
  if (notice.kind === 'entry') {
    const { item } = notice
    const path = `/timeline/view-${item.view ?? 0}/${item.feedId ?? 'all'}/${item.id}`
    void adapter.notify(item.title || i18n.t('common:desktopNotifications.untitled'), { body: item.feedTitle ?? undefined, icon: ICON, onClick: () => navigate(path) })
  } else {
    const path = `/timeline/view-${notice.view ?? 0}/${notice.feedId}`
    void adapter.notify(notice.feedTitle ?? 'Brook', { body: i18n.t('common:desktopNotifications.newEntries', { count: notice.count }), icon: ICON, onClick: () => navigate(path) })
  }
}

/** Starts polling while signed in; returns the stop. */
export function startNewEntryNotifications(adapter: PlatformAdapter, intervalMs = NOTIFY_POLL_MS): () => void {
  let since: string | null = null
  let busy = false
  const tick = async () => {
    if (busy || useSessionStore.getState().status !== 'signed-in' || !adapter.isOnline()) return
    busy = true
    try {
      const { items, notifying } = await poll()
      // The first poll only sets where "new" starts: what was there before the window opened is not news.
      if (since !== null && adapter.notificationPermission() === 'granted') for (const notice of noticesFor(items, since, notifying)) show(adapter, notice)
      since = newestInserted(items, since ?? new Date().toISOString())
    } catch {
      // Offline or the server away: the next poll tries again.
    } finally {
      busy = false
    }
  }
  void tick()
  const timer = setInterval(() => void tick(), intervalMs)
  const offSession = useSessionStore.subscribe((s, prev) => {
    if (s.status === 'signed-in' && prev.status !== 'signed-in') void tick()
  })
  return () => {
    clearInterval(timer)
    offSession()
  }
}
