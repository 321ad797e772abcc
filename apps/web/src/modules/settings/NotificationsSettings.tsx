/** Settings → Notifications: permission for system notifications through the platform module. */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/Button.tsx'
import { SettingRow } from '../../components/Switch.tsx'
import { platform } from '../platform/platform.ts'
import { SettingsPage, SettingsSection } from './SettingsPage.tsx'

export function NotificationsSettings() {
  const { t } = useTranslation('settings')
  const [permission, setPermission] = useState(platform().notificationPermission())
  return (
    <SettingsPage title={t('sections.notifications')} description={t('descriptions.notifications')} testId="settings-notifications">
      <SettingsSection title={t('notifications.system')}>
        <SettingRow label={t('notifications.permission')} hint={t(`notifications.state.${permission}`)}>
          {permission === 'default' && (
            <Button size="sm" variant="secondary" onClick={() => void platform().requestNotificationPermission().then(setPermission)}>
              {t('notifications.allow')}
            </Button>
          )}
          {permission === 'granted' && (
            <Button size="sm" variant="ghost" onClick={() => void platform().notify(t('notifications.testTitle'), { body: t('notifications.testBody') })}>
              {t('notifications.test')}
            </Button>
          )}
        </SettingRow>
      </SettingsSection>
    </SettingsPage>
  )
}
