/**
 * WebSub (docs/websub.md): when PUBLIC_URL is set, a feed whose document names a hub is
 * subscribed to with a callback of its own and a per-subscription secret; the hub's verification
 * is answered, pushed bodies with a valid X-Hub-Signature (sha1 or sha256 HMAC) are ingested at
 * once through the refresh pipeline, anything else is ignored (2xx, nothing stored). Polling goes on.
 */
import crypto from 'node:crypto'
import { undici } from '../../lib/undiciModule.ts'
import type { Logger } from '../../lib/logger.ts'
import { sharedAgent } from '../../reader/fetcher/dispatcher.ts'
import { discoverHub } from '../../reader/websub/discoverHub.ts'
import type { FeedService } from '../feeds/service.ts'
import type { WebsubRepo } from './repo.ts'

/** The lease asked of hubs (hubs may grant less). */
export const LEASE_SECONDS = 10 * 86_400
/** A subscription is asked for again once its lease has less than this left, or a request got no verification. */
const RENEW_BEFORE_MS = 86_400_000
const RETRY_REQUEST_MS = 3_600_000

export function createWebsubService(deps: { repo: WebsubRepo; feeds: Pick<FeedService, 'ingestPushed'>; publicUrl: string | null; allowPrivateNetworks: boolean; logger: Logger; now?: () => number }) {
  const { repo, logger } = deps
  const now = deps.now ?? Date.now
  const callbackOf = (token: string) => `${(deps.publicUrl ?? '').replace(/\/+$/, '')}/api/websub/${token}`

  async function post(hub: string, params: Record<string, string>): Promise<number> {
    const res = await undici().request(hub, { method: 'POST', body: new URLSearchParams(params).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, dispatcher: sharedAgent(deps.allowPrivateNetworks), headersTimeout: 15_000, bodyTimeout: 15_000 })
    await res.body.dump()
    return res.statusCode
  }

  async function subscribe(feedId: string, hub: string, topic: string): Promise<void> {
    const token = crypto.randomBytes(24).toString('base64url')
    const secret = crypto.randomBytes(32).toString('base64url')
    const at = new Date(now()).toISOString()
    await repo.request({ feedId, hub, topic, callbackToken: token, secret, state: 'requested', createdAt: at, updatedAt: at })
    const status = await post(hub, { 'hub.mode': 'subscribe', 'hub.topic': topic, 'hub.callback': callbackOf(token), 'hub.secret': secret, 'hub.lease_seconds': String(LEASE_SECONDS) })
    if (status >= 300) logger.warn({ feedId, hub, status }, 'websub subscribe refused')
  }

  /** Nobody follows the feed any more: the hub is asked to stop (the row goes once it verifies, or at once if it refuses). */
  async function unsubscribe(feedId: string): Promise<void> {
    const sub = await repo.byFeed(feedId)
    if (!sub || sub.state === 'unsubscribing' || (await repo.followed(feedId))) return
    await repo.update(feedId, { state: 'unsubscribing', updatedAt: new Date(now()).toISOString() })
    const status = await post(sub.hub, { 'hub.mode': 'unsubscribe', 'hub.topic': sub.topic, 'hub.callback': callbackOf(sub.callbackToken) })
    if (status >= 300) {
      logger.warn({ feedId, hub: sub.hub, status }, 'websub unsubscribe refused')
      await repo.remove(feedId)
    }
  }

  const signatureMatches = (secret: string, body: Uint8Array, header: string | undefined) => {
    const m = header ? /^(sha1|sha256|sha384|sha512)=([0-9a-f]+)$/i.exec(header.trim()) : null
    if (!m) return false
    const expected = crypto.createHmac((m[1] as string).toLowerCase(), secret).update(body).digest()
    const given = Buffer.from(m[2] as string, 'hex')
    return given.length === expected.length && crypto.timingSafeEqual(given, expected)
  }

  return {
    /** Every fetched feed document: subscribes (or renews) when it names a hub and PUBLIC_URL is set. */
    onDocument(feed: { id: string; url: string }, body: Uint8Array, link: string | null = null): void {
      if (!deps.publicUrl) return
      const found = discoverHub(body, link, feed.url)
      if (!found) return
      void (async () => {
        const current = await repo.byFeed(feed.id)
        const topic = found.self ?? feed.url
        if (current && current.hub === found.hub && current.topic === topic) {
          const lease = current.leaseUntil ? Date.parse(current.leaseUntil) : 0
          if (current.state === 'active' && lease - now() > RENEW_BEFORE_MS) return
          if (current.state === 'requested' && now() - Date.parse(current.updatedAt) < RETRY_REQUEST_MS) return
        }
        await subscribe(feed.id, found.hub, topic)
      })().catch((err) => logger.warn({ err, feedId: feed.id }, 'websub subscribe failed'))
    },

    /** The hub's verification GET: the challenge when it names our subscription and topic, else null (404). */
    async verify(token: string, q: { mode: string | null; topic: string | null; challenge: string | null; leaseSeconds: string | null }): Promise<string | null> {
      const sub = await repo.byToken(token)
      if (!sub || !q.challenge || q.topic !== sub.topic) return null
      const at = new Date(now())
      if (q.mode === 'subscribe') {
        const lease = Number(q.leaseSeconds) > 0 ? Number(q.leaseSeconds) : LEASE_SECONDS
        await repo.update(sub.feedId, { state: 'active', verifiedAt: at.toISOString(), leaseUntil: new Date(at.getTime() + lease * 1000).toISOString(), updatedAt: at.toISOString() })
        return q.challenge
      }
      if (q.mode === 'unsubscribe' && sub.state === 'unsubscribing') {
        await repo.remove(sub.feedId)
        return q.challenge
      }
      return null
    },

    /** A hub's denial (hub.mode=denied): the subscription stays requested and polling goes on. */
    async denied(token: string): Promise<void> {
      const sub = await repo.byToken(token)
      if (sub) await repo.update(sub.feedId, { state: 'denied', updatedAt: new Date(now()).toISOString() })
    },

    /** A pushed body: ingested when the subscription exists and the signature is right; otherwise ignored. Returns whether it was ingested. */
    async receive(token: string, body: Uint8Array, signature: string | undefined, contentType: string | null): Promise<boolean> {
      const sub = await repo.byToken(token)
      if (!sub || !signatureMatches(sub.secret, body, signature)) return false
      await deps.feeds.ingestPushed(sub.feedId, body, contentType)
      await repo.update(sub.feedId, { lastPushAt: new Date(now()).toISOString() })
      return true
    },

    /** Feeds someone stopped following: those nobody follows any more are unsubscribed at their hub. */
    unfollowed(feedIds: string[]): void {
      if (!deps.publicUrl) return
      for (const feedId of new Set(feedIds)) void unsubscribe(feedId).catch((err) => logger.warn({ err, feedId }, 'websub unsubscribe failed'))
    },

    /** The hub a feed's updates are pushed by (an active subscription), or null. */
    async pushedBy(feedId: string): Promise<string | null> {
      const sub = await repo.byFeed(feedId)
      return sub?.state === 'active' ? sub.hub : null
    },
  }
}

export type WebsubService = ReturnType<typeof createWebsubService>
