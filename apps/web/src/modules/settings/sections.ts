/** The settings sub-pages of SPEC §2 Brook has, in the order the settings navigation lists them. */
export const SETTINGS_SECTIONS = [
  'general',
  'appearance',
  'profile',
  'feeds',
  'list',
  'notifications',
  'integration',
  'ai',
  'shortcuts',
  'invitations',
  'referral',
  'plan',
  'data-control',
  'about',
  'admin',
] as const

/** Sections only admins see in the navigation. */
export const ADMIN_SECTIONS: readonly SettingsSection[] = ['admin']

export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]
