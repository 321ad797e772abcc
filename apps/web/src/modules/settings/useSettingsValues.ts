/**
 * The synced settings tabs as screens read them: the stored payload over the SPEC §3 defaults,
 * with the enhanced-only keys of SPEC §5 back at their defaults while enhancedSettings is off.
 */
import type { GeneralSettings, UiSettings } from '@brook/shared'
import { defaultUiSettings, DEFAULT_GENERAL_SETTINGS, ENHANCED_ONLY_KEYS } from '@brook/shared/settingsDefaults'
import { useMemo } from 'react'
import { useSettings } from '../../store/index.ts'

const browserLanguage = typeof navigator === 'undefined' ? 'en' : navigator.language
const UI_DEFAULTS = defaultUiSettings(browserLanguage)

/** Merges a stored tab over its defaults; enhanced-only keys fall back unless enhanced is on. */
export function resolveTab<T extends object>(defaults: T, stored: Record<string, unknown>, enhanced: boolean, enhancedKeys: readonly string[]): T {
  const out = { ...defaults } as Record<string, unknown>
  for (const [key, value] of Object.entries(stored)) if (key in out && value !== undefined && value !== null) out[key] = value
  if (!enhanced) for (const key of enhancedKeys) out[key] = (defaults as Record<string, unknown>)[key]
  return out as T
}

/** The general tab, resolved. */
export function useGeneralSettings(): GeneralSettings {
  const stored = useSettings('general')
  return useMemo(() => resolveTab(DEFAULT_GENERAL_SETTINGS, stored, stored.enhancedSettings === true, ENHANCED_ONLY_KEYS.general), [stored])
}

/** The ui (appearance) tab, resolved. */
export function useUiSettings(): UiSettings {
  const general = useSettings('general')
  const stored = useSettings('ui')
  return useMemo(() => resolveTab(UI_DEFAULTS, stored, general.enhancedSettings === true, ENHANCED_ONLY_KEYS.ui), [stored, general.enhancedSettings])
}

export { UI_DEFAULTS }
