/** Subscription rows → the API shape of SPEC §3 (subscriptions), with the feed, list or inbox inside. */
import { z } from '@hono/zod-openapi'
import { subscriptionId, subscriptionType } from '@brook/shared'
import { FeedSchema, type FeedJson } from '../feeds/present.ts'
import { ListSchema, type ListJson } from '../lists/present.ts'
import { InboxSchema, type InboxJson } from '../inboxes/present.ts'
import type { SubscriptionRow } from './repo.ts'

export const SubscriptionSchema = z
  .object({
    id: z.string().openapi({ description: 'feed/{feedId}, list/{listId} or inbox/{inboxId}' }),
    type: z.enum(['feed', 'list', 'inbox']),
    userId: z.string(),
    feedId: z.string().nullable(),
    listId: z.string().nullable(),
    inboxId: z.string().nullable(),
    view: z.number(),
    title: z.string().nullable(),
    category: z.string().nullable(),
    isPrivate: z.boolean(),
    hideFromTimeline: z.boolean(),
    createdAt: z.string(),
    feeds: FeedSchema.optional(),
    lists: ListSchema.optional(),
    inboxes: InboxSchema.optional(),
  })
  .openapi('Subscription')

export type SubscriptionJson = z.infer<typeof SubscriptionSchema>

/** One subscription; the embedded target is added when known. */
export function presentSubscription(row: SubscriptionRow, embedded: { feed?: FeedJson; list?: ListJson; inbox?: InboxJson } = {}): SubscriptionJson {
  const out: SubscriptionJson = {
    id: subscriptionId(row),
    type: subscriptionType(row),
    userId: row.userId,
    feedId: row.feedId,
    listId: row.listId,
    inboxId: row.inboxId,
    view: Number(row.view),
    title: row.title,
    category: row.category,
    isPrivate: Boolean(row.isPrivate),
    hideFromTimeline: Boolean(row.hideFromTimeline),
    createdAt: row.createdAt,
  }
  if (embedded.feed) out.feeds = embedded.feed
  if (embedded.list) out.lists = embedded.list
  if (embedded.inbox) out.inboxes = embedded.inbox
  return out
}
