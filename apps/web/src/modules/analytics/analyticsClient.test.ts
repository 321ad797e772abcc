/** The analytics client: batching, the SPEC §3 body, at most two retries with back-off from 1 s, and nothing sent while off. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAnalyticsClient, type AnalyticsBody } from './analyticsClient.ts'

describe('analytics client', () => {
  let sent: AnalyticsBody[]
  let on: boolean | null
  let failures: number

  const client = () =>
    createAnalyticsClient({
      send: async (body) => {
        sent.push(body)
        if (failures > 0) {
          failures--
          throw new Error('offline')
        }
      },
      enabled: () => on,
      ids: () => ({ clientId: 'c'.repeat(21), sessionId: 's'.repeat(21), userId: 'u1' }),
      userProperties: () => ({ language: 'en' }),
    })

  beforeEach(() => {
    vi.useFakeTimers()
    sent = []
    on = true
    failures = 0
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('sends the events of a batch in one request, in the SPEC §3 body', async () => {
    const a = client()
    a.track(2007)
    a.track(2008, { source: 'sidebar' })
    expect(sent).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(3000)
    expect(sent).toEqual([
      {
        client_id: 'c'.repeat(21),
        user_id: 'u1',
        events: [
          { name: '2007', params: { session_id: 's'.repeat(21), engagement_time_msec: 1000 } },
          { name: '2008', params: { source: 'sidebar', session_id: 's'.repeat(21), engagement_time_msec: 1000 } },
        ],
        user_properties: { language: { value: 'en' } },
      },
    ])
  })

  it('retries a failed send at most twice, after 1 s and then 2 s, then drops it', async () => {
    const a = client()
    failures = 5
    a.track(2007)
    await vi.advanceTimersByTimeAsync(3000)
    expect(sent).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(999)
    expect(sent).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(sent).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1999)
    expect(sent).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(sent).toHaveLength(3)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(sent).toHaveLength(3)
  })

  it('a send that succeeds on a retry is not repeated', async () => {
    const a = client()
    failures = 1
    a.track(2007)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(sent).toHaveLength(2)
    expect(sent[1]!.events.map((e) => e.name)).toEqual(['2007'])
  })

  it('sends nothing while off, and drops what was queued when it is turned off', async () => {
    on = false
    const a = client()
    a.track(2007)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(sent).toEqual([])
    on = true
    a.track(2007)
    on = false
    await vi.advanceTimersByTimeAsync(10_000)
    expect(sent).toEqual([])
  })

  it('holds events while it is not known whether to send (settings loading), then sends them once on', async () => {
    on = null
    const a = client()
    a.track(1001)
    a.track(1003)
    await vi.advanceTimersByTimeAsync(9000)
    expect(sent).toEqual([])
    on = true
    await vi.advanceTimersByTimeAsync(3000)
    expect(sent.map((b) => b.events.map((e) => e.name))).toEqual([['1001', '1003']])
  })

  it('drops held events when it turns out to be off, and after ten batch waits still unknown', async () => {
    on = null
    const a = client()
    a.track(1001)
    await vi.advanceTimersByTimeAsync(3000)
    on = false
    await vi.advanceTimersByTimeAsync(60_000)
    on = true
    await vi.advanceTimersByTimeAsync(60_000)
    expect(sent).toEqual([])

    on = null
    a.track(1000)
    await vi.advanceTimersByTimeAsync(3000 * 11)
    on = true
    await vi.advanceTimersByTimeAsync(60_000)
    expect(sent).toEqual([])
  })
})
