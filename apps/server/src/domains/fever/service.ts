/**
 * The Fever API's rules (docs/api-access.md): sign-in by api_key = md5(email:token), groups
 * (Brook's categories, with stable numeric ids), feeds, items paged by id, unread and saved ids,
 * and marks through the same services as the web app.
 */
import crypto from 'node:crypto'
import { AppError } from '../../lib/appError.ts'
import type { ApiTokensService, TokenOwner } from '../apiTokens/service.ts'
import type { ReadsService } from '../reads/service.ts'
import type { CollectionsService } from '../collections/service.ts'
import type { GreaderService } from '../greader/service.ts'
import type { FeedIconsService } from '../feedIcons/service.ts'
import type { FeverItemRow, FeverRepo } from './repo.ts'

export const ITEMS_PER_CALL = 50
const MAX_IDS = 50_000

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string)
const seconds = (iso: string | null) => (iso ? Math.floor(Date.parse(iso) / 1000) : 0)
const numericId = (v: string | undefined) => (v !== undefined && /^\d{1,19}$/.test(v.trim()) ? v.trim().replace(/^0+(?=\d)/, '') : undefined)

/** A category's group id: the first 48 bits of its sha256, so it is stable without being stored. */
export const groupIdOf = (category: string) => String(parseInt(crypto.createHash('sha256').update(category).digest('hex').slice(0, 12), 16))

export type FeverItem = { id: string; feed_id: string; title: string; author: string; html: string; url: string; is_saved: 0 | 1; is_read: 0 | 1; created_on_time: number }

const itemOf = (row: FeverItemRow): FeverItem => ({
  id: row.id,
  feed_id: row.feedId,
  title: escapeHtml(row.title ?? ''),
  author: row.author ?? '',
  html: row.content ?? (row.description ? escapeHtml(row.description) : ''),
  url: row.url ?? '',
  is_saved: Number(row.starred) ? 1 : 0,
  is_read: Number(row.read) ? 1 : 0,
  created_on_time: seconds(row.publishedAt),
})

export function createFeverService(deps: {
  repo: FeverRepo
  apiTokens: Pick<ApiTokensService, 'verifyFeverKey' | 'touch'>
  greader: Pick<GreaderService, 'feedSubscriptions'>
  reads: Pick<ReadsService, 'markRead' | 'markUnread' | 'markAll'>
  collections: Pick<CollectionsService, 'add' | 'remove'>
  icons: Pick<FeedIconsService, 'icons' | 'refresh'>
}) {
  const { repo } = deps
  const ignoreMissing = (error: unknown) => {
    if (!(error instanceof AppError && (error.code === 3000 || error.code === 6))) throw error
  }

  async function groupsAndFeeds(userId: string) {
    const subs = await deps.greader.feedSubscriptions(userId)
    const groups = new Map<string, { id: string; title: string; feedIds: string[] }>()
    for (const s of subs) {
      if (!s.category) continue
      const g = groups.get(s.category) ?? { id: groupIdOf(s.category), title: s.category, feedIds: [] }
      g.feedIds.push(s.feedId)
      groups.set(s.category, g)
    }
    return {
      subs,
      groups: [...groups.values()].sort((a, b) => a.title.localeCompare(b.title)),
    }
  }

  /** The stored icons of these feeds; the missing or stale ones are looked for in the background. */
  async function iconsOf(subs: { feedId: string; url: string; image: string | null; siteUrl: string | null }[]) {
    await deps.icons.refresh(subs.map((s) => ({ id: s.feedId, url: s.url, image: s.image, siteUrl: s.siteUrl })))
    return deps.icons.icons(subs.map((s) => s.feedId))
  }

  const feedsGroups = (groups: { id: string; feedIds: string[] }[]) => groups.map((g) => ({ group_id: g.id, feed_ids: g.feedIds.join(',') }))

  return {
    /** The owner of an api_key, or null (auth: 0). */
    authenticate: (apiKey: string | undefined) => (apiKey ? deps.apiTokens.verifyFeverKey(apiKey) : Promise.resolve(null)),
    touch: (owner: TokenOwner, client: string | null) => deps.apiTokens.touch(owner, client),

    async groups(userId: string) {
      const { groups } = await groupsAndFeeds(userId)
      return { groups: groups.map((g) => ({ id: g.id, title: g.title })), feeds_groups: feedsGroups(groups) }
    },

    /** Feeds; `favicon_id` is the feed's id when its icon is stored, else 0 (no icon yet: the look for it starts now). */
    async feeds(userId: string) {
      const { subs, groups } = await groupsAndFeeds(userId)
      const icons = await iconsOf(subs)
      return {
        feeds: subs.map((s) => ({ id: s.feedId, favicon_id: icons.has(s.feedId) ? s.feedId : '0', title: s.title ?? s.feedTitle ?? s.url, url: s.url, site_url: s.siteUrl ?? '', is_spark: 0, last_updated_on_time: seconds(s.latestEntryPublishedAt) })),
        feeds_groups: feedsGroups(groups),
      }
    },

    /** Favicons: the stored icons of the user's feeds as `mime;base64,…` (feeds whose icon is not known yet are left out, as their favicon_id is 0). */
    async favicons(userId: string) {
      const icons = await iconsOf(await deps.greader.feedSubscriptions(userId))
      return { favicons: [...icons].map(([id, icon]) => ({ id, data: `${icon.mime};base64,${icon.data}` })) }
    },

    /** items: with_ids (≤ 50), since_id, max_id, or the newest 50. */
    async items(userId: string, q: { sinceId?: string; maxId?: string; withIds?: string }) {
      let rows: FeverItemRow[]
      if (q.withIds !== undefined) {
        const ids = q.withIds.split(',').map((v) => numericId(v)).filter((v): v is string => v !== undefined).slice(0, ITEMS_PER_CALL)
        rows = ids.length ? await repo.itemsByIds(userId, ids) : []
      } else {
        rows = await repo.items(userId, { sinceId: numericId(q.sinceId), maxId: numericId(q.maxId), limit: ITEMS_PER_CALL })
      }
      return { items: rows.map(itemOf), total_items: await repo.totalItems(userId) }
    },

    async unreadItemIds(userId: string) {
      return { unread_item_ids: (await repo.unreadIds(userId, MAX_IDS)).join(',') }
    },

    async savedItemIds(userId: string) {
      return { saved_item_ids: (await repo.savedIds(userId, MAX_IDS)).join(',') }
    },

    /** mark=item|feed|group, as=read|unread|saved|unsaved, id, before (seconds: items added before it). */
    async mark(userId: string, input: { mark: string; as: string; id: string; before?: string }): Promise<'read' | 'saved' | null> {
      const id = numericId(input.id)
      if (id === undefined) throw new AppError(4, { reason: 'id must be a number' })
      const before = numericId(input.before)
      const insertedBefore = before !== undefined && before !== '0' ? new Date(Number(before) * 1000).toISOString() : undefined
      if (input.mark === 'item') {
        if (input.as === 'read') await deps.reads.markRead(userId, [id]).catch(ignoreMissing)
        else if (input.as === 'unread') await deps.reads.markUnread(userId, [id]).catch(ignoreMissing)
        else if (input.as === 'saved') await deps.collections.add(userId, id).catch(ignoreMissing)
        else if (input.as === 'unsaved') await deps.collections.remove(userId, id).catch(ignoreMissing)
        else throw new AppError(4, { reason: 'as must be read, unread, saved or unsaved' })
        return input.as === 'saved' || input.as === 'unsaved' ? 'saved' : 'read'
      }
      if (input.as !== 'read') throw new AppError(4, { reason: 'feeds and groups can only be marked read' })
      if (input.mark === 'feed') {
        const subs = await deps.greader.feedSubscriptions(userId)
        if (subs.some((s) => s.feedId === id)) await deps.reads.markAll(userId, { feedId: id, insertedBefore })
        return 'read'
      }
      if (input.mark === 'group') {
        if (id === '0') {
          await deps.reads.markAll(userId, { insertedBefore })
          return 'read'
        }
        const { groups } = await groupsAndFeeds(userId)
        const group = groups.find((g) => g.id === id)
        if (group) await deps.reads.markAll(userId, { feedIdList: group.feedIds, insertedBefore })
        return 'read'
      }
      throw new AppError(4, { reason: 'mark must be item, feed or group' })
    },
  }
}

export type FeverService = ReturnType<typeof createFeverService>
