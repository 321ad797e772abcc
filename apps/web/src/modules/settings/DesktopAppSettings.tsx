/**
 * Settings → General → Desktop app (only in the desktop window, docs/desktop.md): launch on
 * startup — the switch shows whether this computer starts Brook at sign-in (the shell's autostart
 * entry) and flipping it writes or removes that entry and stores `appLaunchOnStartup` — and
 * `openLinksInExternalApp`.
 */
import type { GeneralSettings as General } from '@brook/shared'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { SwitchRow } from '../../components/Switch.tsx'
import { updateSettings } from '../../store/index.ts'
import { platform } from '../platform/platform.ts'
import { SettingsSection } from './SettingsPage.tsx'
import { useGeneralSettings } from './useSettingsValues.ts'

export function DesktopAppSettings() {
  const { t } = useTranslation('settings')
  const general = useGeneralSettings()
  const shell = platform()
  const [launch, setLaunch] = useState<boolean>(general.appLaunchOnStartup)
  useEffect(() => {
    let alive = true
    void shell.launchOnStartup?.().then((on) => alive && setLaunch(on), () => {})
    return () => {
      alive = false
    }
  }, [shell])
  if (shell.kind !== 'desktop') return null
  const set = (patch: Partial<General>) => void updateSettings('general', patch)
  const changeLaunch = (on: boolean) => {
    setLaunch(on)
    set({ appLaunchOnStartup: on })
    void shell.setLaunchOnStartup?.(on).catch((error: Error) => {
      setLaunch(!on)
      toast.error(t('general.appLaunchOnStartupFailed'), { description: error.message })
    })
  }
  return (
    <SettingsSection title={t('general.desktopApp')}>
      <SwitchRow label={t('general.appLaunchOnStartup')} hint={t('general.appLaunchOnStartupHint')} checked={launch} onChange={changeLaunch} />
      <SwitchRow label={t('general.openLinksInExternalApp')} hint={t('general.openLinksInExternalAppHint')} checked={general.openLinksInExternalApp} onChange={(on) => set({ openLinksInExternalApp: on })} />
    </SettingsSection>
  )
}
