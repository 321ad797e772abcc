/** Inbox rows → the API shape of SPEC §3 (inboxes: id is the handle, plus title and secret). */
import { z } from '@hono/zod-openapi'
import type { Selectable } from 'kysely'
import type { InboxesTable } from '../../db/schema.ts'

export const InboxSchema = z
  .object({
    type: z.literal('inbox'),
    id: z.string(),
    title: z.string().nullable(),
    ownerUserId: z.string(),
    /** Only ever shown to the inbox's owner. */
    secret: z.string(),
    /** The inbox's e-mail address ({handle}@INBOX_DOMAIN). */
    address: z.string(),
    createdAt: z.string(),
  })
  .openapi('Inbox')

export type InboxJson = z.infer<typeof InboxSchema>

/** One inbox row (callers only present the viewer's own inboxes). */
export function presentInbox(row: Selectable<InboxesTable>, domain: string): InboxJson {
  return { type: 'inbox', id: row.id, title: row.title, ownerUserId: row.userId, secret: row.secret, address: `${row.id}@${domain}`, createdAt: row.createdAt }
}
