/**
 * Entity shapes held by the stores (SPEC §3 "Local tables"), in memory form: flags are booleans,
 * lists are arrays, structured values are objects. The local database keeps the same fields
 * (as 0/1 and JSON text); `db/rows.ts` converts between the two.
 */
import type { FeedViewType } from '@brook/shared'

/** A feed (type feed in memory). `tipUserIds` are the feed's tip users reduced to ids. */
export interface Feed {
  type: 'feed'
  id: string
  title: string | null
  url: string
  description: string | null
  image: string | null
  errorAt: string | null
  siteUrl: string | null
  ownerUserId: string | null
  errorMessage: string | null
  subscriptionCount: number | null
  updatesPerWeek: number | null
  latestEntryPublishedAt: string | null
  tipUserIds: string[]
  updatedAt: string | null
}

export type SubscriptionType = 'feed' | 'list' | 'inbox'

/** A subscription; its id is `feed/{feedId}`, `list/{listId}` or `inbox/{inboxId}`. */
export interface Subscription {
  id: string
  type: SubscriptionType
  feedId: string | null
  listId: string | null
  inboxId: string | null
  userId: string
  view: FeedViewType
  isPrivate: boolean
  hideFromTimeline: boolean
  title: string | null
  category: string | null
  createdAt: string | null
}

/** An inbox; its id is the handle. */
export interface Inbox {
  type: 'inbox'
  id: string
  title: string | null
  secret: string
}

/** A list (type list in memory). */
export interface List {
  type: 'list'
  id: string
  userId: string | null
  title: string
  feedIds: string[]
  description: string | null
  view: FeedViewType
  image: string | null
  fee: number
  ownerUserId: string | null
  subscriptionCount: number | null
  purchaseAmount: string | null
}

export interface EntryMedia {
  url: string
  type: 'photo' | 'video'
  width?: number
  height?: number
  /** A preview image (videos). */
  preview?: string
  blurhash?: string
}

/** An enclosure, in the API's field names. */
export interface EntryAttachment {
  url: string
  mime_type?: string
  size_in_bytes?: number
  duration_in_seconds?: number
  title?: string
}

/** An entry. `content` may be null until the content stream (SPEC §7) fills it. */
export interface Entry {
  id: string
  title: string | null
  url: string | null
  content: string | null
  readabilityContent: string | null
  readabilityUpdatedAt: string | null
  description: string | null
  guid: string
  author: string | null
  authorUrl: string | null
  authorAvatar: string | null
  insertedAt: string
  publishedAt: string
  media: EntryMedia[] | null
  categories: string[] | null
  attachments: EntryAttachment[] | null
  extra: { links?: { url: string; type?: string; content_html?: string }[]; [key: string]: unknown } | null
  language: string | null
  feedId: string | null
  inboxHandle: string | null
  read: boolean
  /** List ids (or 'feed') the entry came through; empty for entries straight from the server. */
  sources: string[] | null
  settings: Record<string, unknown> | null
}

/** A starred entry. */
export interface Collection {
  entryId: string
  feedId: string | null
  createdAt: string
  view: FeedViewType
}

export interface User {
  id: string
  email: string | null
  handle: string | null
  name: string | null
  image: string | null
  isMe: boolean
  emailVerified: boolean | null
  bio: string | null
  website: string | null
  socialLinks: Record<string, string> | null
}

/** The three synced settings tabs of SPEC §3. */
export type SettingsTab = 'general' | 'ui' | 'ai'

/**
 * What a timeline shows: a view plus at most one source. The UI builds it from the route with
 * `timelineFromParams`; `timelineKey` names it for caches.
 */
export interface Timeline {
  view: FeedViewType
  /** One feed. */
  feedId?: string | null
  /** A category (folder) of the view. */
  folderName?: string | null
  listId?: string | null
  inboxId?: string | null
  /** The starred collection of the view. */
  isCollection?: boolean
  /** Only unread entries. */
  unreadOnly?: boolean
}

/** Where the local database keeps its data. */
export type LocalStorageKind = 'opfs' | 'memory'

/** The filter of "mark all read" (SPEC §7 POST /reads/all). */
export interface MarkAllReadFilter {
  view?: FeedViewType
  feedId?: string
  feedIdList?: string[]
  listId?: string
  inboxId?: string
  excludePrivate?: boolean
  /** Only entries inserted before this time (ISO). */
  insertedBefore?: string
  /** Publish-time window (ISO). */
  startTime?: string
  endTime?: string
}

export interface SubscribeInput {
  view: FeedViewType
  /** One of these names what to follow. */
  url?: string
  feedId?: string
  listId?: string
  title?: string | null
  category?: string | null
  isPrivate?: boolean
  hideFromTimeline?: boolean
}

export interface SubscriptionPatch {
  view?: FeedViewType
  category?: string | null
  title?: string | null
  isPrivate?: boolean
  hideFromTimeline?: boolean
}

export interface ListInput {
  title: string
  description?: string | null
  image?: string | null
  view: FeedViewType
  fee?: number
}

export interface ProfilePatch {
  name?: string
  handle?: string | null
  image?: string | null
  bio?: string | null
  website?: string | null
  socialLinks?: Record<string, string> | null
}
