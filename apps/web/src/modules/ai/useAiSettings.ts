/** The ai settings tab (SPEC §3) over its defaults, and the language AI answers in. */
import type { AiSettings } from '@brook/shared'
import { DEFAULT_AI_SETTINGS } from '@brook/shared/settingsDefaults'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useSettings } from '../../store/index.ts'
import { useGeneralSettings } from '../settings/useSettingsValues.ts'

export function useAiSettings(): AiSettings {
  const stored = useSettings('ai')
  return useMemo(() => ({ ...DEFAULT_AI_SETTINGS, ...(stored as Partial<AiSettings>) }), [stored])
}

/** general.actionLanguage, or the UI language when it is "default". */
export function useActionLanguage(): string {
  const general = useGeneralSettings()
  const { i18n } = useTranslation()
  return general.actionLanguage && general.actionLanguage !== 'default' ? general.actionLanguage : i18n.language || 'en'
}
