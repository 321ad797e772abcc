/**
 * First-party analytics (docs/analytics.md): the web app sends SPEC §3 events while the user's
 * general `sendAnonymousData` is on; the server keeps only per-day counts of each event code —
 * never who, which client, or the parameters — and shows them to admins.
 */
import { isAnalyticsEventCode } from '@brook/shared'
import { AppError } from '../../lib/appError.ts'
import type { SettingsService } from '../settings/service.ts'
import type { AnalyticsRepo } from './repo.ts'

const DAY_MS = 24 * 60 * 60_000
const utcDay = (at: Date) => at.toISOString().slice(0, 10)

export function createAnalyticsService(deps: { repo: AnalyticsRepo; settings: Pick<SettingsService, 'get'>; now?: () => Date }) {
  const { repo } = deps
  const clock = deps.now ?? (() => new Date())
  return {
    /**
     * POST /analytics: counts the batch's known events under today (UTC). Nothing is counted
     * while the user's sendAnonymousData is off (the web app sends nothing then; this is the
     * server's half of the same promise). Unknown event names are dropped.
     */
    async collect(userId: string, events: { name: string }[]): Promise<{ accepted: number; dropped: number }> {
      const { settings } = await deps.settings.get(userId)
      if (settings.general.sendAnonymousData !== true) return { accepted: 0, dropped: events.length }
      const counts = new Map<string, number>()
      for (const e of events) if (isAnalyticsEventCode(e.name)) counts.set(e.name, (counts.get(e.name) ?? 0) + 1)
      const accepted = [...counts.values()].reduce((a, b) => a + b, 0)
      if (accepted > 0) await repo.add(utcDay(clock()), counts)
      return { accepted, dropped: events.length - accepted }
    },

    /** GET /analytics: admins see each event's count per UTC day for the last `days` days (today included). */
    async daily(who: { role: string }, days: number): Promise<{ day: string; event: string; count: number }[]> {
      if (who.role !== 'admin') throw new AppError(1004, { reason: 'Only admins see analytics' })
      return repo.since(utcDay(new Date(clock().getTime() - (days - 1) * DAY_MS)))
    },
  }
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>
