/** One settings sub-page. */
import { SECTION_PAGES } from './sectionPages.tsx'
import type { SettingsSection } from './sections.ts'

export function SettingsSectionPage({ section }: { section: SettingsSection }) {
  const Page = SECTION_PAGES[section]
  return <Page />
}
