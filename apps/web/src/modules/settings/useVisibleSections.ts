/** The settings sections listed for me: admin ones for admins, flagged ones while their flag is on for me. */
import type { FeatureFlag } from '@brook/shared'
import { useFeatureFlag } from '../featureFlags/featureFlags.ts'
import { useSessionStore } from '../../store/session.ts'
import { ADMIN_SECTIONS, SECTION_FLAGS, SETTINGS_SECTIONS, type SettingsSection } from './sections.ts'

/** Whether a section's flag (SECTION_FLAGS) is on for me; sections without one always are. */
export function useSectionFlagOn(): (section: SettingsSection) => boolean {
  // One hook per flag SECTION_FLAGS names (hooks cannot run in a loop).
  const on: Partial<Record<FeatureFlag, boolean>> = { invitations: useFeatureFlag('invitations') }
  return (section) => {
    const flag = SECTION_FLAGS[section]
    return !flag || (on[flag] ?? true)
  }
}

export function useVisibleSections(): SettingsSection[] {
  const isAdmin = useSessionStore((s) => s.role === 'admin')
  const flagOn = useSectionFlagOn()
  return SETTINGS_SECTIONS.filter((section) => (isAdmin || !ADMIN_SECTIONS.includes(section)) && flagOn(section))
}
