/** The settings sub-pages of SPEC §2, in the order the settings navigation lists them. */
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
] as const

export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]
