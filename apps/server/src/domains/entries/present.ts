/** Entry rows → the API shapes of SPEC §3 (entries) and §7 (timeline items: {entries, feeds, read…}). */
import { z } from '@hono/zod-openapi'
import { JsonValueSchema } from '../../lib/apiSchemas.ts'
import { FeedSchema, presentFeed } from '../feeds/present.ts'
import type { FeedRow, InboxRow } from './repo.ts'

const MediaSchema = z.object({ url: z.string(), type: z.enum(['photo', 'video']), width: z.number().optional(), height: z.number().optional(), preview: z.string().optional() })
const AttachmentSchema = z.object({ url: z.string(), mime_type: z.string().optional(), size_in_bytes: z.number().optional(), duration_in_seconds: z.number().optional(), title: z.string().optional() })

export const EntrySchema = z
  .object({
    id: z.string(),
    feedId: z.string().nullable(),
    inboxHandle: z.string().nullable(),
    guid: z.string(),
    title: z.string().nullable(),
    url: z.string().nullable(),
    description: z.string().nullable(),
    content: z.string().nullable().optional(),
    readabilityContent: z.string().nullable().optional(),
    readabilityUpdatedAt: z.string().nullable().optional(),
    author: z.string().nullable(),
    authorUrl: z.string().nullable(),
    authorAvatar: z.string().nullable(),
    publishedAt: z.string(),
    insertedAt: z.string(),
    categories: z.array(z.string()).nullable(),
    media: z.array(MediaSchema).nullable(),
    attachments: z.array(AttachmentSchema).nullable(),
    extra: z.record(z.string(), JsonValueSchema).nullable().openapi({ description: 'What the webhook sender put in extra (inbox entries)' }),
    language: z.string().nullable(),
  })
  .openapi('Entry')

/** A feed fetched for a preview and not stored (so without an id). */
export const PreviewFeedSchema = z
  .object({ type: z.literal('feed'), id: z.null(), url: z.string(), title: z.string().nullable(), description: z.string().nullable(), siteUrl: z.string().nullable(), image: z.string().nullable(), language: z.string().nullable() })
  .openapi('PreviewFeed')

/** An entry of a preview: a stored one, or one fetched now (id and feedId null). */
export const PreviewEntrySchema = EntrySchema.extend({ id: z.string().nullable() }).openapi('PreviewEntry')

/** The source an inbox entry came from, in the place a feed would be. */
export const InboxSourceSchema = z.object({ type: z.literal('inbox'), id: z.string(), title: z.string().nullable(), ownerUserId: z.string() }).openapi('InboxSource')

/** What a user's action rules asked the reader to do with an entry (only the keys they set). */
export const EntrySettingsSchema = z
  .object({
    summary: z.boolean().optional(),
    translation: z.string().optional(),
    readability: z.boolean().optional(),
    sourceContent: z.boolean().optional(),
    newEntryNotification: z.boolean().optional(),
  })
  .openapi('EntrySettings')

export type EntrySettings = z.infer<typeof EntrySettingsSchema>

/** Someone who tipped the entry's feed: their public profile (SPEC §7 items carry `tipUsers`). */
export const TipUserSchema = z.object({ id: z.string(), name: z.string().nullable(), handle: z.string().nullable(), image: z.string().nullable() }).openapi('TipUser')
export type TipUser = z.infer<typeof TipUserSchema>

export const TimelineItemSchema = z
  .object({
    settings: EntrySettingsSchema.optional(),
    entries: EntrySchema,
    feeds: z.union([FeedSchema, InboxSourceSchema]),
    read: z.boolean(),
    view: z.number().nullable(),
    collections: z.object({ createdAt: z.string() }).nullable(),
    tipUsers: z.array(TipUserSchema).openapi({ description: "The latest tippers of the entry's feed (its `tipUserIds`), latest first" }),
  })
  .openapi('TimelineItem')

export type EntryJson = z.infer<typeof EntrySchema>
export type TimelineItem = z.infer<typeof TimelineItemSchema>

function parseJson<T>(text: string | null | undefined): T | null {
  if (!text) return null
  try {
    return JSON.parse(text) as T
  } catch {
    return null
  }
}

type EntryLike = {
  id: string
  feedId: string | null
  inboxId: string | null
  guid: string
  title: string | null
  url: string | null
  description: string | null
  content?: string | null
  readabilityContent?: string | null
  readabilityUpdatedAt?: string | null
  author: string | null
  authorUrl: string | null
  authorAvatar: string | null
  publishedAt: string
  insertedAt: string
  categories: string | null
  media: string | null
  attachments: string | null
  extra: string | null
  language: string | null
}

/** One entry; `content` only when the row carries it. */
export function presentEntry(row: EntryLike, options: { readability?: boolean } = {}): EntryJson {
  const out: EntryJson = {
    id: row.id,
    feedId: row.feedId,
    inboxHandle: row.inboxId,
    guid: row.guid,
    title: row.title,
    url: row.url,
    description: row.description,
    author: row.author,
    authorUrl: row.authorUrl,
    authorAvatar: row.authorAvatar,
    publishedAt: row.publishedAt,
    insertedAt: row.insertedAt,
    categories: parseJson<string[]>(row.categories),
    media: parseJson(row.media),
    attachments: parseJson(row.attachments),
    extra: parseJson(row.extra),
    language: row.language,
  }
  if (row.content !== undefined) out.content = row.content
  if (options.readability) {
    out.readabilityContent = row.readabilityContent ?? null
    out.readabilityUpdatedAt = row.readabilityUpdatedAt ?? null
  }
  return out
}

/** The `feeds` part of an item: the entry's feed, or its inbox. */
export function presentSource(row: { feedId: string | null; inboxId: string | null }, feeds: Map<string, FeedRow>, inboxes: Map<string, InboxRow>, tippers?: Map<string, TipUser[]>) {
  if (row.feedId) {
    const feed = feeds.get(row.feedId)
    return feed ? presentFeed(feed, (tippers?.get(row.feedId) ?? []).map((u) => u.id)) : null
  }
  const inbox = inboxes.get(row.inboxId as string)
  return inbox ? { type: 'inbox' as const, id: inbox.id, title: inbox.title, ownerUserId: inbox.userId } : null
}
