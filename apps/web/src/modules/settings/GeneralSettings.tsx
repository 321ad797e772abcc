/** Settings → General: language, reading behaviour, timeline, startup (SPEC §3 general tab). */
import type { GeneralSettings as General } from '@brook/shared'
import { useTranslation } from 'react-i18next'
import { Select } from '../../components/Select.tsx'
import { SettingRow, SwitchRow } from '../../components/Switch.tsx'
import { SUPPORTED_LANGUAGES, type Language } from '../../i18n/language.ts'
import { setLanguage } from '../../i18n/index.ts'
import { updateSettings } from '../../store/index.ts'
import { DesktopAppSettings } from './DesktopAppSettings.tsx'
import { SettingsPage, SettingsSection } from './SettingsPage.tsx'
import { useGeneralSettings } from './useSettingsValues.ts'

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-CN': '简体中文', 'zh-TW': '繁體中文', ja: '日本語' }
/** Choices of the mark-all-read countdown, in seconds (0: marks at once); a synced other value is kept as a choice. */
const COUNTDOWN_CHOICES = [0, 2, 3, 5, 10]

export function GeneralSettings() {
  const { t, i18n } = useTranslation('settings')
  const general = useGeneralSettings()
  const set = (patch: Partial<General>) => void updateSettings('general', patch)
  const flag = (key: keyof General) => ({ label: t(`general.${key}`), hint: t(`general.${key}Hint`), checked: general[key] as boolean, onChange: (v: boolean) => set({ [key]: v }) })
  const enhanced = general.enhancedSettings
  return (
    <SettingsPage title={t('sections.general')} description={t('descriptions.general')} testId="settings-general">
      <SettingsSection title={t('general.language')}>
        <SettingRow label={t('general.uiLanguage')} hint={t('general.uiLanguageHint')}>
          <Select
            aria-label={t('general.uiLanguage')}
            value={(SUPPORTED_LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en'}
            onChange={(lng) => {
              void setLanguage(lng)
              set({ language: lng })
            }}
            options={SUPPORTED_LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
          />
        </SettingRow>
      </SettingsSection>
      <SettingsSection title={t('general.timeline')}>
        <SwitchRow {...flag('unreadOnly')} />
        <SwitchRow {...flag('dimRead')} />
        <SwitchRow {...flag('hideAllReadSubscriptions')} />
        <SwitchRow {...flag('hidePrivateSubscriptionsInTimeline')} />
        <SettingRow label={t('general.markAllReadCountdown')} hint={t('general.markAllReadCountdownHint')}>
          <Select
            aria-label={t('general.markAllReadCountdown')}
            data-testid="mark-all-countdown-setting"
            value={String(general.markAllReadCountdown)}
            onChange={(v) => set({ markAllReadCountdown: Number(v) })}
            options={[...new Set([...COUNTDOWN_CHOICES, general.markAllReadCountdown])]
              .sort((a, b) => a - b)
              .map((n) => ({ value: String(n), label: n === 0 ? t('general.countdownOff') : t('general.countdownSeconds', { count: n }) }))}
          />
        </SettingRow>
        <SettingRow label={t('general.startupScreen')} hint={t('general.startupScreenHint')}>
          <Select aria-label={t('general.startupScreen')} value={general.startupScreen} onChange={(v) => set({ startupScreen: v })} options={[{ value: 'timeline', label: t('general.startupTimeline') }, { value: 'subscription', label: t('general.startupSubscription') }]} />
        </SettingRow>
      </SettingsSection>
      <SettingsSection title={t('general.reading')}>
        <SwitchRow {...flag('scrollMarkUnread')} />
        <SwitchRow {...flag('hoverMarkUnread')} />
        <SwitchRow {...flag('renderMarkUnread')} />
        <SwitchRow {...flag('jumpOutLinkWarn')} />
      </SettingsSection>
      <SettingsSection title={t('general.enhanced')} hint={t('general.enhancedHint')}>
        <SwitchRow {...flag('enhancedSettings')} />
        <SwitchRow {...flag('groupByDate')} disabled={!enhanced} />
        <SwitchRow {...flag('autoExpandLongSocialMedia')} disabled={!enhanced} />
      </SettingsSection>
      <DesktopAppSettings />
      <SettingsSection title={t('general.privacy')}>
        <SwitchRow {...flag('sendAnonymousData')} />
      </SettingsSection>
    </SettingsPage>
  )
}
