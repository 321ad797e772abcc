/** One settings sub-page: its own screen when Brook has it, else a plain note that it comes later. */
import { APP_VERSION } from '@brook/shared'
import { useTranslation } from 'react-i18next'
import { PagePlaceholder } from '../../components/PagePlaceholder.tsx'
import { SECTION_PAGES } from './sectionPages.tsx'
import type { SettingsSection } from './sections.ts'

export function SettingsSectionPage({ section }: { section: SettingsSection }) {
  const { t } = useTranslation('settings')
  const Page = SECTION_PAGES[section]
  if (Page) return <Page />
  const title = t(`sections.${section}`)
  return (
    <PagePlaceholder title={title} description={t(`descriptions.${section}`, { version: APP_VERSION })} note={t('comingLater', { section: title })} />
  )
}
