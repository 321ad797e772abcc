/** Settings → Admin (admins only; the server answers 1004 to anyone else): accounts, withdrawals to settle, registration, plan limits, feature flags, health, analytics. */
import { useTranslation } from 'react-i18next'
import { useSessionStore } from '../../store/session.ts'
import { SettingsPage } from '../settings/SettingsPage.tsx'
import { AdminAnalytics } from './AdminAnalytics.tsx'
import { AdminClean } from './AdminClean.tsx'
import { AdminFlags } from './AdminFlags.tsx'
import { AdminHealth } from './AdminHealth.tsx'
import { AdminPlans } from './AdminPlans.tsx'
import { AdminRegistration } from './AdminRegistration.tsx'
import { AdminUsers } from './AdminUsers.tsx'
import { AdminWithdrawals } from './AdminWithdrawals.tsx'

export function AdminSettings() {
  const { t } = useTranslation('settings')
  const isAdmin = useSessionStore((s) => s.role === 'admin')
  return (
    <SettingsPage title={t('sections.admin')} description={t('descriptions.admin')} testId="settings-admin">
      {isAdmin ? (
        <>
          <AdminUsers />
          <AdminWithdrawals />
          <AdminRegistration />
          <AdminPlans />
          <AdminFlags />
          <AdminHealth />
          <AdminClean />
          <AdminAnalytics />
        </>
      ) : (
        <p className="text-sm text-zinc-500">{t('errors:1004')}</p>
      )}
    </SettingsPage>
  )
}
