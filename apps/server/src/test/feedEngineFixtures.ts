/**
 * @module Fixtures of the feed engine's tests: a WordPress-shaped RSS document (what most of the
 * web's feeds look like), a feed service over a test database, and rows for users, lists and
 * unread counters so the counters can be checked.
 */
import { newId } from '@brook/shared'
import { parseEnv, type Env } from '../env.ts'
import { createLogger } from '../lib/logger.ts'
import type { OpenDatabase } from '../db/openDatabase.ts'
import { createFeedService, type FeedService } from '../domains/feeds/service.ts'
import { feedsRepo } from '../domains/feeds/repo.ts'

export type WordpressItem = {
  guid: string
  title: string
  body?: string
  published: Date
  categories?: string[]
  enclosure?: { url: string; type: string; length: number }
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * An RSS 2.0 feed as WordPress writes it: CDATA content with an inline script and an onerror
 * handler (to be sanitized), relative image URLs, dc:creator, categories, wfw/slash namespaces,
 * a podcast enclosure, a channel image and an `<atom:link rel="self">`.
 */
export function wordpressFeed(origin: string, items: WordpressItem[], options: { title?: string; ttl?: number } = {}): string {
  const body = (item: WordpressItem) =>
    item.body ??
    `<p>${escape(item.title)} — the full story.</p><p><img src="/wp-content/uploads/${item.guid}.jpg" alt="" onerror="alert(1)" width="640" height="480"></p><script>track()</script><p><a href="/about">About</a></p>`
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"
	xmlns:content="http://purl.org/rss/1.0/modules/content/"
	xmlns:wfw="http://wellformedweb.org/CommentAPI/"
	xmlns:dc="http://purl.org/dc/elements/1.1/"
	xmlns:atom="http://www.w3.org/2005/Atom"
	xmlns:sy="http://purl.org/rss/1.0/modules/syndication/"
	xmlns:slash="http://purl.org/rss/1.0/modules/slash/"
	>
<channel>
	<title>${escape(options.title ?? 'Field Notes &amp; Seeds')}</title>
	<atom:link href="${origin}/blog/feed/" rel="self" type="application/rss+xml" />
	<link>${origin}/blog</link>
	<description>Notes from a small farm</description>
	<lastBuildDate>Mon, 03 Mar 2025 09:00:00 +0000</lastBuildDate>
	<language>en-US</language>
	<sy:updatePeriod>hourly</sy:updatePeriod>
	<sy:updateFrequency>1</sy:updateFrequency>${options.ttl ? `\n\t<ttl>${options.ttl}</ttl>` : ''}
	<generator>https://wordpress.org/?v=6.4.3</generator>
<image>
	<url>${origin}/wp-content/uploads/icon-32x32.png</url>
	<title>Field Notes</title>
	<link>${origin}/blog</link>
	<width>32</width>
	<height>32</height>
</image>
${items
  .map(
    (item) => `	<item>
		<title>${escape(item.title)}</title>
		<link>${origin}/blog/${item.guid}/</link>
		<comments>${origin}/blog/${item.guid}/#respond</comments>
		<dc:creator><![CDATA[Ada Gardener]]></dc:creator>
		<pubDate>${item.published.toUTCString().replace('GMT', '+0000')}</pubDate>
${(item.categories ?? ['Garden']).map((c) => `		<category><![CDATA[${c}]]></category>`).join('\n')}
		<guid isPermaLink="false">${origin}/?p=${item.guid}</guid>
		<description><![CDATA[${escape(item.title)} — the full story. [&#8230;]]]></description>
		<content:encoded><![CDATA[${body(item)}]]></content:encoded>
		<wfw:commentRss>${origin}/blog/${item.guid}/feed/</wfw:commentRss>
		<slash:comments>3</slash:comments>${item.enclosure ? `\n\t\t<enclosure url="${item.enclosure.url}" length="${item.enclosure.length}" type="${item.enclosure.type}" />` : ''}
	</item>`,
  )
  .join('\n')}
</channel>
</rss>
`
}

/** `count` items, newest first, one per hour before `newest`. */
export function wordpressItems(count: number, newest: Date, prefix = 'post'): WordpressItem[] {
  return Array.from({ length: count }, (_, i) => ({
    guid: `${prefix}-${count - i}`,
    title: `Post number ${count - i}`,
    published: new Date(newest.getTime() - i * 3_600_000),
  }))
}

/** The env of a feed engine test: the loopback farm allowed, short timeouts. */
export function engineEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({ FETCH_ALLOW_PRIVATE_NETWORKS: 'true', FETCH_TIMEOUT_MS: '5000', LOG_LEVEL: 'silent', ...overrides })
}

/** A feed service over a test database. */
export function testFeedService(
  database: OpenDatabase,
  options: { env?: Env; now?: () => Date; sanitize?: (html: string, baseUrl: string | null) => string } = {},
): FeedService {
  const env = options.env ?? engineEnv()
  return createFeedService({
    repo: feedsRepo(database.db),
    env,
    logger: createLogger('silent'),
    ...(options.now ? { now: options.now } : {}),
    ...(options.sanitize ? { sanitize: options.sanitize } : {}),
  })
}

/** Inserts a user row directly (no sign-up flow needed for storage tests). */
export async function insertUser(database: OpenDatabase, email: string): Promise<string> {
  const id = newId()
  const now = new Date()
  await database.db
    .insertInto('user')
    .values({ id, name: email, email, emailVerified: false, image: null, createdAt: now, updatedAt: now, twoFactorEnabled: false, role: 'free', roleEndAt: null, handle: null, bio: null, website: null, socialLinks: null })
    .execute()
  return id
}

/** Subscribes a user to a feed the way the reading API does: a subscription, a counter, the feed's subscriber count. */
export async function subscribeUser(database: OpenDatabase, userId: string, feedId: string, count = 0): Promise<void> {
  const now = new Date().toISOString()
  await database.db.insertInto('subscriptions').values({ id: newId(), userId, feedId, listId: null, inboxId: null, view: 0, title: null, category: null, createdAt: now }).execute()
  await database.db.insertInto('unread_counts').values({ userId, sourceId: feedId, count }).execute()
  await database.db
    .updateTable('feeds')
    .set((eb) => ({ subscriptionCount: eb('subscriptionCount', '+', 1) }))
    .where('id', '=', feedId)
    .execute()
}

/** A list holding feeds, with a counter for a user subscribed to it. */
export async function insertListWithCounter(database: OpenDatabase, ownerUserId: string, feedIds: string[], subscriberId: string): Promise<string> {
  const id = newId()
  const now = new Date().toISOString()
  await database.db.insertInto('lists').values({ id, ownerUserId, title: 'A list', description: null, image: null, view: 0, createdAt: now, updatedAt: now }).execute()
  for (const feedId of feedIds) await database.db.insertInto('list_feeds').values({ listId: id, feedId, createdAt: now }).execute()
  await database.db.insertInto('unread_counts').values({ userId: subscriberId, sourceId: id, count: 0 }).execute()
  return id
}

/** The unread counter of (user, source). */
export async function unreadCount(database: OpenDatabase, userId: string, sourceId: string): Promise<number | null> {
  const row = await database.db.selectFrom('unread_counts').select('count').where('userId', '=', userId).where('sourceId', '=', sourceId).executeTakeFirst()
  return row ? Number(row.count) : null
}
