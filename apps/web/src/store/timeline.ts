/**
 * Timelines: turning route parameters into a `Timeline`, naming it for caches, and working out
 * which feeds and inboxes it covers from the subscriptions and lists in memory.
 */
import type { TimelineParams } from '../lib/routeParams.ts'
import { useListStore } from './entities/lists.ts'
import { useSubscriptionStore } from './entities/subscriptions.ts'
import type { Subscription, Timeline } from './types.ts'

/** The timeline a route shows. */
export function timelineFromParams(params: Pick<TimelineParams, 'view' | 'feedId' | 'isAllFeeds' | 'isCollection' | 'folderName' | 'listId' | 'inboxId'>, unreadOnly = false): Timeline {
  const base: Timeline = { view: params.view, unreadOnly }
  if (params.isCollection) return { ...base, isCollection: true }
  if (params.folderName) return { ...base, folderName: params.folderName }
  if (params.listId) return { ...base, listId: params.listId }
  if (params.inboxId) return { ...base, inboxId: params.inboxId }
  if (params.isAllFeeds) return base
  return { ...base, feedId: params.feedId }
}

/** A stable cache key for a timeline. */
export function timelineKey(t: Timeline): string {
  const source = t.isCollection
    ? 'collections'
    : t.folderName
      ? `folder:${t.folderName}`
      : t.listId
        ? `list:${t.listId}`
        : t.inboxId
          ? `inbox:${t.inboxId}`
          : t.feedId
            ? `feed:${t.feedId}`
            : 'all'
  return `${t.view}|${source}|${t.unreadOnly ? 'unread' : 'any'}`
}

/** The feeds and inboxes whose entries a timeline shows (collections are handled apart). */
export interface TimelineSources {
  feedIds: string[]
  inboxIds: string[]
}

/** Options from the general settings that hide subscriptions from "all" timelines. */
export interface TimelineVisibility {
  hidePrivate?: boolean
}

function sourcesOf(subs: Subscription[], lists: ReturnType<typeof useListStore.getState>['byId']): TimelineSources {
  const feedIds = new Set<string>()
  const inboxIds = new Set<string>()
  for (const sub of subs) {
    if (sub.type === 'feed' && sub.feedId) feedIds.add(sub.feedId)
    else if (sub.type === 'inbox' && sub.inboxId) inboxIds.add(sub.inboxId)
    else if (sub.type === 'list' && sub.listId) for (const id of lists[sub.listId]?.feedIds ?? []) feedIds.add(id)
  }
  return { feedIds: [...feedIds], inboxIds: [...inboxIds] }
}

/** Works out a timeline's sources from the stores (SPEC §6: hidden and, optionally, private subscriptions leave "all"). */
export function timelineSources(t: Timeline, visibility: TimelineVisibility = {}): TimelineSources {
  const subs = Object.values(useSubscriptionStore.getState().byId)
  const lists = useListStore.getState().byId
  if (t.feedId) return { feedIds: [t.feedId], inboxIds: [] }
  if (t.inboxId) return { feedIds: [], inboxIds: [t.inboxId] }
  if (t.listId) return { feedIds: lists[t.listId]?.feedIds ?? [], inboxIds: [] }
  const inView = subs.filter((s) => s.view === t.view)
  if (t.folderName) return sourcesOf(inView.filter((s) => s.category === t.folderName), lists)
  return sourcesOf(
    inView.filter((s) => !s.hideFromTimeline && !(visibility.hidePrivate && s.isPrivate)),
    lists,
  )
}
