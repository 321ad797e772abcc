/**
 * SQL of public profiles: the user fields a profile shows (never e-mail or role), the privacy
 * choices kept in the user's general settings, and what the profile page lists (the
 * subscriptions not made private, the lists the user owns).
 */
import type { Selectable } from 'kysely'
import type { FeedsTable, ListsTable, SubscriptionsTable } from '../../db/schema.ts'
import { chunks } from '../../db/chunks.ts'
import { isSqliteDb, type Db } from '../../db/transactions.ts'
import { feedIdsOfLists } from '../lists/repo.ts'

export type ProfileRow = {
  id: string
  name: string
  handle: string | null
  image: string | null
  bio: string | null
  website: string | null
  socialLinks: string | null
  createdAt: Date | string
}

const PUBLIC_COLUMNS = ['id', 'name', 'handle', 'image', 'bio', 'website', 'socialLinks', 'createdAt'] as const

export function profilesRepo(db: Db) {
  return {
    async byId(id: string): Promise<ProfileRow | null> {
      return (await db.selectFrom('user').select(PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirst()) ?? null
    },

    async byHandle(handle: string): Promise<ProfileRow | null> {
      return (await db.selectFrom('user').select(PUBLIC_COLUMNS).where('handle', '=', handle).executeTakeFirst()) ?? null
    },

    /** Whether another account already has this handle. */
    async handleTaken(handle: string, exceptUserId: string): Promise<boolean> {
      const row = await db.selectFrom('user').select('id').where('handle', '=', handle).where('id', '!=', exceptUserId).executeTakeFirst()
      return row !== undefined
    },

    /** Sets a user's picture (an uploaded avatar's address). */
    async setImage(userId: string, image: string): Promise<void> {
      await db.updateTable('user').set({ image, updatedAt: isSqliteDb(db) ? new Date().toISOString() : new Date() }).where('id', '=', userId).execute()
    },

    async byIds(ids: string[]): Promise<ProfileRow[]> {
      if (ids.length === 0) return []
      return db.selectFrom('user').select(PUBLIC_COLUMNS).where('id', 'in', ids).execute()
    },

    /** The stored general-settings payloads (JSON text) of these users, by user id; users who never saved one are absent. */
    async generalSettingsOf(ids: string[]): Promise<Map<string, string>> {
      const out = new Map<string, string>()
      for (const part of chunks([...new Set(ids)])) {
        const rows = await db.selectFrom('settings').select(['userId', 'payload']).where('tab', '=', 'general').where('userId', 'in', part).execute()
        for (const row of rows) out.set(row.userId, row.payload)
      }
      return out
    },

    /** The user's feed and list subscriptions not made private, oldest first, with their feed or list rows. */
    async publicSubscriptions(userId: string): Promise<{ subscription: Selectable<SubscriptionsTable>; feed: Selectable<FeedsTable> | null; list: Selectable<ListsTable> | null }[]> {
      const subs = await db
        .selectFrom('subscriptions')
        .selectAll()
        .where('userId', '=', userId)
        .where('isPrivate', '=', 0)
        .where('inboxId', 'is', null)
        .orderBy('createdAt')
        .orderBy('id')
        .execute()
      const feedIds = subs.flatMap((s) => (s.feedId ? [s.feedId] : []))
      const listIds = subs.flatMap((s) => (s.listId ? [s.listId] : []))
      const feeds = new Map<string, Selectable<FeedsTable>>()
      for (const part of chunks(feedIds)) for (const f of await db.selectFrom('feeds').selectAll().where('id', 'in', part).execute()) feeds.set(f.id, f)
      const lists = new Map<string, Selectable<ListsTable>>()
      for (const part of chunks(listIds)) for (const l of await db.selectFrom('lists').selectAll().where('id', 'in', part).execute()) lists.set(l.id, l)
      return subs.map((subscription) => ({
        subscription,
        feed: subscription.feedId ? (feeds.get(subscription.feedId) ?? null) : null,
        list: subscription.listId ? (lists.get(subscription.listId) ?? null) : null,
      }))
    },

    /** The lists the user owns, newest first. */
    async ownedLists(userId: string): Promise<Selectable<ListsTable>[]> {
      return db.selectFrom('lists').selectAll().where('ownerUserId', '=', userId).orderBy('createdAt', 'desc').orderBy('id').execute()
    },

    listFeedIds: (listIds: string[]) => feedIdsOfLists(db, listIds),
  }
}

export type ProfilesRepo = ReturnType<typeof profilesRepo>
