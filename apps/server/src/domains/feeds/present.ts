/** Feed rows → the API shape of SPEC §3 (feeds) and §7 (feed lookup, analytics). */
import { z } from '@hono/zod-openapi'
import type { FeedRow } from './repo.ts'
import type { FeedAnalytics } from './service.ts'

/** A feed as the API shows it (validators, leases and counters stay private). */
export const FeedSchema = z
  .object({
    type: z.literal('feed'),
    id: z.string(),
    url: z.string(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    siteUrl: z.string().nullable(),
    image: z.string().nullable(),
    language: z.string().nullable(),
    ownerUserId: z.string().nullable(),
    errorAt: z.string().nullable(),
    errorMessage: z.string().nullable(),
    subscriptionCount: z.number(),
    updatesPerWeek: z.number(),
    latestEntryPublishedAt: z.string().nullable(),
    tipUserIds: z.array(z.string()),
    checkedAt: z.string().nullable(),
    nextCheckAt: z.string().nullable(),
    updatedAt: z.string(),
  })
  .openapi('Feed')

export const FeedAnalyticsSchema = z
  .object({ updatesPerWeek: z.number(), subscriptionCount: z.number(), latestEntryPublishedAt: z.string().nullable() })
  .openapi('FeedAnalytics')

export type FeedJson = z.infer<typeof FeedSchema>

/** One feed row in the API shape; `tipUserIds` are its latest tippers (wallets `tippersOf`) when the caller looked them up. */
export function presentFeed(row: FeedRow, tipUserIds: string[] = []): FeedJson {
  return {
    type: 'feed',
    id: row.id,
    url: row.url,
    title: row.title,
    description: row.description,
    siteUrl: row.siteUrl,
    image: row.image,
    language: row.language,
    ownerUserId: row.ownerUserId,
    errorAt: row.errorAt,
    errorMessage: row.errorMessage,
    subscriptionCount: Number(row.subscriptionCount),
    updatesPerWeek: Number(row.updatesPerWeek),
    latestEntryPublishedAt: row.latestEntryPublishedAt,
    tipUserIds,
    checkedAt: row.checkedAt,
    nextCheckAt: row.nextCheckAt,
    updatedAt: row.updatedAt,
  }
}

/** The analytics block of one feed row. */
export function presentAnalytics(row: FeedRow | FeedAnalytics): z.infer<typeof FeedAnalyticsSchema> {
  return {
    updatesPerWeek: Number(row.updatesPerWeek),
    subscriptionCount: Number(row.subscriptionCount),
    latestEntryPublishedAt: row.latestEntryPublishedAt,
  }
}
