/**
 * "New entries available": asks GET /entries/check-new every minute (while the tab is visible
 * and online) whether the timeline has entries newer than the newest one shown.
 */
import { useQuery } from '@tanstack/react-query'
import { api } from '../../api/client.ts'
import type { ApiInput } from '../../api/types.ts'
import { usePlatformStore } from '../platform/platform.ts'
import { timelineSources, type Timeline } from '../../store/index.ts'

const POLL_MS = 60_000

export function checkNewQuery(timeline: Timeline, insertedAfter: string | null): ApiInput<'get', '/entries/check-new'> {
  // insertedAfter is required by the route: the query is only enabled once it is known.
  const query: ApiInput<'get', '/entries/check-new'> = { view: timeline.view, insertedAfter: insertedAfter ? Date.parse(insertedAfter) : '' }
  if (timeline.feedId) query.feedId = timeline.feedId
  if (timeline.listId) query.listId = timeline.listId
  if (timeline.inboxId) query.inboxId = timeline.inboxId
  if (timeline.isCollection) query.isCollection = true
  if (timeline.folderName) query.feedIdList = timelineSources(timeline).feedIds.join(',') || undefined
  if (timeline.unreadOnly) query.read = false
  return query
}

export function useCheckNew(timeline: Timeline, newestInsertedAt: string | null, enabled: boolean): boolean {
  const visible = usePlatformStore((s) => s.visible && s.online)
  const query = useQuery({
    queryKey: ['entries', 'check-new', checkNewQuery(timeline, newestInsertedAt)],
    queryFn: async () => (await api.get('/entries/check-new', checkNewQuery(timeline, newestInsertedAt))).hasNew,
    enabled: enabled && visible && !!newestInsertedAt && (!timeline.folderName || !!checkNewQuery(timeline, newestInsertedAt).feedIdList),
    // The page was just asked for: the first question waits a poll interval (no request on the first paint's heels).
    initialData: false,
    initialDataUpdatedAt: Date.now,
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: POLL_MS / 2,
    retry: false,
    meta: { silent: true },
  })
  return query.data === true
}
