/** The view tabs to show now: the four fixed ones plus Audios/Notifications when they hold a subscription. */
import type { FeedViewType } from '@brook/shared'
import { useMemo } from 'react'
import { useSubscriptionStore } from '../../store/entities/subscriptions.ts'
import { visibleViews } from './visibleViews.ts'

export function useVisibleViews(): FeedViewType[] {
  const byId = useSubscriptionStore((s) => s.byId)
  return useMemo(() => {
    const counts: Partial<Record<FeedViewType, number>> = {}
    for (const sub of Object.values(byId)) counts[sub.view] = (counts[sub.view] ?? 0) + 1
    return visibleViews(counts)
  }, [byId])
}
