import { DEFAULT_GENERAL_SETTINGS, ENHANCED_ONLY_KEYS } from '@brook/shared/settingsDefaults'
import { describe, expect, it } from 'vitest'
import { resolveTab, UI_DEFAULTS } from './useSettingsValues.ts'

describe('resolveTab', () => {
  it('lays stored values over the defaults and ignores unknown keys', () => {
    const general = resolveTab(DEFAULT_GENERAL_SETTINGS, { unreadOnly: false, bogus: 1 }, false, ENHANCED_ONLY_KEYS.general)
    expect(general.unreadOnly).toBe(false)
    expect(general.scrollMarkUnread).toBe(true)
    expect('bogus' in general).toBe(false)
  })

  it('keeps enhanced-only keys at their defaults while enhanced settings are off (SPEC §5)', () => {
    expect(resolveTab(DEFAULT_GENERAL_SETTINGS, { groupByDate: false }, false, ENHANCED_ONLY_KEYS.general).groupByDate).toBe(true)
    expect(resolveTab(DEFAULT_GENERAL_SETTINGS, { groupByDate: false }, true, ENHANCED_ONLY_KEYS.general).groupByDate).toBe(false)
    expect(resolveTab(UI_DEFAULTS, { opaqueSidebar: true, accentColor: 'blue' }, false, ENHANCED_ONLY_KEYS.ui)).toMatchObject({ opaqueSidebar: false, accentColor: 'blue' })
  })

  it('has the SPEC §3 appearance defaults', () => {
    expect(UI_DEFAULTS).toMatchObject({ entryColWidth: 356, aiColWidth: 384, feedColWidth: 256, uiTextSize: 16, contentFontSize: 16, contentLineHeight: 1.75, accentColor: 'orange', thumbnailRatio: 'square' })
  })
})
