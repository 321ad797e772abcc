/**
 * The Google Reader API's rules (docs/api-access.md): sign-in with an API token, the T token,
 * streams and their filters, read/star edits and mark-all-as-read through the same services as
 * the web app (so counters, read state and stars are shared at once), subscriptions and labels
 * (Brook's categories).
 */
import crypto from 'node:crypto'
import { AppError } from '../../lib/appError.ts'
import type { ApiTokensService, TokenOwner } from '../apiTokens/service.ts'
import type { ReadsService } from '../reads/service.ts'
import type { CollectionsService } from '../collections/service.ts'
import type { SubscriptionsService } from '../subscriptions/service.ts'
import type { CategoriesService } from '../categories/service.ts'
import type { OpmlTransfer } from '../subscriptions/opmlTransfer.ts'
import { entryIdOf, feedStreamId, labelStreamId, parseStream, STATE, stateStreamId, type Stream } from './ids.ts'
import { escapeHtml, type ReaderItem } from './present.ts'
import type { FeedSubscriptionRow, GreaderRepo, StreamRow, StreamSource } from './repo.ts'

/** Most items one stream page returns (ids may ask for more). */
export const MAX_ITEMS = 1000
export const MAX_IDS = 10_000
const DEFAULT_ITEMS = 20

export type StreamParams = {
  streamId: string
  n?: number
  /** r=o: oldest first. */
  oldestFirst?: boolean
  continuation?: string
  /** Exclude / include targets (xt / it). */
  exclude?: string[]
  include?: string[]
  /** ot / nt, in seconds. */
  olderThan?: number
  newerThan?: number
}

const encodeContinuation = (row: { publishedAt: string; id: string }) => Buffer.from(`${row.publishedAt}\n${row.id}`).toString('base64url')
function decodeContinuation(c: string | undefined): { publishedAt: string; id: string } | undefined {
  if (!c) return undefined
  const [publishedAt, id] = Buffer.from(c, 'base64url').toString('utf8').split('\n')
  if (!publishedAt || !id || !/^\d+$/.test(id) || Number.isNaN(Date.parse(publishedAt))) throw new AppError(4, { reason: 'Bad continuation' })
  return { publishedAt, id }
}

const feedTitle = (s: Pick<FeedSubscriptionRow, 'title' | 'feedTitle' | 'url'>) => s.title ?? s.feedTitle ?? s.url

export function createGreaderService(deps: {
  repo: GreaderRepo
  apiTokens: Pick<ApiTokensService, 'verify' | 'touch'>
  reads: Pick<ReadsService, 'markRead' | 'markUnread' | 'markAll' | 'counts'>
  collections: Pick<CollectionsService, 'add' | 'remove'>
  subscriptions: Pick<SubscriptionsService, 'subscribe' | 'unsubscribe' | 'edit'>
  categories: Pick<CategoriesService, 'patch' | 'remove'>
  opml: Pick<OpmlTransfer, 'export' | 'parse' | 'import'>
}) {
  const { repo } = deps

  /** What a stream id selects for this user, or null when it selects nothing. */
  async function sourceOf(userId: string, stream: Stream, subs: () => Promise<FeedSubscriptionRow[]>): Promise<StreamSource | null> {
    switch (stream.kind) {
      case 'reading-list':
        return { kind: 'subscribed' }
      case 'feed': {
        const sub = (await subs()).find((s) => (stream.feedId ? s.feedId === stream.feedId : s.url === stream.url))
        return sub ? { kind: 'subscribed', feedId: sub.feedId } : null
      }
      case 'label':
        return { kind: 'subscribed', label: stream.label }
      case 'state':
        return stream.state === STATE.starred ? { kind: 'starred' } : stream.state === STATE.read ? { kind: 'read' } : null
      case 'none':
        return null
    }
  }

  /** A filter target (xt/it): the read or starred state. */
  const stateOf = (target: string, userId: string) => {
    const t = parseStream(target, userId)
    return t.kind === 'state' ? t.state : null
  }

  async function toItems(userId: string, rows: StreamRow[], subsList: FeedSubscriptionRow[]): Promise<ReaderItem[]> {
    const subs = new Map(subsList.map((s) => [s.feedId, s]))
    const missing = [...new Set(rows.map((r) => r.feedId).filter((id): id is string => id !== null && !subs.has(id)))]
    const others = new Map((missing.length ? await repo.feedsByIds(missing) : []).map((f) => [f.id, f]))
    const items: ReaderItem[] = []
    for (const row of rows) {
      if (!row.feedId) continue
      const sub = subs.get(row.feedId)
      const other = others.get(row.feedId)
      const html = row.content ?? (row.description ? escapeHtml(row.description) : '')
      items.push({
        id: row.id,
        feedId: row.feedId,
        title: row.title,
        url: row.url,
        author: row.author,
        html,
        publishedAt: row.publishedAt,
        insertedAt: row.insertedAt,
        read: Boolean(Number(row.read)),
        starred: Boolean(Number(row.starred)),
        label: sub?.category ?? null,
        origin: sub ? { title: feedTitle(sub), htmlUrl: sub.siteUrl } : { title: other?.title ?? other?.url ?? '', htmlUrl: other?.siteUrl ?? null },
      })
    }
    return items
  }

  async function streamRows(userId: string, p: StreamParams, limitMax: number, withContent: boolean) {
    let subsCache: FeedSubscriptionRow[] | null = null
    const subs = async () => (subsCache ??= await repo.feedSubscriptions(userId))
    const source = await sourceOf(userId, parseStream(p.streamId, userId), subs)
    if (!source) return { rows: [] as StreamRow[], continuation: null, subs }
    let read: boolean | undefined
    let starred: boolean | undefined
    for (const x of p.exclude ?? []) {
      const state = stateOf(x, userId)
      if (state === STATE.read) read = false
      if (state === STATE.starred) starred = false
    }
    for (const x of p.include ?? []) {
      const state = stateOf(x, userId)
      if (state === STATE.read) read = read === false ? undefined : true
      if (state === STATE.starred) starred = true
      if (state === STATE.keptUnread || state === STATE.fresh) read = false
    }
    if (source.kind === 'read') read = read === false ? undefined : true
    // An exclusion contradicting the stream itself (starred stream minus starred): nothing.
    if ((source.kind === 'starred' && starred === false) || (source.kind === 'read' && read === undefined && (p.exclude ?? []).some((x) => stateOf(x, userId) === STATE.read))) {
      return { rows: [], continuation: null, subs }
    }
    const limit = Math.max(1, Math.min(p.n ?? DEFAULT_ITEMS, limitMax))
    const rows = await repo.stream({
      userId,
      source,
      read,
      starred,
      publishedFrom: p.olderThan !== undefined ? new Date(p.olderThan * 1000).toISOString() : undefined,
      publishedTo: p.newerThan !== undefined ? new Date(p.newerThan * 1000).toISOString() : undefined,
      oldestFirst: p.oldestFirst ?? false,
      after: decodeContinuation(p.continuation),
      limit: limit + 1,
      withContent,
    })
    const more = rows.length > limit
    const page = more ? rows.slice(0, limit) : rows
    const last = page[page.length - 1]
    return { rows: page, continuation: more && last ? encodeContinuation(last) : null, subs }
  }

  return {
    /** ClientLogin: the token when Passwd is an API token of the user named by Email; never an account password. */
    async clientLogin(email: string, passwd: string): Promise<{ token: string; owner: TokenOwner } | null> {
      const owner = await deps.apiTokens.verify(passwd)
      if (!owner || owner.user.email.toLowerCase() !== email.trim().toLowerCase()) return null
      return { token: passwd, owner }
    },

    /** The owner of `Authorization: GoogleLogin auth=…` (or Bearer), or null. */
    async authenticate(header: string | undefined): Promise<{ owner: TokenOwner; token: string } | null> {
      const m = header ? /^(?:GoogleLogin\s+auth=|Bearer\s+)(\S+)$/i.exec(header.trim()) : null
      if (!m) return null
      const owner = await deps.apiTokens.verify(m[1] as string)
      return owner ? { owner, token: m[1] as string } : null
    },

    touch: deps.apiTokens.touch,

    /** The user's feed subscriptions with their feeds (the Fever API lists them too). */
    feedSubscriptions: (userId: string) => repo.feedSubscriptions(userId),

    /** The edit token (`T`) of a session: derived from its auth token, so nothing is stored. */
    editToken(authToken: string): string {
      return crypto.createHash('sha256').update(`greader-T\n${authToken}`).digest('base64url').slice(0, 40)
    },

    async subscriptionList(userId: string) {
      const subs = await repo.feedSubscriptions(userId)
      return subs.map((s) => ({
        id: feedStreamId(s.feedId),
        title: feedTitle(s),
        categories: s.category ? [{ id: labelStreamId(s.category), label: s.category }] : [],
        url: s.url,
        htmlUrl: s.siteUrl ?? '',
        iconUrl: s.image ?? '',
        sortid: s.feedId,
        firstitemmsec: String(Date.parse(s.createdAt)),
      }))
    },

    async tagList(userId: string) {
      const labels = [...new Set((await repo.feedSubscriptions(userId)).map((s) => s.category).filter((c): c is string => Boolean(c)))].sort()
      return [{ id: stateStreamId(STATE.starred) }, ...labels.map((l) => ({ id: labelStreamId(l), type: 'folder' }))]
    },

    /** Unread counts per feed, per label and of the reading list (the web app's counters). */
    async unreadCounts(userId: string) {
      const [subs, counts] = await Promise.all([repo.feedSubscriptions(userId), deps.reads.counts(userId)])
      const out: { id: string; count: number; newestItemTimestampUsec: string }[] = []
      const labels = new Map<string, { count: number; newest: number }>()
      let total = 0
      let newestAll = 0
      for (const s of subs) {
        const count = counts[s.feedId] ?? 0
        const newest = s.latestEntryPublishedAt ? Date.parse(s.latestEntryPublishedAt) : 0
        out.push({ id: feedStreamId(s.feedId), count, newestItemTimestampUsec: `${newest}000` })
        total += count
        newestAll = Math.max(newestAll, newest)
        if (s.category) {
          const l = labels.get(s.category) ?? { count: 0, newest: 0 }
          labels.set(s.category, { count: l.count + count, newest: Math.max(l.newest, newest) })
        }
      }
      for (const [label, l] of labels) out.push({ id: labelStreamId(label), count: l.count, newestItemTimestampUsec: `${l.newest}000` })
      out.push({ id: stateStreamId(STATE.readingList), count: total, newestItemTimestampUsec: `${newestAll}000` })
      return { max: MAX_ITEMS, unreadcounts: out }
    },

    /** stream/items/ids */
    async itemIds(userId: string, p: StreamParams) {
      const { rows, continuation } = await streamRows(userId, p, MAX_IDS, false)
      return { itemRefs: rows.map((r) => ({ id: r.id, directStreamIds: r.feedId ? [feedStreamId(r.feedId)] : [], timestampUsec: `${Date.parse(r.publishedAt)}000` })), continuation }
    },

    /** stream/contents and reader/atom: a page of items with its title. */
    async streamItems(userId: string, p: StreamParams): Promise<{ title: string; items: ReaderItem[]; continuation: string | null }> {
      const { rows, continuation, subs } = await streamRows(userId, p, MAX_ITEMS, true)
      const list = await subs()
      const stream = parseStream(p.streamId, userId)
      const title =
        stream.kind === 'feed' ? (list.find((s) => (stream.feedId ? s.feedId === stream.feedId : s.url === stream.url)) ?? null) : null
      const name = title ? feedTitle(title) : stream.kind === 'label' ? stream.label : stream.kind === 'state' ? stream.state : 'Reading list'
      return { title: name, items: await toItems(userId, rows, list), continuation }
    },

    /** stream/items/contents: the given items the user may see, in the order asked. */
    async itemsByIds(userId: string, itemIds: string[]): Promise<ReaderItem[]> {
      const ids = itemIds.map(entryIdOf).filter((id): id is string => id !== null).slice(0, MAX_ITEMS)
      if (ids.length === 0) return []
      const [rows, subs] = await Promise.all([repo.entriesByIds(userId, ids), repo.feedSubscriptions(userId)])
      const byId = new Map(rows.map((r) => [r.id, r]))
      return toItems(userId, ids.map((id) => byId.get(id)).filter((r): r is StreamRow => r !== undefined), subs)
    },

    /** edit-tag: read / unread (kept-unread) and starred on items; other tags are ignored. */
    async editTag(userId: string, itemIds: string[], add: string[], remove: string[]): Promise<void> {
      const ids = [...new Set(itemIds.map(entryIdOf).filter((id): id is string => id !== null))]
      if (ids.length === 0) return
      const states = (targets: string[]) => new Set(targets.map((t) => stateOf(t, userId)))
      const added = states(add)
      const removed = states(remove)
      const ignoreMissing = (error: unknown) => {
        if (!(error instanceof AppError && error.code === 3000)) throw error
      }
      if (added.has(STATE.read)) await deps.reads.markRead(userId, ids).catch(ignoreMissing)
      else if (removed.has(STATE.read) || added.has(STATE.keptUnread)) await deps.reads.markUnread(userId, ids).catch(ignoreMissing)
      if (added.has(STATE.starred)) for (const id of ids) await deps.collections.add(userId, id).catch(ignoreMissing)
      if (removed.has(STATE.starred)) for (const id of ids) await deps.collections.remove(userId, id).catch(ignoreMissing)
    },

    /** mark-all-as-read: a feed, a label or the reading list, up to `ts` (microseconds) when given. */
    async markAllAsRead(userId: string, streamId: string, tsUsec?: number): Promise<void> {
      const endTime = tsUsec !== undefined && tsUsec > 0 ? new Date(Math.floor(tsUsec / 1000)).toISOString() : undefined
      const stream = parseStream(streamId, userId)
      if (stream.kind === 'reading-list') {
        await deps.reads.markAll(userId, { endTime })
        return
      }
      const subs = await repo.feedSubscriptions(userId)
      const feedIds =
        stream.kind === 'feed' ? subs.filter((s) => (stream.feedId ? s.feedId === stream.feedId : s.url === stream.url)).map((s) => s.feedId)
        : stream.kind === 'label' ? subs.filter((s) => s.category === stream.label).map((s) => s.feedId)
        : []
      if (feedIds.length === 0) return
      await deps.reads.markAll(userId, { feedIdList: feedIds, endTime })
    },

    /** subscription/edit: subscribe, unsubscribe or edit (title, add/remove a label) each stream given. */
    async editSubscription(user: TokenOwner['user'], input: { action: string; streams: string[]; title?: string; add?: string; remove?: string }): Promise<void> {
      const labelOf = (target: string | undefined) => {
        if (!target) return undefined
        const t = parseStream(target, user.id)
        return t.kind === 'label' ? t.label : undefined
      }
      const addLabel = labelOf(input.add)
      const removeLabel = labelOf(input.remove)
      const subs = await repo.feedSubscriptions(user.id)
      for (const streamId of input.streams) {
        const stream = parseStream(streamId, user.id)
        if (stream.kind !== 'feed') throw new AppError(4, { reason: `Not a feed: ${streamId}` })
        if (input.action === 'subscribe') {
          await deps.subscriptions.subscribe(user, { ...(stream.feedId ? { feedId: stream.feedId } : { url: stream.url }), view: 0, title: input.title ?? null, category: addLabel ?? null })
          continue
        }
        const sub = subs.find((s) => (stream.feedId ? s.feedId === stream.feedId : s.url === stream.url))
        if (!sub) throw new AppError(6, { reason: 'Not subscribed' })
        if (input.action === 'unsubscribe') await deps.subscriptions.unsubscribe(user.id, { feedId: sub.feedId })
        else if (input.action === 'edit') {
          const category = addLabel !== undefined ? addLabel : removeLabel !== undefined && sub.category === removeLabel ? null : undefined
          await deps.subscriptions.edit(user.id, { feedId: sub.feedId, ...(input.title !== undefined ? { title: input.title } : {}), ...(category !== undefined ? { category } : {}) })
        } else throw new AppError(4, { reason: `Unknown action: ${input.action}` })
      }
    },

    /** subscription/quickadd */
    async quickAdd(user: TokenOwner['user'], query: string) {
      const url = query.startsWith('feed/') ? query.slice(5) : query
      const { feed } = await deps.subscriptions.subscribe(user, { url, view: 0 })
      return { numResults: 1, query: url, streamId: feed ? feedStreamId(feed.id) : '', streamName: feed?.title ?? url }
    },

    exportOpml: (userId: string) => deps.opml.export(userId, 'Brook subscriptions'),

    /** subscription/import: subscribes to every feed of the document not followed yet. */
    async importOpml(user: TokenOwner['user'], text: string): Promise<number> {
      const parsed = await deps.opml.parse(user.id, text)
      const items = parsed.items.filter((i) => !i.subscribed).map((i) => ({ url: i.url, title: i.title, category: i.category }))
      if (items.length === 0) return 0
      const { results } = await deps.opml.import(user, items)
      return results.filter((r) => r.status !== 'failed').length
    },

    /** rename-tag: a label (category) gets a new name. */
    async renameTag(userId: string, from: string, to: string): Promise<void> {
      const a = parseStream(from, userId)
      const b = parseStream(to, userId)
      if (a.kind !== 'label' || b.kind !== 'label') throw new AppError(4, { reason: 'Give s and dest as user/-/label/…' })
      await deps.categories.patch(userId, { from: a.label, category: b.label })
    },

    /** disable-tag: the label goes; its feeds stay, unlabelled. */
    async disableTag(userId: string, target: string): Promise<void> {
      const t = parseStream(target, userId)
      if (t.kind !== 'label') throw new AppError(4, { reason: 'Give s as user/-/label/…' })
      await deps.categories.remove(userId, { category: t.label, deleteSubscriptions: false })
    },
  }
}

export type GreaderService = ReturnType<typeof createGreaderService>
