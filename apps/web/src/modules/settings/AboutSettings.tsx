/** Settings → About: version, platform and where to report a problem. */
import { APP_VERSION } from '@brook/shared'
import { useTranslation } from 'react-i18next'
import { Logo } from '../../components/icons.tsx'
import { SettingRow } from '../../components/Switch.tsx'
import { env } from '../../env.ts'
import { platform } from '../platform/platform.ts'
import { SettingsPage, SettingsSection } from './SettingsPage.tsx'

export function AboutSettings() {
  const { t } = useTranslation('settings')
  return (
    <SettingsPage title={t('sections.about')} testId="settings-about">
      <div className="flex items-center gap-4">
        <Logo size={48} />
        <div>
          <div className="text-lg font-semibold">Brook</div>
          <div className="text-[13px] text-zinc-500">{t('about.tagline')}</div>
        </div>
      </div>
      <SettingsSection title={t('about.build')}>
        <SettingRow label={t('about.version')}>
          <span className="font-mono text-[13px]">{APP_VERSION}</span>
        </SettingRow>
        <SettingRow label={t('about.platform')}>
          <span className="text-[13px]">{platform().kind}</span>
        </SettingRow>
        <SettingRow label={t('about.feedback')}>
          <a href={env.issueUrl} target="_blank" rel="noopener noreferrer" className="text-[13px] font-medium text-accent hover:underline">
            {t('about.report')}
          </a>
        </SettingRow>
      </SettingsSection>
    </SettingsPage>
  )
}
