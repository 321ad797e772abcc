/**
 * SQL of Web Push: the push subscriptions of each user's browsers, the feeds whose new entries
 * notify the user, and who is to be notified of entries just stored.
 */
import type { Db } from '../../db/transactions.ts'

export type PushSubscriptionRow = { id: string; userId: string; endpoint: string; p256dh: string; auth: string; userAgent: string | null; createdAt: string }

/** What a notification says about one new entry. */
export type NotifiableEntry = { id: string; title: string | null; url: string | null; publishedAt: string }

/** The text an action rule writes into entry_actions.settings when it asks for a notification. */
const RULE_NOTIFICATION = '%"newEntryNotification":true%'

export function messagingRepo(db: Db) {
  return {
    /** Stores a browser's subscription; the same endpoint registered again is taken over by this user with the new keys. */
    async upsert(row: PushSubscriptionRow): Promise<string> {
      await db
        .insertInto('push_subscriptions')
        .values(row)
        .onConflict((oc) => oc.column('endpoint').doUpdateSet({ userId: row.userId, p256dh: row.p256dh, auth: row.auth, userAgent: row.userAgent }))
        .execute()
      const stored = await db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', row.endpoint).executeTakeFirstOrThrow()
      return stored.id
    },

    async list(userId: string): Promise<PushSubscriptionRow[]> {
      return db.selectFrom('push_subscriptions').selectAll().where('userId', '=', userId).orderBy('createdAt', 'desc').orderBy('id', 'desc').execute()
    },

    async count(userId: string): Promise<number> {
      const row = await db.selectFrom('push_subscriptions').select((eb) => eb.fn.countAll<number>().as('n')).where('userId', '=', userId).executeTakeFirstOrThrow()
      return Number(row.n)
    },

    /** Deletes one of the user's subscriptions (by id or endpoint); false when the user has none such. */
    async remove(userId: string, by: { id: string } | { endpoint: string }): Promise<boolean> {
      const query = db.deleteFrom('push_subscriptions').where('userId', '=', userId)
      const result = await ('id' in by ? query.where('id', '=', by.id) : query.where('endpoint', '=', by.endpoint)).executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },

    /** Drops an endpoint the push service says is gone (404/410), whoever it belonged to. */
    async removeEndpoint(endpoint: string): Promise<void> {
      await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute()
    },

    /** The subscriptions of these users. */
    async ofUsers(userIds: string[]): Promise<PushSubscriptionRow[]> {
      if (userIds.length === 0) return []
      return db.selectFrom('push_subscriptions').selectAll().where('userId', 'in', userIds).execute()
    },

    /** Feeds the user chose to be notified of. */
    async notifiedFeeds(userId: string): Promise<string[]> {
      const rows = await db.selectFrom('feed_notifications').select('feedId').where('userId', '=', userId).orderBy('feedId').execute()
      return rows.map((r) => r.feedId)
    },

    async setFeed(userId: string, feedId: string, enabled: boolean, now: string): Promise<void> {
      if (enabled) {
        await db.insertInto('feed_notifications').values({ userId, feedId, createdAt: now }).onConflict((oc) => oc.columns(['userId', 'feedId']).doNothing()).execute()
      } else {
        await db.deleteFrom('feed_notifications').where('userId', '=', userId).where('feedId', '=', feedId).execute()
      }
    },

    /** Whether the user follows the feed (only followed feeds can notify). */
    async follows(userId: string, feedId: string): Promise<boolean> {
      const row = await db.selectFrom('subscriptions').select('id').where('userId', '=', userId).where('feedId', '=', feedId).executeTakeFirst()
      return row !== undefined
    },

    /**
     * Readers of a feed who want its new entries as notifications and have a browser to send
     * them to: the feed is in their Notifications view or they turned its notifications on.
     */
    async feedWatchers(feedId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('subscriptions as s')
        .select('s.userId')
        .distinct()
        .where('s.feedId', '=', feedId)
        .where((eb) => eb.or([eb('s.view', '=', 5), eb.exists(eb.selectFrom('feed_notifications as n').select('n.feedId').whereRef('n.userId', '=', 's.userId').where('n.feedId', '=', feedId))]))
        .where((eb) => eb.exists(eb.selectFrom('push_subscriptions as p').select('p.id').whereRef('p.userId', '=', 's.userId')))
        .execute()
      return rows.map((r) => r.userId)
    },

    /** (user, entry) pairs whose action rule asked for a notification, among these entries. */
    async ruleNotified(entryIds: string[]): Promise<{ userId: string; entryId: string }[]> {
      if (entryIds.length === 0) return []
      return db
        .selectFrom('entry_actions as a')
        .select(['a.userId', 'a.entryId'])
        .where('a.entryId', 'in', entryIds)
        .where('a.blocked', '=', 0)
        .where('a.settings', 'like', RULE_NOTIFICATION)
        .where((eb) => eb.exists(eb.selectFrom('push_subscriptions as p').select('p.id').whereRef('p.userId', '=', 'a.userId')))
        .execute()
    },

    /** (user, entry) pairs already read or blocked (a rule silenced them): never notified. */
    async suppressed(userIds: string[], entryIds: string[]): Promise<{ userId: string; entryId: string }[]> {
      if (userIds.length === 0 || entryIds.length === 0) return []
      const read = await db.selectFrom('entry_reads').select(['userId', 'entryId']).where('userId', 'in', userIds).where('entryId', 'in', entryIds).execute()
      const blocked = await db.selectFrom('entry_actions').select(['userId', 'entryId']).where('userId', 'in', userIds).where('entryId', 'in', entryIds).where('blocked', '=', 1).execute()
      return [...read, ...blocked]
    },

    /** The feed's name and icon as a reader sees them (the reader's own title first). */
    async feedLabel(feedId: string): Promise<{ title: string | null; image: string | null; siteUrl: string | null } | null> {
      return (await db.selectFrom('feeds').select(['title', 'image', 'siteUrl']).where('id', '=', feedId).executeTakeFirst()) ?? null
    },

    /** The reader's own titles for the feed, by user. */
    async subscriptionTitles(feedId: string, userIds: string[]): Promise<Map<string, { title: string | null; view: number }>> {
      if (userIds.length === 0) return new Map()
      const rows = await db.selectFrom('subscriptions').select(['userId', 'title', 'view']).where('feedId', '=', feedId).where('userId', 'in', userIds).execute()
      return new Map(rows.map((r) => [r.userId, { title: r.title, view: r.view }]))
    },
  }
}

export type MessagingRepo = ReturnType<typeof messagingRepo>
