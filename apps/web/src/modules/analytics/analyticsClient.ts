/**
 * First-party analytics client (docs/analytics.md; SPEC §3 "Analytics event codes", §9 retry):
 * events are queued and sent together after a short wait, each with the session id and
 * engagement_time_msec 1000, in the body SPEC §7 names (client_id, user_id, events,
 * user_properties as value objects). A failed send is retried at most twice, after 1 s and 2 s,
 * then dropped. While `enabled()` is false (the user's sendAnonymousData is off) nothing is queued
 * and what was queued is dropped unsent. While it is null (not known yet: the session or the
 * settings are still loading, as right after sign-in) events are held, at most `holdBatches`
 * batch waits; then they go if it turned true and are dropped otherwise.
 */
import { ANALYTICS_BACKOFF_MS, ANALYTICS_BATCH_MS, ANALYTICS_ENGAGEMENT_MSEC, ANALYTICS_MAX_BATCH, ANALYTICS_MAX_RETRIES, type AnalyticsEventCode } from '@brook/shared'

type Scalar = string | number | boolean | null

export type AnalyticsBody = {
  client_id: string
  user_id: string | null
  events: { name: string; params: Record<string, Scalar> }[]
  user_properties: Record<string, { value: Scalar }>
}

export type AnalyticsClientDeps = {
  send: (body: AnalyticsBody) => Promise<unknown>
  /** true: send; false: never (drop); null: not known yet (hold). */
  enabled: () => boolean | null
  ids: () => { clientId: string; sessionId: string; userId: string | null }
  userProperties?: () => Record<string, Scalar>
  batchMs?: number
  maxRetries?: number
  backoffMs?: number
  /** Batch waits events are held while enabled() is null. */
  holdBatches?: number
}

export function createAnalyticsClient(deps: AnalyticsClientDeps) {
  const batchMs = deps.batchMs ?? ANALYTICS_BATCH_MS
  const maxRetries = deps.maxRetries ?? ANALYTICS_MAX_RETRIES
  const backoffMs = deps.backoffMs ?? ANALYTICS_BACKOFF_MS
  let queue: AnalyticsBody['events'] = []
  let timer: ReturnType<typeof setTimeout> | null = null
  let held = 0
  const holdBatches = deps.holdBatches ?? 10

  const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

  async function sendWithRetries(body: AnalyticsBody): Promise<boolean> {
    for (let attempt = 0; ; attempt++) {
      try {
        await deps.send(body)
        return true
      } catch {
        if (attempt >= maxRetries || deps.enabled() !== true) return false
        await wait(backoffMs * 2 ** attempt)
      }
    }
  }

  async function flush(): Promise<void> {
    timer = null
    const enabled = deps.enabled()
    if (enabled === null && held < holdBatches && queue.length > 0) {
      held++
      timer = setTimeout(() => void flush(), batchMs)
      return
    }
    held = 0
    if (enabled !== true) {
      queue = []
      return
    }
    while (queue.length > 0) {
      const events = queue.slice(0, ANALYTICS_MAX_BATCH)
      queue = queue.slice(ANALYTICS_MAX_BATCH)
      const { clientId, userId } = deps.ids()
      const props = deps.userProperties?.() ?? {}
      await sendWithRetries({ client_id: clientId, user_id: userId, events, user_properties: Object.fromEntries(Object.entries(props).map(([k, value]) => [k, { value }])) })
    }
  }

  return {
    /** Queues one event (nothing while disabled); the batch goes out `batchMs` after the first. */
    track(code: AnalyticsEventCode, params: Record<string, Scalar> = {}): void {
      if (deps.enabled() === false) return
      queue.push({ name: String(code), params: { ...params, session_id: deps.ids().sessionId, engagement_time_msec: ANALYTICS_ENGAGEMENT_MSEC } })
      timer ??= setTimeout(() => void flush(), batchMs)
    },
    /** Sends what is queued now (tests; page hide). */
    flush,
  }
}

export type AnalyticsClient = ReturnType<typeof createAnalyticsClient>
