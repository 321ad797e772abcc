/**
 * What each plan (SPEC §4 role) may do: the one table both sides read. The server starts from
 * these defaults (the trial caps from TRIAL_*_LIMIT) and the admin may change any number of any
 * plan (Settings → Admin → Plans); `null` means no cap of its own (the instance-wide
 * SUBSCRIPTION_LIMIT still holds). Registration modes of the instance are here too.
 */
import type { UserRole } from './roles.ts'

export type PlanLimits = {
  /** Followed feeds (1100 over it). */
  feeds: number | null
  /** Followed lists (1101 over it). */
  lists: number | null
  /** Own inboxes (1102 over it). */
  inboxes: number | null
  /** AI tokens per day. */
  aiTokensPerDay: number | null
  /** Automation rules (actions). */
  actions: number | null
  /** Own RSSHub instances. */
  rsshubInstances: number | null
  /** Largest upload (avatar, chat attachment), in bytes. */
  uploadBytes: number
  /** Invitation codes per period (5000 over it). */
  invitations: number
  /** The period of `invitations`, in days. */
  invitationPeriodDays: number
  /** Only one unused code at a time (5001 while one is unused). */
  invitationOneUnused: boolean
}

export const PLAN_LIMIT_KEYS = ['feeds', 'lists', 'inboxes', 'aiTokensPerDay', 'actions', 'rsshubInstances', 'uploadBytes', 'invitations', 'invitationPeriodDays', 'invitationOneUnused'] as const satisfies readonly (keyof PlanLimits)[]

const MiB = 1024 * 1024

/** Defaults of every plan (an instance changes them through the admin page). */
export const DEFAULT_PLAN_LIMITS: Record<UserRole, PlanLimits> = {
  admin: { feeds: null, lists: null, inboxes: null, aiTokensPerDay: null, actions: null, rsshubInstances: null, uploadBytes: 10 * MiB, invitations: 100, invitationPeriodDays: 1, invitationOneUnused: false },
  pro: { feeds: null, lists: null, inboxes: null, aiTokensPerDay: 200_000, actions: 100, rsshubInstances: 5, uploadBytes: 10 * MiB, invitations: 5, invitationPeriodDays: 30, invitationOneUnused: false },
  pre_pro: { feeds: null, lists: null, inboxes: null, aiTokensPerDay: 100_000, actions: 50, rsshubInstances: 2, uploadBytes: 5 * MiB, invitations: 3, invitationPeriodDays: 30, invitationOneUnused: true },
  pre_pro_trial: { feeds: 500, lists: 50, inboxes: 5, aiTokensPerDay: 50_000, actions: 20, rsshubInstances: 1, uploadBytes: 5 * MiB, invitations: 0, invitationPeriodDays: 30, invitationOneUnused: true },
  free: { feeds: null, lists: null, inboxes: null, aiTokensPerDay: 10_000, actions: 10, rsshubInstances: 0, uploadBytes: 2 * MiB, invitations: 1, invitationPeriodDays: 30, invitationOneUnused: true },
  trial: { feeds: 100, lists: 10, inboxes: 2, aiTokensPerDay: 0, actions: 3, rsshubInstances: 0, uploadBytes: 1 * MiB, invitations: 0, invitationPeriodDays: 30, invitationOneUnused: true },
}

/** Who may sign up: anyone, only with an invitation code (1003 without one), or nobody. */
export const REGISTRATION_MODES = ['open', 'invitation', 'closed'] as const
export type RegistrationMode = (typeof REGISTRATION_MODES)[number]

/** Plans from least to most: using an invitation (pre_pro) never lowers a plan. */
export const ROLE_RANK: Record<UserRole, number> = { trial: 0, free: 1, pre_pro_trial: 2, pre_pro: 3, pro: 4, admin: 5 }
