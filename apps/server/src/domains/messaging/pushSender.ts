/**
 * Sends Web Push messages: the payload encrypted for the browser (RFC 8291, aes128gcm) and signed
 * with the instance's VAPID key (RFC 8292) by the `web-push` library, then POSTed to the push
 * service through Brook's SSRF-guarded agent (private addresses only with
 * FETCH_ALLOW_PRIVATE_NETWORKS) with a timeout. A push service answering 404 or 410 has dropped
 * the subscription: the caller removes it.
 */
import { undici } from '../../lib/undiciModule.ts'
import type webpushModule from 'web-push'
import { sharedAgent } from '../../reader/fetcher/dispatcher.ts'
import { webPush, type VapidKeys } from './vapidKeys.ts'

export type PushTarget = { endpoint: string; p256dh: string; auth: string }

/** What became of one push: delivered, gone (remove the subscription) or failed (kept, logged). */
export type PushResult = { status: 'sent' | 'gone' | 'failed'; httpStatus: number | null; detail?: string }

export type PushSenderOptions = {
  keys: () => Promise<VapidKeys>
  subject: string
  allowPrivateNetworks: boolean
  timeoutMs?: number
  /** Seconds the push service may hold the message for an offline browser. */
  ttlSeconds?: number
}

export function createPushSender(options: PushSenderOptions) {
  const timeoutMs = options.timeoutMs ?? 10_000
  const ttl = options.ttlSeconds ?? 24 * 3600

  return {
    async send(target: PushTarget, payload: string, urgency: 'normal' | 'high' = 'normal'): Promise<PushResult> {
      const keys = await options.keys()
      const webpush = await webPush()
      let request: ReturnType<typeof webpushModule.generateRequestDetails>
      try {
        request = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
          vapidDetails: { subject: options.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          contentEncoding: 'aes128gcm',
          TTL: ttl,
          urgency,
        })
      } catch (error) {
        // Keys a browser would never make (wrong length, not on the curve): nothing can reach it.
        return { status: 'gone', httpStatus: null, detail: error instanceof Error ? error.message : String(error) }
      }
      const headers: Record<string, string> = { 'user-agent': 'Brook/0.7.0 (web push)' }
      for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = String(value)
      try {
        const response = await undici().fetch(request.endpoint, {
          method: 'POST',
          headers,
          body: request.body ?? undefined,
          redirect: 'manual',
          dispatcher: sharedAgent(options.allowPrivateNetworks),
          signal: AbortSignal.timeout(timeoutMs),
        })
        const text = await response.text().catch(() => '')
        if (response.status >= 200 && response.status < 300) return { status: 'sent', httpStatus: response.status }
        if (response.status === 404 || response.status === 410) return { status: 'gone', httpStatus: response.status }
        return { status: 'failed', httpStatus: response.status, detail: text.slice(0, 200) }
      } catch (error) {
        return { status: 'failed', httpStatus: null, detail: error instanceof Error ? error.message : String(error) }
      }
    },
  }
}

export type PushSender = ReturnType<typeof createPushSender>
