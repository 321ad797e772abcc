/**
 * Asks the server for the timeline again when the subscriptions of its view change after they
 * were loaded (a follow, an unfollow, a move — in this tab or, after a sync, another), so the
 * entries of a feed just followed appear without a manual refresh.
 */
import type { FeedViewType } from '@brook/shared'
import { useEffect, useRef } from 'react'
import { useSubscriptionStore } from '../../store/entities/subscriptions.ts'

export function useRefetchOnSourcesChange(view: FeedViewType, refetch: () => Promise<void>): void {
  const key = useSubscriptionStore((s) =>
    s.loaded
      ? Object.values(s.byId)
          .filter((sub) => sub.view === view)
          .map((sub) => `${sub.id}:${sub.category ?? ''}:${sub.hideFromTimeline ? 1 : 0}:${sub.isPrivate ? 1 : 0}`)
          .sort()
          .join('|')
      : null,
  )
  const previous = useRef<{ view: FeedViewType; key: string | null } | null>(null)
  useEffect(() => {
    const last = previous.current
    previous.current = { view, key }
    if (!last || last.view !== view || last.key === null || key === null || last.key === key) return
    void refetch()
  }, [view, key, refetch])
}
