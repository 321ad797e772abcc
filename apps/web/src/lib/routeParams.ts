/**
 * Timeline route parameters of SPEC §2 and the values derived from them. The timeline id is
 * `view-{n}`; the feed id is `all`, `collections`, `folder-{name}`, `list-{id}`, `inbox-{id}`
 * or a feed id; the entry id `pending` means no entry is open.
 */
import { FeedViewType, isFeedView } from '@brook/shared'

export const ROUTE_TIMELINE_PREFIX = 'view-'
export const ROUTE_FEED_ALL = 'all'
export const ROUTE_FEED_COLLECTIONS = 'collections'
export const ROUTE_FEED_FOLDER_PREFIX = 'folder-'
export const ROUTE_FEED_LIST_PREFIX = 'list-'
export const ROUTE_FEED_INBOX_PREFIX = 'inbox-'
export const ROUTE_ENTRY_PENDING = 'pending'

/** Everything a screen needs to know about the current timeline. */
export interface TimelineParams {
  timelineId: string
  view: FeedViewType
  feedId: string
  entryId: string | null
  isAllFeeds: boolean
  isCollection: boolean
  isPendingEntry: boolean
  folderName: string | null
  listId: string | null
  inboxId: string | null
}

/** The timeline id of a view. */
export function timelineIdOf(view: FeedViewType): string {
  return `${ROUTE_TIMELINE_PREFIX}${view}`
}

/** The view a timeline id names; Articles when it names none. */
export function viewOfTimelineId(timelineId: string | undefined): FeedViewType {
  if (!timelineId?.startsWith(ROUTE_TIMELINE_PREFIX)) return FeedViewType.Articles
  const n = Number(timelineId.slice(ROUTE_TIMELINE_PREFIX.length))
  return isFeedView(n) ? n : FeedViewType.Articles
}

/** The path of a timeline: `/timeline/view-{n}/{feedId}/{entryId}`. */
export function timelinePath({ view = FeedViewType.Articles, feedId = ROUTE_FEED_ALL, entryId = ROUTE_ENTRY_PENDING }: { view?: FeedViewType; feedId?: string; entryId?: string } = {}): string {
  return `/timeline/${timelineIdOf(view)}/${encodeURIComponent(feedId)}/${encodeURIComponent(entryId)}`
}

function after(prefix: string, value: string): string | null {
  return value.startsWith(prefix) ? value.slice(prefix.length) : null
}

/** Derives the timeline values of SPEC §2 from raw route parameters. */
export function parseTimelineParams(raw: { timelineId?: string; feedId?: string; entryId?: string }): TimelineParams {
  const timelineId = raw.timelineId ?? timelineIdOf(FeedViewType.Articles)
  const feedId = raw.feedId ?? ROUTE_FEED_ALL
  const entryId = raw.entryId ?? null
  return {
    timelineId,
    view: viewOfTimelineId(timelineId),
    feedId,
    entryId,
    isAllFeeds: feedId === ROUTE_FEED_ALL || feedId.startsWith(ROUTE_TIMELINE_PREFIX),
    isCollection: feedId === ROUTE_FEED_COLLECTIONS,
    isPendingEntry: entryId === null || entryId === ROUTE_ENTRY_PENDING,
    folderName: after(ROUTE_FEED_FOLDER_PREFIX, feedId),
    listId: after(ROUTE_FEED_LIST_PREFIX, feedId),
    inboxId: after(ROUTE_FEED_INBOX_PREFIX, feedId),
  }
}
