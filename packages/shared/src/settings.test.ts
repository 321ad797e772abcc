import { describe, expect, it } from 'vitest'
import { DEFAULT_GENERAL_SETTINGS, defaultSettings, defaultUiSettings, filterSettingsPayload, isSettingsTab, SETTINGS_KEYS, settingsPatchSchemas } from './settings.ts'

describe('settings', () => {
  it('has the SPEC §3 defaults', () => {
    const ui = defaultUiSettings('en-US')
    expect(ui).toMatchObject({ accentColor: 'orange', entryColWidth: 356, aiColWidth: 384, feedColWidth: 256, uiTextSize: 16, contentFontSize: 16, contentLineHeight: 1.75, thumbnailRatio: 'square', codeHighlightThemeLight: 'github-light', codeHighlightThemeDark: 'github-dark', discoverLanguage: 'eng' })
    expect(defaultUiSettings('zh-CN').discoverLanguage).toBe('all')
    expect(DEFAULT_GENERAL_SETTINGS.translationMode).toBe('bilingual')
    expect(DEFAULT_GENERAL_SETTINGS.startupScreen).toBe('timeline')
    expect(defaultSettings().ai.panelStyle).toBe('floating')
  })

  it('every default passes its own tab schema, and the key lists match the defaults', () => {
    const all = defaultSettings()
    for (const tab of ['ui', 'general', 'ai'] as const) {
      expect(settingsPatchSchemas[tab].safeParse(all[tab]).success).toBe(true)
      expect([...SETTINGS_KEYS[tab]].sort()).toEqual(Object.keys(all[tab]).sort())
    }
  })

  it('refuses keys of another tab and wrong types', () => {
    expect(settingsPatchSchemas.general.safeParse({ accentColor: 'red' }).success).toBe(false)
    expect(settingsPatchSchemas.ui.safeParse({ theme: 'sepia' }).success).toBe(false)
    expect(settingsPatchSchemas.ai.safeParse({ shortcuts: [{ name: '', prompt: 'x', enabled: true }] }).success).toBe(false)
  })

  it('takes a mark-all-read countdown of 0 to 30 whole seconds (a Brook key of the general tab)', () => {
    expect(DEFAULT_GENERAL_SETTINGS.markAllReadCountdown).toBe(3)
    for (const ok of [0, 5, 30]) expect(settingsPatchSchemas.general.safeParse({ markAllReadCountdown: ok }).success).toBe(true)
    for (const bad of [-1, 31, 2.5, '3']) expect(settingsPatchSchemas.general.safeParse({ markAllReadCountdown: bad }).success).toBe(false)
    expect(filterSettingsPayload('general', { markAllReadCountdown: 0 })).toEqual({ markAllReadCountdown: 0 })
  })

  it('filters payloads to the tab keys; nothing left is null', () => {
    expect(filterSettingsPayload('general', { unreadOnly: false, accentColor: 'red' })).toEqual({ unreadOnly: false })
    expect(filterSettingsPayload('ui', { unreadOnly: false })).toBeNull()
    expect(isSettingsTab('ai')).toBe(true)
    expect(isSettingsTab('integration')).toBe(false)
  })
})
