/**
 * Settings → Privacy (issue 19): who sees my profile and public subscriptions, private
 * subscriptions in the timeline, anonymous usage data, "Download my data" and deleting the account.
 */
import { PROFILE_AUDIENCES, type GeneralSettings } from '@brook/shared'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { toastError } from '../../api/toastError.ts'
import { Button } from '../../components/Button.tsx'
import { Select } from '../../components/Select.tsx'
import { SettingRow, SwitchRow } from '../../components/Switch.tsx'
import { updateSettings } from '../../store/index.ts'
import { useSessionStore } from '../../store/session.ts'
import { useFeatureFlag } from '../featureFlags/featureFlags.ts'
import { fetchWallet, powerKeys } from '../power/powerApi.ts'
import { SettingsPage, SettingsSection } from '../settings/SettingsPage.tsx'
import { useGeneralSettings } from '../settings/useSettingsValues.ts'
import { downloadMyData } from './accountApi.ts'
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx'

export function PrivacySettings() {
  const { t } = useTranslation('instance')
  const { t: ts } = useTranslation('settings')
  const general = useGeneralSettings()
  const user = useSessionStore((s) => s.whoami)
  const power = useFeatureFlag('power')
  const wallet = useQuery({ queryKey: powerKeys.wallet, queryFn: fetchWallet, enabled: power })
  const [downloading, setDownloading] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const set = (patch: Partial<GeneralSettings>) => void updateSettings('general', patch)
  const audiences = PROFILE_AUDIENCES.map((value) => ({ value, label: t(`privacy.audiences.${value}`) }))

  return (
    <SettingsPage title={ts('sections.privacy')} description={ts('descriptions.privacy')} testId="settings-privacy">
      <SettingsSection title={t('privacy.profileTitle')} hint={user?.handle ? undefined : t('profilePage.needsHandle')}>
        <SettingRow label={t('privacy.profileVisibility')} hint={t('privacy.profileVisibilityHint')}>
          <Select aria-label={t('privacy.profileVisibility')} value={general.profileVisibility} onChange={(v) => set({ profileVisibility: v })} options={audiences} />
        </SettingRow>
        <SettingRow label={t('privacy.subscriptionsVisibility')} hint={t('privacy.subscriptionsVisibilityHint')}>
          <Select aria-label={t('privacy.subscriptionsVisibility')} value={general.subscriptionsVisibility} onChange={(v) => set({ subscriptionsVisibility: v })} options={audiences} />
        </SettingRow>
        {user?.handle && (
          <SettingRow label={t('privacy.myProfile')}>
            <Link to={`/share/users/${user.handle}`} className="text-[13px] text-accent hover:underline">
              {t('profilePage.viewMine')}
            </Link>
          </SettingRow>
        )}
      </SettingsSection>
      <SettingsSection title={t('privacy.timelineTitle')}>
        <SwitchRow label={ts('general.hidePrivateSubscriptionsInTimeline')} hint={ts('general.hidePrivateSubscriptionsInTimelineHint')} checked={general.hidePrivateSubscriptionsInTimeline} onChange={(v) => set({ hidePrivateSubscriptionsInTimeline: v })} />
      </SettingsSection>
      <SettingsSection title={t('privacy.usageTitle')} hint={t('privacy.usageHint')}>
        <SwitchRow label={ts('general.sendAnonymousData')} hint={ts('general.sendAnonymousDataHint')} checked={general.sendAnonymousData} onChange={(v) => set({ sendAnonymousData: v })} />
      </SettingsSection>
      <SettingsSection title={t('privacy.dataTitle')}>
        <SettingRow label={t('privacy.download')} hint={t('privacy.downloadHint')}>
          <Button
            size="sm"
            variant="secondary"
            busy={downloading}
            data-testid="download-my-data"
            onClick={async () => {
              setDownloading(true)
              try {
                await downloadMyData()
                toast.success(t('privacy.downloaded'))
              } catch (error) {
                toastError(error)
              } finally {
                setDownloading(false)
              }
            }}
          >
            {t('privacy.downloadButton')}
          </Button>
        </SettingRow>
      </SettingsSection>
      <SettingsSection title={t('privacy.dangerTitle')} hint={t('privacy.deleteHint')}>
        <SettingRow label={t('privacy.dangerTitle')}>
          <Button size="sm" variant="secondary" className="!text-red-600" onClick={() => setDeleting(true)} data-testid="delete-account-open">
            {t('privacy.deleteButton')}
          </Button>
        </SettingRow>
      </SettingsSection>
      {deleting && <DeleteAccountDialog twoFactor={!!user?.twoFactorEnabled} balance={wallet.data?.powerToken ?? null} onClose={() => setDeleting(false)} />}
    </SettingsPage>
  )
}
