/** One settings sub-page; its content comes in a later release. */
import { APP_VERSION } from '@brook/shared'
import { useTranslation } from 'react-i18next'
import { PagePlaceholder } from '../../components/PagePlaceholder.tsx'
import type { SettingsSection } from './sections.ts'

export function SettingsSectionPage({ section }: { section: SettingsSection }) {
  const { t } = useTranslation('settings')
  const title = t(`sections.${section}`)
  return (
    <PagePlaceholder title={title} description={t(`descriptions.${section}`, { version: APP_VERSION })} note={t('comingLater', { section: title })} />
  )
}
