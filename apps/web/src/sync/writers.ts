/**
 * Server → local: every API answer is mapped to entities (SPEC §3 "Mapping from server": a list
 * becomes type list, a feed type feed, tip users reduced to ids; entries start unread with no
 * sources or settings), written to the local database and put in the stores.
 */
import type { FeedViewType } from '@brook/shared'
import { api } from '../api/client.ts'
import { localDb } from '../db/index.ts'
import { setEntryContent, upsertEntries } from '../db/repositories/entries.ts'
import {
  replaceCollections, replaceSubscriptions, replaceUnread, setUnread, upsertCollections, upsertFeeds, upsertInboxes, upsertLists, upsertSubscriptions, upsertUsers,
} from '../db/repositories/sources.ts'
import type { Statement } from '../db/types.ts'
import { useCollectionStore } from '../store/entities/collections.ts'
import { useEntryStore } from '../store/entities/entries.ts'
import { useFeedStore } from '../store/entities/feeds.ts'
import { useInboxStore } from '../store/entities/inboxes.ts'
import { useListStore } from '../store/entities/lists.ts'
import { useSubscriptionStore } from '../store/entities/subscriptions.ts'
import { useUnreadStore } from '../store/entities/unread.ts'
import { useUserStore } from '../store/entities/users.ts'
import type { Collection, Entry, Feed, Inbox, List, Subscription, User } from '../store/types.ts'

type Json = Record<string, any>

const s = (v: unknown): string | null => (v === undefined || v === null ? null : String(v))
const n = (v: unknown): number | null => (v === undefined || v === null || v === '' ? null : Number(v))
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A feed from the API (tip users reduced to ids). */
export function toFeed(raw: Json): Feed {
  const tipUsers: unknown[] = Array.isArray(raw.tipUsers) ? raw.tipUsers : []
  return {
    type: 'feed',
    id: String(raw.id),
    title: s(raw.title),
    url: String(raw.url ?? ''),
    description: s(raw.description),
    image: s(raw.image),
    errorAt: s(raw.errorAt),
    siteUrl: s(raw.siteUrl),
    ownerUserId: s(raw.ownerUserId),
    errorMessage: s(raw.errorMessage),
    subscriptionCount: n(raw.subscriptionCount ?? raw.analytics?.subscriptionCount),
    updatesPerWeek: n(raw.updatesPerWeek ?? raw.analytics?.updatesPerWeek),
    latestEntryPublishedAt: s(raw.latestEntryPublishedAt ?? raw.analytics?.latestEntryPublishedAt),
    tipUserIds: Array.isArray(raw.tipUserIds) ? raw.tipUserIds.map(String) : tipUsers.map((u) => String(isObject(u) ? u.id : u)),
    updatedAt: s(raw.updatedAt),
  }
}

export function toList(raw: Json): List {
  return {
    type: 'list',
    id: String(raw.id),
    userId: s(raw.userId),
    title: String(raw.title ?? ''),
    feedIds: Array.isArray(raw.feedIds) ? raw.feedIds.map(String) : Array.isArray(raw.feeds) ? raw.feeds.map((f: Json) => String(f.id)) : [],
    description: s(raw.description),
    view: Number(raw.view ?? 0) as FeedViewType,
    image: s(raw.image),
    fee: Number(raw.fee ?? 0),
    ownerUserId: s(raw.ownerUserId),
    subscriptionCount: n(raw.subscriptionCount),
    purchaseAmount: s(raw.purchaseAmount),
  }
}

export function toInbox(raw: Json): Inbox {
  return { type: 'inbox', id: String(raw.id ?? raw.handle), title: s(raw.title), secret: String(raw.secret ?? '') }
}

export function toUser(raw: Json, meId?: string | null): User {
  return {
    id: String(raw.id),
    email: s(raw.email),
    handle: s(raw.handle),
    name: s(raw.name),
    image: s(raw.image),
    isMe: raw.isMe === true || (meId != null && String(raw.id) === meId),
    emailVerified: raw.emailVerified === undefined || raw.emailVerified === null ? null : Boolean(raw.emailVerified),
    bio: s(raw.bio),
    website: s(raw.website),
    socialLinks: isObject(raw.socialLinks) ? (raw.socialLinks as Record<string, string>) : null,
  }
}

export function toSubscription(raw: Json): Subscription {
  const feedId = s(raw.feedId)
  const listId = s(raw.listId)
  const inboxId = s(raw.inboxId)
  const type = (raw.type as Subscription['type']) ?? (feedId ? 'feed' : listId ? 'list' : 'inbox')
  const id = raw.id ? String(raw.id) : feedId ? `feed/${feedId}` : listId ? `list/${listId}` : inboxId ? `inbox/${inboxId}` : null
  if (!id) throw new Error('A subscription needs a feedId, listId or inboxId')
  return {
    id,
    type,
    feedId,
    listId,
    inboxId,
    userId: String(raw.userId ?? ''),
    view: Number(raw.view ?? 0) as FeedViewType,
    isPrivate: Boolean(raw.isPrivate),
    hideFromTimeline: Boolean(raw.hideFromTimeline),
    title: s(raw.title),
    category: s(raw.category),
    createdAt: s(raw.createdAt),
  }
}

/** An entry from the API: unread unless the answer says read, no sources or settings. */
export function toEntry(raw: Json, read?: boolean): Entry {
  return {
    id: String(raw.id),
    title: s(raw.title),
    url: s(raw.url),
    content: s(raw.content),
    readabilityContent: s(raw.readabilityContent),
    readabilityUpdatedAt: s(raw.readabilityUpdatedAt),
    description: s(raw.description),
    guid: String(raw.guid ?? raw.id),
    author: s(raw.author),
    authorUrl: s(raw.authorUrl),
    authorAvatar: s(raw.authorAvatar),
    insertedAt: String(raw.insertedAt ?? raw.publishedAt ?? new Date().toISOString()),
    publishedAt: String(raw.publishedAt ?? raw.insertedAt ?? new Date().toISOString()),
    media: Array.isArray(raw.media) ? raw.media : null,
    categories: Array.isArray(raw.categories) ? raw.categories : null,
    attachments: Array.isArray(raw.attachments) ? raw.attachments : null,
    extra: isObject(raw.extra) ? raw.extra : null,
    language: s(raw.language),
    feedId: s(raw.feedId),
    inboxHandle: s(raw.inboxHandle ?? raw.inboxId),
    read: read ?? raw.read === true,
    sources: null,
    settings: null,
  }
}

/** The parts of an entries page (SPEC §7: items with entries, feeds, tipUsers; or flat entries). */
export interface EntriesPage {
  entries: Entry[]
  feeds: Feed[]
  users: User[]
  collections: Collection[]
}

/** Reads an entries answer in either shape: `[{entries, feeds, read, collections}]` or `{entries: [...], feeds: [...]}`. */
export function parseEntriesPage(data: unknown): EntriesPage {
  const page: EntriesPage = { entries: [], feeds: [], users: [], collections: [] }
  const feeds = new Map<string, Feed>()
  const users = new Map<string, User>()
  const pushFeed = (raw: unknown) => {
    if (!isObject(raw) || !raw.id) return
    feeds.set(String(raw.id), toFeed(raw))
    for (const u of Array.isArray(raw.tipUsers) ? raw.tipUsers : []) if (isObject(u) && u.id) users.set(String(u.id), toUser(u))
  }
  const items: unknown[] = Array.isArray(data) ? data : isObject(data) && Array.isArray(data.data) ? data.data : isObject(data) && Array.isArray(data.entries) ? data.entries : []
  for (const item of items) {
    if (!isObject(item)) continue
    const rawEntry = isObject(item.entries) ? item.entries : item
    if (!rawEntry.id) continue
    const read = typeof item.read === 'boolean' ? item.read : undefined
    // `feeds` is the entry's feed, or its inbox (type inbox) for inbox entries.
    const source = isObject(item.feeds) ? item.feeds : null
    const isInbox = source?.type === 'inbox'
    const entry = toEntry(
      {
        ...rawEntry,
        feedId: rawEntry.feedId !== undefined ? rawEntry.feedId : isInbox ? null : source?.id,
        inboxHandle: rawEntry.inboxHandle ?? (isInbox ? source?.id : item.inboxId),
      },
      read,
    )
    page.entries.push(entry)
    if (source && !isInbox) pushFeed(source)
    if (isObject(item.collections)) {
      page.collections.push({ entryId: entry.id, feedId: entry.feedId, createdAt: String(item.collections.createdAt ?? new Date().toISOString()), view: Number(item.view ?? item.collections.view ?? 0) as FeedViewType })
    }
    for (const u of Array.isArray(item.tipUsers) ? item.tipUsers : []) if (isObject(u) && u.id) users.set(String(u.id), toUser(u))
  }
  if (isObject(data)) {
    for (const f of Array.isArray(data.feeds) ? data.feeds : isObject(data.feeds) ? Object.values(data.feeds) : []) pushFeed(f)
    for (const u of Array.isArray(data.tipUsers) ? data.tipUsers : isObject(data.users) ? Object.values(data.users) : []) if (isObject(u) && u.id) users.set(String(u.id), toUser(u))
  }
  page.feeds = [...feeds.values()]
  page.users = [...users.values()]
  return page
}

/** The statements that store an entries page, without touching the stores. */
export function entriesPageStatements(page: EntriesPage): Statement[] {
  return [...upsertFeeds(page.feeds), ...upsertUsers(page.users), ...upsertEntries(page.entries), ...upsertCollections(page.collections)]
}

function sameFeed(a: Feed, b: Feed): boolean {
  for (const key of Object.keys(b) as (keyof Feed)[]) {
    const x = a[key]
    const y = b[key]
    if (Array.isArray(x) && Array.isArray(y) ? x.join() !== y.join() : x !== y) return false
  }
  return true
}

/** Writes an entries page to the local database and the stores (feeds already known as is are not rewritten). */
export async function writeEntriesPage(page: EntriesPage, timings?: { stores: number; db: number }): Promise<void> {
  const t0 = performance.now()
  const known = useFeedStore.getState().byId
  const changedFeeds = page.feeds.filter((f) => !known[f.id] || !sameFeed(known[f.id], f))
  useFeedStore.getState().upsert(changedFeeds)
  useUserStore.getState().upsert(page.users)
  useEntryStore.getState().upsert(page.entries)
  useCollectionStore.getState().upsert(page.collections)
  const t1 = performance.now()
  await localDb.write(entriesPageStatements({ ...page, feeds: changedFeeds }))
  if (timings) {
    timings.stores = t1 - t0
    timings.db = performance.now() - t1
  }
}

/** Stores an entry body that arrived later (the content stream, entry detail). */
export async function writeEntryContent(id: string, content: string): Promise<void> {
  useEntryStore.getState().patch([id], { content })
  await localDb.write(setEntryContent(id, content))
}

/** Full subscription list: replaces the local one, with the embedded feeds, lists and inboxes. */
/**
 * How many server answers have been put in these stores: hydration compares before and after its
 * read of the local database, and does not replace a store a server answer filled meanwhile (its
 * local write may have landed after that read).
 */
export const serverWrites = { subscriptions: 0, unread: 0 }

export async function writeSubscriptions(data: unknown, options: { full: boolean } = { full: true }): Promise<void> {
  const items: Json[] = Array.isArray(data) ? data.filter(isObject) : []
  const subs: Subscription[] = []
  const feeds: Feed[] = []
  const lists: List[] = []
  const inboxes: Inbox[] = []
  for (const item of items) {
    try {
      subs.push(toSubscription(item))
    } catch (error) {
      console.warn('[brook] skipping an invalid subscription', error)
      continue
    }
    if (isObject(item.feeds)) feeds.push(toFeed(item.feeds))
    if (isObject(item.lists)) lists.push(toList(item.lists))
    if (isObject(item.inboxes)) inboxes.push(toInbox(item.inboxes))
  }
  useFeedStore.getState().upsert(feeds)
  useListStore.getState().upsert(lists)
  useInboxStore.getState().upsert(inboxes)
  serverWrites.subscriptions++
  if (options.full) useSubscriptionStore.getState().replaceAll(subs)
  else useSubscriptionStore.getState().upsert(subs)
  await localDb.write([
    ...upsertFeeds(feeds),
    ...upsertLists(lists),
    ...upsertInboxes(inboxes),
    ...(options.full ? replaceSubscriptions(subs) : upsertSubscriptions(subs)),
  ])
}

/** Unread counts (a full map replaces the local one). */
export async function writeUnread(counts: Record<string, number>, options: { full: boolean } = { full: true }): Promise<void> {
  const clean: Record<string, number> = {}
  for (const [id, count] of Object.entries(counts ?? {})) clean[id] = Math.max(0, Number(count) || 0)
  serverWrites.unread++
  if (options.full) useUnreadStore.getState().replaceAll(clean)
  else useUnreadStore.getState().set(clean)
  await localDb.write(options.full ? replaceUnread(clean) : setUnread(clean))
}

/** The full starred collection: `[{entryId, feedId, view, createdAt}]` (entries come with timelines). */
export async function writeCollections(data: unknown): Promise<void> {
  const rows = (Array.isArray(data) ? data : []).filter(isObject)
  const collections: Collection[] = rows
    .filter((r) => r.entryId)
    .map((r) => ({ entryId: String(r.entryId), feedId: s(r.feedId), createdAt: String(r.createdAt ?? new Date().toISOString()), view: Number(r.view ?? 0) as FeedViewType }))
  useCollectionStore.setState({ byEntryId: Object.fromEntries(collections.map((c) => [c.entryId, c])) })
  await localDb.write(replaceCollections(collections))
}

export async function writeLists(data: unknown): Promise<void> {
  const lists = (Array.isArray(data) ? data : isObject(data) ? [data] : []).filter(isObject).map(toList)
  useListStore.getState().upsert(lists)
  await localDb.write(upsertLists(lists))
}

export async function writeInboxes(data: unknown): Promise<void> {
  const inboxes = (Array.isArray(data) ? data : isObject(data) ? [data] : []).filter(isObject).map(toInbox)
  useInboxStore.getState().upsert(inboxes)
  await localDb.write(upsertInboxes(inboxes))
}

/** Profiles: a map of user id to user, or a list. */
export async function writeProfiles(data: unknown, meId?: string | null): Promise<void> {
  const raw = Array.isArray(data) ? data : isObject(data) ? Object.values(data) : []
  const users = raw.filter(isObject).filter((u) => u.id).map((u) => toUser(u, meId))
  useUserStore.getState().upsert(users)
  await localDb.write(upsertUsers(users))
}

/**
 * The answer of POST /subscriptions: `{feed, list, unread, created}`. The feed or list and its
 * unread count are stored at once; the subscription row itself comes with the next list, fetched
 * right away (not through the outbox: this runs inside an outbox run).
 */
export async function writeSubscribeAnswer(data: unknown): Promise<void> {
  if (!isObject(data)) return
  if (isObject(data.feed)) {
    const feed = toFeed(data.feed)
    useFeedStore.getState().upsert([feed])
    await localDb.write(upsertFeeds([feed]))
    if (typeof data.unread === 'number') await writeUnread({ [feed.id]: data.unread }, { full: false })
  }
  if (isObject(data.list)) {
    await writeLists(data.list)
    if (typeof data.unread === 'number') await writeUnread({ [String(data.list.id)]: data.unread }, { full: false })
  }
  await writeSubscriptions(await api.get('/subscriptions'))
}

export async function writeListAnswer(data: unknown): Promise<void> {
  if (isObject(data) && isObject(data.list)) return writeLists(data.list)
  if (isObject(data) && data.id) return writeLists(data)
}

export async function writeInboxAnswer(data: unknown): Promise<void> {
  if (isObject(data) && (data.id || data.handle)) return writeInboxes(data)
}
