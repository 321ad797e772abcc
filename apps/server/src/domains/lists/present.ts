/** List rows → the API shape of SPEC §3 (lists). */
import { z } from '@hono/zod-openapi'
import type { Selectable } from 'kysely'
import type { ListsTable } from '../../db/schema.ts'
import { FeedSchema } from '../feeds/present.ts'

export const ListSchema = z
  .object({
    type: z.literal('list'),
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    image: z.string().nullable(),
    view: z.number(),
    fee: z.number().openapi({ description: 'Whole POWER a subscriber pays to follow (0 = free); moved through the ledger to the owner' }),
    ownerUserId: z.string(),
    subscriptionCount: z.number(),
    purchaseAmount: z.string().openapi({ description: 'What subscribers have paid for the list in total (smallest units, 1 POWER = 10^18, decimal string)' }),
    feedIds: z.array(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('List')

export const ListWithFeedsSchema = ListSchema.extend({ feeds: z.array(FeedSchema) }).openapi('ListWithFeeds')

export type ListJson = z.infer<typeof ListSchema>

/** One list row with its feed ids. */
export function presentList(row: Selectable<ListsTable>, feedIds: string[]): ListJson {
  return {
    type: 'list',
    id: row.id,
    title: row.title,
    description: row.description,
    image: row.image,
    view: Number(row.view),
    fee: Number(row.fee),
    ownerUserId: row.ownerUserId,
    subscriptionCount: Number(row.subscriptionCount),
    purchaseAmount: String(row.purchaseAmount ?? '0'),
    feedIds,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}
