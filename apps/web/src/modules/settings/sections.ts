import type { FeatureFlag } from '@brook/shared'

/** The settings sub-pages of SPEC §2 Brook has, in the order the settings navigation lists them. */
export const SETTINGS_SECTIONS = [
  'general',
  'appearance',
  'profile',
  'privacy',
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

/** Sections behind an admin's feature flag: not listed, and their page goes back to /settings, while the flag is off for me. */
export const SECTION_FLAGS: Partial<Record<SettingsSection, FeatureFlag>> = { invitations: 'invitations' }

/** Sections only admins see in the navigation. */
export const ADMIN_SECTIONS: readonly SettingsSection[] = ['admin']

export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]
