/** Settings → Profile: avatar, name, handle, bio, website, social links (ProfileForm); e-mail change and verification; password; two-factor; sessions. */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/Button.tsx'
import { TextField } from '../../components/TextField.tsx'
import { useSessionStore } from '../../store/session.ts'
import { ProfileForm } from './ProfileForm.tsx'
import { authClient } from '../auth/authClient.ts'
import { useQueryClient } from '@tanstack/react-query'
import { refreshSession } from '../auth/session.ts'
import { toastError } from '../../api/toastError.ts'
import { SettingsPage, SettingsSection } from './SettingsPage.tsx'
import { SessionsList } from './SessionsList.tsx'
import { TwoFactorPanel } from './TwoFactorPanel.tsx'
import { AchievementsSection } from '../achievements/AchievementsSection.tsx'
import { useFeatureFlag } from '../featureFlags/featureFlags.ts'

export function ProfileSettings() {
  const { t } = useTranslation('settings')
  const user = useSessionStore((s) => s.whoami)
  const queryClient = useQueryClient()
  // The admin's achievements flag off for me: no achievements (nor their recompute and toasts).
  const achievements = useFeatureFlag('achievements')
  const [newEmail, setNewEmail] = useState('')
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [busy, setBusy] = useState<string | null>(null)
  if (!user) return null

  const run = async (key: string, fn: () => Promise<{ error?: unknown } | void>, success: string) => {
    setBusy(key)
    try {
      const result = await fn()
      if (result && result.error) return toastError(result.error)
      toast.success(success)
      await refreshSession(queryClient)
    } catch (error) {
      toastError(error)
    } finally {
      setBusy(null)
    }
  }

  return (
    <SettingsPage title={t('sections.profile')} description={t('descriptions.profile')} testId="settings-profile">
      <SettingsSection title={t('profile.account')}>
        <ProfileForm key={user.id} user={user} />
      </SettingsSection>

      <SettingsSection title={t('profile.email')}>
        <div className="flex items-center gap-3 py-3 text-[13px]">
          <span className="min-w-0 flex-1 truncate font-medium">{user.email}</span>
          {user.emailVerified ? (
            <span className="rounded-full bg-green-50 px-2 py-0.5 text-[11px] font-medium text-green-700 dark:bg-green-500/10 dark:text-green-300">{t('profile.verified')}</span>
          ) : (
            <>
              <span className="rounded-full bg-amber-50 px-2 py-0.5 text-[11px] font-medium text-amber-700 dark:bg-amber-500/10 dark:text-amber-300">{t('profile.unverified')}</span>
              <Button size="sm" variant="secondary" busy={busy === 'verify'} onClick={() => void run('verify', () => authClient.sendVerificationEmail({ email: user.email, callbackURL: `${window.location.origin}/settings/profile` }), t('profile.verificationSent'))}>
                {t('profile.sendVerification')}
              </Button>
            </>
          )}
        </div>
        <form
          className="flex items-end gap-2 py-3"
          onSubmit={(e) => {
            e.preventDefault()
            void run('email', () => authClient.changeEmail({ newEmail: newEmail.trim(), callbackURL: `${window.location.origin}/settings/profile` }), t('profile.emailChangeSent')).then(() => setNewEmail(''))
          }}
        >
          <TextField className="flex-1" label={t('profile.newEmail')} type="email" value={newEmail} onChange={setNewEmail} required />
          <Button type="submit" size="md" variant="secondary" busy={busy === 'email'}>
            {t('profile.changeEmail')}
          </Button>
        </form>
      </SettingsSection>

      <SettingsSection title={t('profile.password')}>
        <form
          className="flex flex-col gap-3 py-4"
          onSubmit={(e) => {
            e.preventDefault()
            void run('password', () => authClient.changePassword({ currentPassword: current, newPassword: next, revokeOtherSessions: true }), t('profile.passwordChanged')).then(() => (setCurrent(''), setNext('')))
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t('profile.currentPassword')} type="password" autoComplete="current-password" value={current} onChange={setCurrent} required />
            <TextField label={t('profile.newPassword')} type="password" autoComplete="new-password" minLength={8} value={next} onChange={setNext} required />
          </div>
          <div className="flex justify-end">
            <Button type="submit" size="sm" busy={busy === 'password'}>
              {t('profile.changePassword')}
            </Button>
          </div>
        </form>
      </SettingsSection>

      <SettingsSection title={t('profile.twoFactor')} hint={t('profile.twoFactorHint')}>
        <TwoFactorPanel enabled={!!user.twoFactorEnabled} />
      </SettingsSection>

      <SettingsSection title={t('profile.sessions')} hint={t('profile.sessionsHint')}>
        <SessionsList />
      </SettingsSection>

      {achievements && <AchievementsSection />}
    </SettingsPage>
  )
}
