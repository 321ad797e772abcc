/** The API shapes of plans: one plan's limits, the table, a user's plan with usage. */
import { z } from '@hono/zod-openapi'
import { REGISTRATION_MODES, USER_ROLES } from '@brook/shared'

const cap = z.number().int().min(0).nullable()

export const PlanLimitsSchema = z
  .object({
    feeds: cap.openapi({ description: 'Followed feeds (1100 over it); null: no cap of its own' }),
    lists: cap.openapi({ description: 'Followed lists (1101 over it)' }),
    inboxes: cap.openapi({ description: 'Own inboxes (1102 over it)' }),
    aiTokensPerDay: cap,
    actions: cap,
    rsshubInstances: cap,
    uploadBytes: z.number().int().min(0),
    invitations: z.number().int().min(0).openapi({ description: 'Invitation codes per period (5000 over it)' }),
    invitationPeriodDays: z.number().int().min(1),
    invitationOneUnused: z.boolean().openapi({ description: 'Only one unused code at a time (5001)' }),
  })
  .openapi('PlanLimits')

export const RoleSchema = z.enum(USER_ROLES)
export const RegistrationModeSchema = z.enum(REGISTRATION_MODES).openapi('RegistrationMode')

export const PlanSchema = z.object({ role: RoleSchema, label: z.string(), limits: PlanLimitsSchema }).openapi('Plan')

export const MyPlanSchema = z.object({
  role: RoleSchema,
  label: z.string(),
  roleEndAt: z.string().nullable(),
  limits: PlanLimitsSchema,
  usage: z.object({ feeds: z.number(), lists: z.number(), inboxes: z.number(), subscriptions: z.number() }),
})
