/** /rsshub: RSSHub instances (later). */
import { useTranslation } from 'react-i18next'
import { ServerIcon } from '../../components/icons.tsx'
import { PagePlaceholder } from '../../components/PagePlaceholder.tsx'

export function RsshubPage() {
  const { t } = useTranslation()
  return <PagePlaceholder icon={<ServerIcon size={20} />} title={t('pages.rsshubTitle')} description={t('pages.rsshubDescription')} note={t('comingLater')} />
}
