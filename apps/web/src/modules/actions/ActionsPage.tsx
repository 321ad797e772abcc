/** /action: rules that act on new entries (later). */
import { useTranslation } from 'react-i18next'
import { WandIcon } from '../../components/icons.tsx'
import { PagePlaceholder } from '../../components/PagePlaceholder.tsx'

export function ActionsPage() {
  const { t } = useTranslation()
  return <PagePlaceholder icon={<WandIcon size={20} />} title={t('pages.actionsTitle')} description={t('pages.actionsDescription')} note={t('comingLater')} />
}
