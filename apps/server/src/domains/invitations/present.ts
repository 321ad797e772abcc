/** The API shape of an invitation code. */
import { z } from '@hono/zod-openapi'
import type { InvitationWithUser } from './repo.ts'

export const InvitationSchema = z
  .object({
    code: z.string(),
    createdAt: z.string(),
    usedAt: z.string().nullable(),
    user: z.object({ id: z.string(), name: z.string(), handle: z.string().nullable(), image: z.string().nullable() }).nullable().openapi({ description: 'Who used it (null while unused, or when that account is gone)' }),
  })
  .openapi('Invitation')

export type InvitationJson = z.infer<typeof InvitationSchema>

export function presentInvitation(row: InvitationWithUser): InvitationJson {
  return {
    code: row.code,
    createdAt: row.createdAt,
    usedAt: row.usedAt,
    user: row.usedById && row.userName !== null ? { id: row.usedById, name: row.userName, handle: row.userHandle, image: row.userImage } : null,
  }
}
