/** The derived timeline parameters of the current route (SPEC §2 "Derived values"). */
import { useParams } from 'react-router'
import { parseTimelineParams, type TimelineParams } from '../../lib/routeParams.ts'

export function useTimelineParams(): TimelineParams {
  return parseTimelineParams(useParams())
}
