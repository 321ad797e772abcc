/** User plan values of SPEC §4 with their labels. */
export const USER_ROLES = ['admin', 'pre_pro_trial', 'pre_pro', 'free', 'trial', 'pro'] as const
export type UserRole = (typeof USER_ROLES)[number]

export const ROLE_LABELS: Record<UserRole, string> = {
  admin: 'Admin',
  pre_pro_trial: 'Pro Preview Trial',
  pre_pro: 'Pro Preview',
  free: 'Free',
  trial: 'Free (for trial)',
  pro: 'Pro',
}

/** True when s is a plan value. */
export function isUserRole(s: unknown): s is UserRole {
  return typeof s === 'string' && (USER_ROLES as readonly string[]).includes(s)
}
