/**
 * Web Push notifications (issue 16): browsers register push subscriptions (SPEC §7 messaging),
 * readers choose the feeds that notify them (or put a feed in the Notifications view, or let an
 * action rule's `newEntryNotification` pick entries), and entries stored by a refresh or a
 * WebSub push are sent, once committed, to each such reader's browsers. Gone endpoints (404/410)
 * are dropped.
 */
import crypto from 'node:crypto'
import { FeedViewType, newId } from '@brook/shared'
import { AppError } from '../../lib/appError.ts'
import type { Logger } from '../../lib/logger.ts'
import type { MessagingRepo, NotifiableEntry, PushSubscriptionRow } from './repo.ts'
import type { PushResult, PushSender } from './pushSender.ts'

/** Browsers a user may register (each push is sent to every one of them). */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 20
/** New entries of one feed shown one by one; more become one "N new entries" notification. */
export const MAX_ENTRY_NOTIFICATIONS = 3
const APP_ICON = '/icons/icon-192.png'

/** The payload the service worker shows (sw.js, `push` event). */
export type PushPayload = { title: string; body: string; icon: string; tag: string; url: string; entryId?: string; feedId?: string }

export type MessagingServiceDeps = {
  repo: MessagingRepo
  sender: PushSender
  publicKey: () => Promise<string>
  /** Whether http: endpoints on private networks are accepted (tests, LAN push services). */
  allowPrivateNetworks: boolean
  logger: Logger
  clock?: () => Date
}

function base64urlBytes(value: string): Buffer | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return null
  return Buffer.from(value.replace(/=+$/, ''), 'base64url')
}

function checkSubscription(input: { endpoint: string; keys: { p256dh: string; auth: string } }, allowPrivateNetworks: boolean): void {
  let url: URL
  try {
    url = new URL(input.endpoint)
  } catch {
    throw new AppError(4, { reason: 'endpoint must be a URL' })
  }
  if (url.protocol !== 'https:' && !(allowPrivateNetworks && url.protocol === 'http:')) throw new AppError(4, { reason: 'endpoint must be an https: URL' })
  const key = base64urlBytes(input.keys.p256dh)
  // An uncompressed P-256 point (RFC 8291 §3.1) on the curve.
  let onCurve = false
  if (key?.length === 65 && key[0] === 4) {
    try {
      const ecdh = crypto.createECDH('prime256v1')
      ecdh.generateKeys()
      ecdh.computeSecret(key)
      onCurve = true
    } catch {
      onCurve = false
    }
  }
  if (!onCurve) throw new AppError(4, { reason: 'keys.p256dh must be an uncompressed P-256 public key (base64url)' })
  if (base64urlBytes(input.keys.auth)?.length !== 16) throw new AppError(4, { reason: 'keys.auth must be 16 bytes (base64url)' })
}

function entryPath(view: number, feedId: string, entryId?: string): string {
  return `/timeline/view-${view}/${encodeURIComponent(feedId)}/${entryId ? encodeURIComponent(entryId) : 'pending'}`
}

/** Text for a notification: tags and surplus spaces out, at most 200 characters. */
function plain(text: string | null, fallback: string): string {
  const cleaned = (text ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim()
  return (cleaned || fallback).slice(0, 200)
}

export function createMessagingService(deps: MessagingServiceDeps) {
  const { repo, sender, logger } = deps
  const clock = deps.clock ?? (() => new Date())
  const pending = new Set<Promise<void>>()

  async function deliver(subscription: PushSubscriptionRow, payload: PushPayload): Promise<PushResult> {
    const result = await sender.send(subscription, JSON.stringify(payload))
    if (result.status === 'gone') {
      await repo.removeEndpoint(subscription.endpoint)
      logger.info({ userId: subscription.userId, httpStatus: result.httpStatus }, 'push subscription gone: removed')
    } else if (result.status === 'failed') {
      logger.warn({ userId: subscription.userId, httpStatus: result.httpStatus, err: result.detail }, 'web push failed')
    }
    return result
  }

  /** Who gets which of a feed's new entries, and the pushes that follow. */
  async function notify(feedId: string, entries: NotifiableEntry[]): Promise<void> {
    const entryIds = entries.map((e) => e.id)
    const perUser = new Map<string, Set<string>>()
    for (const userId of await repo.feedWatchers(feedId)) perUser.set(userId, new Set(entryIds))
    for (const { userId, entryId } of await repo.ruleNotified(entryIds)) {
      const set = perUser.get(userId) ?? new Set<string>()
      set.add(entryId)
      perUser.set(userId, set)
    }
    if (perUser.size === 0) return
    const userIds = [...perUser.keys()]
    for (const { userId, entryId } of await repo.suppressed(userIds, entryIds)) perUser.get(userId)?.delete(entryId)
    const feed = await repo.feedLabel(feedId)
    const own = await repo.subscriptionTitles(feedId, userIds)
    const subscriptions = await repo.ofUsers(userIds)
    const icon = feed?.image?.startsWith('https://') ? feed.image : APP_ICON
    const sends: Promise<PushResult>[] = []
    for (const [userId, ids] of perUser) {
      if (ids.size === 0) continue
      const subscription = own.get(userId)
      const feedTitle = plain(subscription?.title ?? feed?.title ?? null, 'Brook')
      const view = subscription?.view ?? FeedViewType.Articles
      const mine = entries.filter((e) => ids.has(e.id)).sort((a, b) => (a.publishedAt < b.publishedAt ? 1 : -1))
      const payloads: PushPayload[] =
        mine.length <= MAX_ENTRY_NOTIFICATIONS
          ? mine.map((e) => ({ title: plain(e.title, feedTitle), body: feedTitle, icon, tag: `entry-${e.id}`, url: entryPath(view, feedId, e.id), entryId: e.id, feedId }))
          : [{ title: feedTitle, body: `${mine.length} new entries`, icon, tag: `feed-${feedId}`, url: entryPath(view, feedId), feedId }]
      for (const target of subscriptions.filter((s) => s.userId === userId)) {
        for (const payload of payloads) sends.push(deliver(target, payload))
      }
    }
    await Promise.all(sends)
  }

  return {
    /** The public VAPID key browsers subscribe with (`applicationServerKey`), and the user's browsers. */
    async list(userId: string) {
      const rows = await repo.list(userId)
      return {
        publicKey: await deps.publicKey(),
        subscriptions: rows.map((r) => ({ id: r.id, endpointOrigin: new URL(r.endpoint).origin, userAgent: r.userAgent, createdAt: r.createdAt })),
      }
    },

    /** Registers a browser's push subscription (its `PushSubscription.toJSON()`); the same endpoint again updates it. */
    async register(userId: string, input: { endpoint: string; keys: { p256dh: string; auth: string } }, userAgent: string | null): Promise<{ id: string }> {
      checkSubscription(input, deps.allowPrivateNetworks)
      const existing = (await repo.list(userId)).some((r) => r.endpoint === input.endpoint)
      if (!existing && (await repo.count(userId)) >= MAX_PUSH_SUBSCRIPTIONS_PER_USER) throw new AppError(4, { reason: `At most ${MAX_PUSH_SUBSCRIPTIONS_PER_USER} browsers per user` })
      const id = await repo.upsert({ id: newId(), userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent: userAgent?.slice(0, 300) ?? null, createdAt: clock().toISOString() })
      return { id }
    },

    /** Removes one of the user's browsers, by id or endpoint. */
    async remove(userId: string, by: { id: string } | { endpoint: string }): Promise<void> {
      if (!(await repo.remove(userId, by))) throw new AppError(6, { reason: 'No such push subscription' })
    },

    /** The feeds the user turned notifications on for. */
    async feeds(userId: string): Promise<string[]> {
      return repo.notifiedFeeds(userId)
    },

    /** Turns a followed feed's notifications on or off. */
    async setFeed(userId: string, feedId: string, enabled: boolean): Promise<void> {
      if (enabled && !(await repo.follows(userId, feedId))) throw new AppError(6, { reason: 'You do not follow this feed' })
      await repo.setFeed(userId, feedId, enabled, clock().toISOString())
    },

    /** Sends a test notification to every browser of the user. */
    async test(userId: string, text: { title: string; body: string }): Promise<{ sent: number; failed: number; removed: number }> {
      const rows = await repo.list(userId)
      const payload: PushPayload = { title: plain(text.title, 'Brook'), body: plain(text.body, ''), icon: APP_ICON, tag: 'test', url: '/settings/notifications' }
      const results = await Promise.all(rows.map((r) => deliver(r, payload)))
      return { sent: results.filter((r) => r.status === 'sent').length, failed: results.filter((r) => r.status === 'failed').length, removed: results.filter((r) => r.status === 'gone').length }
    },

    /** Entries just committed to a feed: notifies their readers in the background (never blocks the ingest). */
    newEntries(feedId: string, entries: NotifiableEntry[]): void {
      if (entries.length === 0) return
      const job = notify(feedId, entries)
        .catch((error: unknown) => logger.warn({ feedId, err: error instanceof Error ? error.message : String(error) }, 'notifications not sent'))
        .finally(() => pending.delete(job))
      pending.add(job)
    },

    /** Waits for the notifications under way (shutdown, tests). */
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending])
    },
  }
}

export type MessagingService = ReturnType<typeof createMessagingService>
