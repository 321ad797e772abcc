/** Opening an entry from the timeline: its route under the current timeline, and marking it read. */
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { timelinePath, type TimelineParams } from '../../lib/routeParams.ts'
import { markRead } from '../../store/index.ts'

export function useOpenEntry(params: Pick<TimelineParams, 'view' | 'feedId'>) {
  const navigate = useNavigate()
  return useCallback(
    (id: string) => {
      navigate(timelinePath({ view: params.view, feedId: params.feedId, entryId: id }))
      void markRead([id])
    },
    [navigate, params.view, params.feedId],
  )
}

/** Props that mark an entry read after the pointer rests on it (general setting hoverMarkUnread). */
export function hoverMarkProps(id: string, enabled: boolean, read: boolean, delayMs = 600) {
  if (!enabled || read) return {}
  let timer: ReturnType<typeof setTimeout> | undefined
  return {
    onMouseEnter: () => {
      timer = setTimeout(() => void markRead([id]), delayMs)
    },
    onMouseLeave: () => clearTimeout(timer),
  }
}
