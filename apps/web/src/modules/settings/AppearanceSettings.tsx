/** Settings → Appearance: theme, accent colour, fonts and sizes, layout, sidebar, toolbar (SPEC §3 ui tab). */
import type { UiSettings } from '@brook/shared'
import { DEFAULT_TOOLBAR_MAIN } from '@brook/shared/settingsDefaults'
import { useTranslation } from 'react-i18next'
import { CheckIcon } from '../../components/icons.tsx'
import { MonitorIcon, MoonIcon, SunIcon } from '../../components/moreIcons.tsx'
import { Segmented, Select } from '../../components/Select.tsx'
import { SettingRow, SwitchRow } from '../../components/Switch.tsx'
import { updateSettings } from '../../store/index.ts'
import { ACCENT_COLORS, FONT_FAMILIES } from '../layout/appearance.ts'
import { getCommand } from '../shortcuts/registry.ts'
import { SettingsPage, SettingsSection } from './SettingsPage.tsx'
import { useGeneralSettings, useUiSettings } from './useSettingsValues.ts'

const SIZES = [12, 13, 14, 15, 16, 17, 18, 20, 22]
const LINE_HEIGHTS = [1.5, 1.6, 1.75, 1.9, 2]
const TOOLBAR_ACTIONS = ['entry:read', 'entry:star', 'entry:readability', 'entry:view-source-content', 'entry:share', 'entry:open-in-browser', 'entry:copy-link', 'entry:copy-title', 'entry:image-gallery', 'entry:export-pdf']

export function AppearanceSettings() {
  const { t } = useTranslation('settings')
  const { t: ts } = useTranslation('shortcuts')
  const ui = useUiSettings()
  const { enhancedSettings } = useGeneralSettings()
  const set = (patch: Partial<UiSettings>) => void updateSettings('ui', patch)
  const fonts = Object.keys(FONT_FAMILIES).filter((f) => f !== 'inherit')
  const main = ui.toolbarOrder.main
  const toggleToolbar = (id: string) => {
    const inMain = main.includes(id)
    set({ toolbarOrder: { main: inMain ? main.filter((m) => m !== id) : [...main, id], more: inMain ? [...ui.toolbarOrder.more.filter((m) => m !== id), id] : ui.toolbarOrder.more.filter((m) => m !== id) } })
  }
  return (
    <SettingsPage title={t('sections.appearance')} description={t('descriptions.appearance')} testId="settings-appearance">
      <SettingsSection title={t('appearance.theme')}>
        <SettingRow label={t('appearance.theme')} hint={t('appearance.themeHint')}>
          <Segmented
            label={t('appearance.theme')}
            value={ui.theme}
            onChange={(theme) => set({ theme })}
            options={[
              { value: 'system', label: t('appearance.themeSystem'), icon: <MonitorIcon size={13} /> },
              { value: 'light', label: t('appearance.themeLight'), icon: <SunIcon size={13} /> },
              { value: 'dark', label: t('appearance.themeDark'), icon: <MoonIcon size={13} /> },
            ]}
          />
        </SettingRow>
        <SettingRow label={t('appearance.accent')} hint={t('appearance.accentHint')}>
          <div role="radiogroup" aria-label={t('appearance.accent')} className="flex flex-wrap gap-1.5">
            {Object.entries(ACCENT_COLORS).map(([name, hex]) => (
              <button key={name} type="button" role="radio" aria-checked={ui.accentColor === name} aria-label={t(`appearance.colors.${name}`)} title={t(`appearance.colors.${name}`)} onClick={() => set({ accentColor: name })} className="flex size-6 items-center justify-center rounded-full ring-offset-2 transition-transform hover:scale-110 dark:ring-offset-zinc-950" style={{ backgroundColor: hex, boxShadow: ui.accentColor === name ? `0 0 0 2px ${hex}` : undefined }}>
                {ui.accentColor === name && <CheckIcon size={12} className="text-white" strokeWidth={3} />}
              </button>
            ))}
          </div>
        </SettingRow>
      </SettingsSection>

      <SettingsSection title={t('appearance.fonts')}>
        <SettingRow label={t('appearance.uiFont')}>
          <Select aria-label={t('appearance.uiFont')} value={ui.uiFontFamily} onChange={(v) => set({ uiFontFamily: v })} options={fonts.map((f) => ({ value: f, label: t(`appearance.fontNames.${f}`) }))} />
        </SettingRow>
        <SettingRow label={t('appearance.readerFont')}>
          <Select aria-label={t('appearance.readerFont')} value={ui.readerFontFamily} onChange={(v) => set({ readerFontFamily: v })} options={[{ value: 'inherit', label: t('appearance.fontNames.inherit') }, ...fonts.map((f) => ({ value: f, label: t(`appearance.fontNames.${f}`) }))]} />
        </SettingRow>
        <SettingRow label={t('appearance.uiTextSize')}>
          <Select aria-label={t('appearance.uiTextSize')} value={String(ui.uiTextSize)} onChange={(v) => set({ uiTextSize: Number(v) })} options={SIZES.filter((s) => s >= 13 && s <= 20).map((s) => ({ value: String(s), label: `${s}px` }))} />
        </SettingRow>
        <SettingRow label={t('appearance.contentFontSize')}>
          <Select aria-label={t('appearance.contentFontSize')} value={String(ui.contentFontSize)} onChange={(v) => set({ contentFontSize: Number(v) })} options={SIZES.map((s) => ({ value: String(s), label: `${s}px` }))} />
        </SettingRow>
        <SettingRow label={t('appearance.lineHeight')}>
          <Select aria-label={t('appearance.lineHeight')} value={String(ui.contentLineHeight)} onChange={(v) => set({ contentLineHeight: Number(v) })} options={LINE_HEIGHTS.map((s) => ({ value: String(s), label: String(s) }))} />
        </SettingRow>
      </SettingsSection>

      <SettingsSection title={t('appearance.layout')}>
        <SwitchRow label={t('appearance.wideMode')} hint={t('appearance.wideModeHint')} checked={ui.wideMode} onChange={(wideMode) => set({ wideMode })} />
        <SwitchRow label={t('appearance.zenMode')} hint={t('appearance.zenModeHint')} checked={ui.zenMode} onChange={(zenMode) => set({ zenMode })} />
        <SwitchRow label={t('appearance.sidebarShowUnreadCount')} checked={ui.sidebarShowUnreadCount} onChange={(sidebarShowUnreadCount) => set({ sidebarShowUnreadCount })} />
        <SwitchRow label={t('appearance.opaqueSidebar')} hint={enhancedSettings ? undefined : t('appearance.needsEnhanced')} checked={ui.opaqueSidebar} disabled={!enhancedSettings} onChange={(opaqueSidebar) => set({ opaqueSidebar })} />
        <SettingRow label={t('appearance.thumbnailRatio')}>
          <Segmented label={t('appearance.thumbnailRatio')} value={ui.thumbnailRatio} onChange={(thumbnailRatio) => set({ thumbnailRatio })} options={[{ value: 'square', label: t('appearance.ratioSquare') }, { value: 'original', label: t('appearance.ratioOriginal') }]} />
        </SettingRow>
        <SwitchRow label={t('appearance.reduceMotion')} hint={enhancedSettings ? undefined : t('appearance.needsEnhanced')} checked={ui.reduceMotion} disabled={!enhancedSettings} onChange={(reduceMotion) => set({ reduceMotion })} />
        <SwitchRow label={t('appearance.inlineStyle')} hint={enhancedSettings ? t('appearance.inlineStyleHint') : t('appearance.needsEnhanced')} checked={ui.readerRenderInlineStyle} disabled={!enhancedSettings} onChange={(readerRenderInlineStyle) => set({ readerRenderInlineStyle })} />
      </SettingsSection>

      <SettingsSection id="toolbar" title={t('appearance.toolbar')} hint={t('appearance.toolbarHint')}>
        {TOOLBAR_ACTIONS.filter((id) => getCommand(id)).map((id) => (
          <SwitchRow key={id} label={ts(`labels.${id.replace(':', '.')}`)} checked={main.includes(id)} onChange={() => toggleToolbar(id)} />
        ))}
        <div className="py-3">
          <button type="button" className="text-[12px] font-medium text-accent hover:underline" onClick={() => set({ toolbarOrder: { main: [...DEFAULT_TOOLBAR_MAIN], more: [] } })}>
            {t('appearance.toolbarReset')}
          </button>
        </div>
      </SettingsSection>
    </SettingsPage>
  )
}
