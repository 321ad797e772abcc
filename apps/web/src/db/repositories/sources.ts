/** Subscriptions, feeds, lists, inboxes, users, unread counts and collections in the local database. */
import {
  collectionFromRow, collectionToRow, COLLECTION_COLUMNS, feedFromRow, feedToRow, FEED_COLUMNS, inboxFromRow, inboxToRow, INBOX_COLUMNS,
  listFromRow, listToRow, LIST_COLUMNS, subscriptionFromRow, subscriptionToRow, SUBSCRIPTION_COLUMNS, userFromRow, userToRow, USER_COLUMNS,
} from '../rows.ts'
import { placeholders, toObjects, type SqlExecutor, type SqlValue, type Statement, type StatementResult } from '../types.ts'
import type { Collection, Feed, Inbox, List, Subscription, User } from '../../store/types.ts'
import { chunks, deleteWhereIn, jsonRowsSql, parseJsonRows, upsert } from './sql.ts'

export const upsertFeeds = (feeds: Feed[]): Statement[] => upsert('feeds', FEED_COLUMNS, feeds.map(feedToRow), ['id'])
export const upsertSubscriptions = (subs: Subscription[]): Statement[] => upsert('subscriptions', SUBSCRIPTION_COLUMNS, subs.map(subscriptionToRow), ['id'])
export const deleteSubscriptions = (ids: readonly string[]): Statement[] => deleteWhereIn('subscriptions', 'id', ids)
/** Replaces every subscription (a full server list): rows not in it are gone on the server too. */
export function replaceSubscriptions(subs: Subscription[]): Statement[] {
  return [{ sql: 'DELETE FROM subscriptions' }, ...upsertSubscriptions(subs)]
}
export const upsertLists = (lists: List[]): Statement[] => upsert('lists', LIST_COLUMNS, lists.map(listToRow), ['id'])
export const deleteLists = (ids: readonly string[]): Statement[] => deleteWhereIn('lists', 'id', ids)
export const upsertInboxes = (inboxes: Inbox[]): Statement[] => upsert('inboxes', INBOX_COLUMNS, inboxes.map(inboxToRow), ['id'])
export const deleteInboxes = (ids: readonly string[]): Statement[] => deleteWhereIn('inboxes', 'id', ids)
export const upsertUsers = (users: User[]): Statement[] => upsert('users', USER_COLUMNS, users.map(userToRow), ['id'])
export const upsertCollections = (items: Collection[]): Statement[] => upsert('collections', COLLECTION_COLUMNS, items.map(collectionToRow), ['entryId'])
export const deleteCollections = (entryIds: readonly string[]): Statement[] => deleteWhereIn('collections', 'entryId', entryIds)
export function replaceCollections(items: Collection[]): Statement[] {
  return [{ sql: 'DELETE FROM collections' }, ...upsertCollections(items)]
}

/** Sets unread counts of some sources. */
export function setUnread(counts: Record<string, number>): Statement[] {
  return upsert('unread', ['id', 'count'], Object.entries(counts).map(([id, count]) => [id, Math.max(0, count)]), ['id'])
}
/** Replaces every unread count (a full server answer). */
export function replaceUnread(counts: Record<string, number>): Statement[] {
  return [{ sql: 'DELETE FROM unread' }, ...setUnread(counts)]
}
/** Adds deltas to unread counts, never below 0. */
export function addUnread(deltas: Record<string, number>): Statement[] {
  const sql = 'INSERT INTO unread (id, count) VALUES (?, MAX(0, ?)) ON CONFLICT (id) DO UPDATE SET count = MAX(0, unread.count + ?)'
  return Object.entries(deltas)
    .filter(([, d]) => d !== 0)
    .map(([id, delta]) => ({ sql, params: [id, delta, delta] }))
}

/** Everything the stores hold apart from entries, read at start. */
export interface HydratedSources {
  subscriptions: Subscription[]
  feeds: Feed[]
  lists: List[]
  inboxes: Inbox[]
  users: User[]
  unread: Record<string, number>
  collections: Collection[]
  /** JSON values of the key-value table asked for. */
  kv: Record<string, unknown>
  /** Results of the extra statements run in the same round trip. */
  extra: StatementResult[]
}

/** Reads every small table (and some key-value entries) in one round trip. */
export async function readSources(db: SqlExecutor, kvKeys: string[] = [], extraStatements: Statement[] = []): Promise<HydratedSources> {
  const [subs, feeds, lists, inboxes, users, unread, collections, kvRows, ...extra] = await db.run([
    { sql: jsonRowsSql(SUBSCRIPTION_COLUMNS, 'FROM subscriptions') },
    { sql: jsonRowsSql(FEED_COLUMNS, 'FROM feeds WHERE id IN (SELECT feedId FROM subscriptions WHERE feedId IS NOT NULL) OR id IN (SELECT feedId FROM collections)') },
    { sql: jsonRowsSql(LIST_COLUMNS, 'FROM lists') },
    { sql: jsonRowsSql(INBOX_COLUMNS, 'FROM inboxes') },
    { sql: jsonRowsSql(USER_COLUMNS, 'FROM users') },
    { sql: jsonRowsSql(['id', 'count'], 'FROM unread') },
    { sql: jsonRowsSql(COLLECTION_COLUMNS, 'FROM collections') },
    { sql: `SELECT key, value FROM kv WHERE key IN (${kvKeys.length ? kvKeys.map(() => '?').join(', ') : 'NULL'})`, params: kvKeys },
    ...extraStatements,
  ])
  const kv: Record<string, unknown> = {}
  for (const row of toObjects<{ key: string; value: string | null }>(kvRows)) {
    try {
      kv[row.key] = row.value === null ? null : JSON.parse(row.value)
    } catch {
      // A broken value is as good as none.
    }
  }
  const unreadMap: Record<string, number> = {}
  for (const row of parseJsonRows(unread, ['id', 'count'])) unreadMap[String(row.id)] = Number(row.count)
  return {
    subscriptions: parseJsonRows(subs, SUBSCRIPTION_COLUMNS).map(subscriptionFromRow),
    feeds: parseJsonRows(feeds, FEED_COLUMNS).map(feedFromRow),
    lists: parseJsonRows(lists, LIST_COLUMNS).map(listFromRow),
    inboxes: parseJsonRows(inboxes, INBOX_COLUMNS).map(inboxFromRow),
    users: parseJsonRows(users, USER_COLUMNS).map(userFromRow),
    unread: unreadMap,
    collections: parseJsonRows(collections, COLLECTION_COLUMNS).map(collectionFromRow),
    kv,
    extra,
  }
}

/** Feeds by id (for entries whose feed is not subscribed, e.g. starred or list entries). */
export async function readFeeds(db: SqlExecutor, ids: readonly string[]): Promise<Feed[]> {
  const out: Feed[] = []
  for (const part of chunks(ids, 500)) {
    const [result] = await db.run([{ sql: `SELECT ${FEED_COLUMNS.join(', ')} FROM feeds WHERE id IN (${placeholders(part.length)})`, params: [...part] }])
    out.push(...toObjects<Record<string, SqlValue>>(result).map(feedFromRow))
  }
  return out
}
