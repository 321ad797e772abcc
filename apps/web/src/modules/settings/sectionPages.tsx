/** The screen of each settings sub-page. */
import type { ComponentType } from 'react'
import { AboutSettings } from './AboutSettings.tsx'
import { AppearanceSettings } from './AppearanceSettings.tsx'
import { DataControlSettings } from './DataControlSettings.tsx'
import { FeedsSettings } from './FeedsSettings.tsx'
import { GeneralSettings } from './GeneralSettings.tsx'
import { ListsSettings } from './ListsSettings.tsx'
import { NotificationsSettings } from './NotificationsSettings.tsx'
import { ProfileSettings } from './ProfileSettings.tsx'
import type { SettingsSection } from './sections.ts'
import { ShortcutsSettings } from './ShortcutsSettings.tsx'
import { InvitationsSettings } from '../invitation/InvitationsSettings.tsx'
import { PlanSettings } from '../plans/PlanSettings.tsx'
import { ReferralSettings } from '../referrals/ReferralSettings.tsx'
import { AdminSettings } from '../admin/AdminSettings.tsx'
import { IntegrationSettings } from '../integrations/IntegrationSettings.tsx'
import { AiSettings } from '../ai/AiSettings.tsx'
import { PrivacySettings } from '../account/PrivacySettings.tsx'

export const SECTION_PAGES: Record<SettingsSection, ComponentType> = {
  general: GeneralSettings,
  appearance: AppearanceSettings,
  profile: ProfileSettings,
  privacy: PrivacySettings,
  feeds: FeedsSettings,
  list: ListsSettings,
  notifications: NotificationsSettings,
  integration: IntegrationSettings,
  shortcuts: ShortcutsSettings,
  'data-control': DataControlSettings,
  about: AboutSettings,
  invitations: InvitationsSettings,
  referral: ReferralSettings,
  plan: PlanSettings,
  admin: AdminSettings,
  ai: AiSettings,
}
