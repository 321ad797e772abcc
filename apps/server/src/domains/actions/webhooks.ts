/**
 * Webhooks of action rules: each matching entry POSTed as JSON to the rule's URLs through the
 * SSRF-guarded agent (private addresses only with FETCH_ALLOW_PRIVATE_NETWORKS), with a timeout
 * and retries on network errors, 429 and 5xx. Sent after the ingest commits; never blocks it.
 */
import { undici } from '../../lib/undiciModule.ts'
import { sharedAgent } from '../../reader/fetcher/dispatcher.ts'
import type { Logger } from '../../lib/logger.ts'
import type { WebhookDelivery } from './applyRules.ts'

export type WebhookSenderOptions = {
  allowPrivateNetworks: boolean
  logger: Logger
  /** Waits before the 2nd, 3rd… attempt (default 1 s, 5 s, 25 s: four attempts). */
  retryDelaysMs?: number[]
  timeoutMs?: number
}

const USER_AGENT = 'Brook/0.7.0 (action webhook)'

export function createWebhookSender(options: WebhookSenderOptions) {
  const delays = options.retryDelaysMs ?? [1_000, 5_000, 25_000]
  const timeoutMs = options.timeoutMs ?? 10_000
  const pending = new Set<Promise<void>>()
  let closed = false

  async function deliver(delivery: WebhookDelivery): Promise<void> {
    const body = JSON.stringify(delivery.payload)
    for (let attempt = 0; ; attempt++) {
      let retry: boolean
      let detail: string
      try {
        const response = await undici().fetch(delivery.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT },
          body,
          redirect: 'manual',
          dispatcher: sharedAgent(options.allowPrivateNetworks),
          signal: AbortSignal.timeout(timeoutMs),
        })
        await response.body?.cancel().catch(() => {})
        if (response.ok) return
        retry = response.status === 429 || response.status >= 500
        detail = `HTTP ${response.status}`
      } catch (error) {
        retry = true
        detail = error instanceof Error ? error.message : String(error)
      }
      if (!retry || attempt >= delays.length || closed) {
        options.logger.warn({ url: delivery.url, userId: delivery.userId, err: detail, attempts: attempt + 1 }, 'action webhook failed')
        return
      }
      await new Promise((resolve) => setTimeout(resolve, delays[attempt]).unref())
    }
  }

  return {
    /** Starts the deliveries in the background. */
    send(deliveries: WebhookDelivery[]): void {
      for (const delivery of deliveries) {
        const p: Promise<void> = deliver(delivery).finally(() => pending.delete(p))
        pending.add(p)
      }
    },
    /** Waits for the deliveries under way (tests, shutdown); no new retry starts after this. */
    async drain(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending])
    },
    close(): void {
      closed = true
    },
  }
}

export type WebhookSender = ReturnType<typeof createWebhookSender>
