/** /invitation: where a 400 with code 1003 sends the user (SPEC §2); the code form comes later. */
import { useTranslation } from 'react-i18next'
import { InboxIcon } from '../../components/icons.tsx'
import { PagePlaceholder } from '../../components/PagePlaceholder.tsx'

export function InvitationPage() {
  const { t } = useTranslation()
  return <PagePlaceholder icon={<InboxIcon size={20} />} title={t('pages.invitationTitle')} description={t('pages.invitationDescription')} note={t('comingLater')} />
}
