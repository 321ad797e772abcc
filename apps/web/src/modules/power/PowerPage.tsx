/** /power: the wallet (later). */
import { useTranslation } from 'react-i18next'
import { ZapIcon } from '../../components/icons.tsx'
import { PagePlaceholder } from '../../components/PagePlaceholder.tsx'

export function PowerPage() {
  const { t } = useTranslation()
  return <PagePlaceholder icon={<ZapIcon size={20} />} title={t('pages.powerTitle')} description={t('pages.powerDescription')} note={t('comingLater')} />
}
