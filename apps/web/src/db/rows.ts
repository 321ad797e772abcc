/** Conversions between in-memory entities and local rows (flags as 0/1, lists and objects as JSON text). */
import type { FeedViewType } from '@brook/shared'
import type { Collection, Entry, Feed, Inbox, List, Subscription, User } from '../store/types.ts'
import type { SqlValue } from './types.ts'

export const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value))

export function parseJson<T>(text: SqlValue | undefined): T | null {
  if (typeof text !== 'string' || text === '') return null
  try {
    return JSON.parse(text) as T
  } catch {
    return null
  }
}

const bit = (value: boolean | null | undefined): number | null => (value === null || value === undefined ? null : value ? 1 : 0)
const str = (value: SqlValue | undefined): string | null => (value === null || value === undefined ? null : String(value))
const num = (value: SqlValue | undefined): number | null => (value === null || value === undefined ? null : Number(value))

type Row = Record<string, SqlValue>

export const FEED_COLUMNS = ['id', 'title', 'url', 'description', 'image', 'errorAt', 'siteUrl', 'ownerUserId', 'errorMessage', 'subscriptionCount', 'updatesPerWeek', 'latestEntryPublishedAt', 'tipUserIds', 'updatedAt'] as const
export function feedToRow(f: Feed): SqlValue[] {
  return [f.id, f.title, f.url, f.description, f.image, f.errorAt, f.siteUrl, f.ownerUserId, f.errorMessage, f.subscriptionCount, f.updatesPerWeek, f.latestEntryPublishedAt, json(f.tipUserIds ?? []), f.updatedAt]
}
export function feedFromRow(r: Row): Feed {
  return {
    type: 'feed',
    id: String(r.id),
    title: str(r.title),
    url: String(r.url),
    description: str(r.description),
    image: str(r.image),
    errorAt: str(r.errorAt),
    siteUrl: str(r.siteUrl),
    ownerUserId: str(r.ownerUserId),
    errorMessage: str(r.errorMessage),
    subscriptionCount: num(r.subscriptionCount),
    updatesPerWeek: num(r.updatesPerWeek),
    latestEntryPublishedAt: str(r.latestEntryPublishedAt),
    tipUserIds: parseJson<string[]>(r.tipUserIds) ?? [],
    updatedAt: str(r.updatedAt),
  }
}

export const SUBSCRIPTION_COLUMNS = ['id', 'feedId', 'listId', 'inboxId', 'userId', 'view', 'isPrivate', 'hideFromTimeline', 'title', 'category', 'createdAt', 'type'] as const
export function subscriptionToRow(s: Subscription): SqlValue[] {
  return [s.id, s.feedId, s.listId, s.inboxId, s.userId, s.view, bit(s.isPrivate) ?? 0, bit(s.hideFromTimeline), s.title, s.category, s.createdAt, s.type]
}
export function subscriptionFromRow(r: Row): Subscription {
  return {
    id: String(r.id),
    type: String(r.type) as Subscription['type'],
    feedId: str(r.feedId),
    listId: str(r.listId),
    inboxId: str(r.inboxId),
    userId: String(r.userId),
    view: Number(r.view) as FeedViewType,
    isPrivate: r.isPrivate === 1,
    hideFromTimeline: r.hideFromTimeline === 1,
    title: str(r.title),
    category: str(r.category),
    createdAt: str(r.createdAt),
  }
}

export const LIST_COLUMNS = ['id', 'userId', 'title', 'feedIds', 'description', 'view', 'image', 'fee', 'ownerUserId', 'subscriptionCount', 'purchaseAmount'] as const
export function listToRow(l: List): SqlValue[] {
  return [l.id, l.userId, l.title, json(l.feedIds ?? []), l.description, l.view, l.image, l.fee ?? 0, l.ownerUserId, l.subscriptionCount, l.purchaseAmount]
}
export function listFromRow(r: Row): List {
  return {
    type: 'list',
    id: String(r.id),
    userId: str(r.userId),
    title: String(r.title),
    feedIds: parseJson<string[]>(r.feedIds) ?? [],
    description: str(r.description),
    view: Number(r.view) as FeedViewType,
    image: str(r.image),
    fee: Number(r.fee ?? 0),
    ownerUserId: str(r.ownerUserId),
    subscriptionCount: num(r.subscriptionCount),
    purchaseAmount: str(r.purchaseAmount),
  }
}

export const INBOX_COLUMNS = ['id', 'title', 'secret'] as const
export const inboxToRow = (i: Inbox): SqlValue[] => [i.id, i.title, i.secret]
export const inboxFromRow = (r: Row): Inbox => ({ type: 'inbox', id: String(r.id), title: str(r.title), secret: String(r.secret ?? '') })

export const USER_COLUMNS = ['id', 'email', 'handle', 'name', 'image', 'isMe', 'emailVerified', 'bio', 'website', 'socialLinks'] as const
export function userToRow(u: User): SqlValue[] {
  return [u.id, u.email, u.handle, u.name, u.image, bit(u.isMe) ?? 0, bit(u.emailVerified), u.bio, u.website, json(u.socialLinks)]
}
export function userFromRow(r: Row): User {
  return {
    id: String(r.id),
    email: str(r.email),
    handle: str(r.handle),
    name: str(r.name),
    image: str(r.image),
    isMe: r.isMe === 1,
    emailVerified: r.emailVerified === null || r.emailVerified === undefined ? null : r.emailVerified === 1,
    bio: str(r.bio),
    website: str(r.website),
    socialLinks: parseJson<Record<string, string>>(r.socialLinks),
  }
}

export const ENTRY_COLUMNS = [
  'id', 'title', 'url', 'content', 'readabilityContent', 'readabilityUpdatedAt', 'description', 'guid', 'author', 'authorUrl', 'authorAvatar',
  'insertedAt', 'publishedAt', 'media', 'categories', 'attachments', 'extra', 'language', 'feedId', 'inboxHandle', 'read', 'sources', 'settings',
] as const
/** Every entry column except the two bodies: what timelines load. */
export const ENTRY_LIST_COLUMNS = ENTRY_COLUMNS.filter((c) => c !== 'content' && c !== 'readabilityContent')

export function entryToRow(e: Entry): SqlValue[] {
  return [
    e.id, e.title, e.url, e.content, e.readabilityContent, e.readabilityUpdatedAt, e.description, e.guid, e.author, e.authorUrl, e.authorAvatar,
    e.insertedAt, e.publishedAt, json(e.media), json(e.categories), json(e.attachments), json(e.extra), e.language, e.feedId, e.inboxHandle,
    e.read ? 1 : 0, json(e.sources), json(e.settings),
  ]
}
export function entryFromRow(r: Row): Entry {
  return {
    id: String(r.id),
    title: str(r.title),
    url: str(r.url),
    content: str(r.content),
    readabilityContent: str(r.readabilityContent),
    readabilityUpdatedAt: str(r.readabilityUpdatedAt),
    description: str(r.description),
    guid: String(r.guid),
    author: str(r.author),
    authorUrl: str(r.authorUrl),
    authorAvatar: str(r.authorAvatar),
    insertedAt: String(r.insertedAt),
    publishedAt: String(r.publishedAt),
    media: parseJson(r.media),
    categories: parseJson(r.categories),
    attachments: parseJson(r.attachments),
    extra: parseJson(r.extra),
    language: str(r.language),
    feedId: str(r.feedId),
    inboxHandle: str(r.inboxHandle),
    read: r.read === 1,
    sources: parseJson(r.sources),
    settings: parseJson(r.settings),
  }
}

export const COLLECTION_COLUMNS = ['entryId', 'feedId', 'createdAt', 'view'] as const
export const collectionToRow = (c: Collection): SqlValue[] => [c.entryId, c.feedId, c.createdAt, c.view]
export const collectionFromRow = (r: Row): Collection => ({ entryId: String(r.entryId), feedId: str(r.feedId), createdAt: String(r.createdAt ?? ''), view: Number(r.view) as FeedViewType })
