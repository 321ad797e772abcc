/** One settings sub-page; one behind an admin's flag that is off for me goes back to /settings. */
import { Navigate } from 'react-router'
import { SECTION_PAGES } from './sectionPages.tsx'
import type { SettingsSection } from './sections.ts'
import { useSectionFlagOn } from './useVisibleSections.ts'

export function SettingsSectionPage({ section }: { section: SettingsSection }) {
  const flagOn = useSectionFlagOn()
  const Page = SECTION_PAGES[section]
  if (!flagOn(section)) return <Navigate to="/settings" replace />
  return <Page />
}
