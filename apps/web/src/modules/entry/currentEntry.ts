/** The entry and timeline of the current address, for commands that run outside React. */
import { matchPath } from 'react-router'
import { parseTimelineParams, type TimelineParams } from '../../lib/routeParams.ts'
import { useEntryStore } from '../../store/entities/entries.ts'
import type { Entry } from '../../store/index.ts'

/** The timeline parameters of the current path, or null off the timeline. */
export function currentTimelineParams(pathname = window.location.pathname): TimelineParams | null {
  const match = matchPath('/timeline/:timelineId/:feedId/:entryId?', pathname)
  return match ? parseTimelineParams(match.params as Record<string, string>) : null
}

/** The open entry's id, if any. */
export function currentEntryId(): string | null {
  const params = currentTimelineParams()
  return params && !params.isPendingEntry ? params.entryId : null
}

/** The open entry, if loaded. */
export function currentEntry(): Entry | null {
  const id = currentEntryId()
  return id ? (useEntryStore.getState().byId[id] ?? null) : null
}
