/** Settings changes (SPEC §4 "Settings sync"): applied and stored locally at once, synced by the settings queue. */
import { persistSettingsLocally, queueSettings } from '../../sync/settingsQueue.ts'
import { useSettingsStore } from '../entities/settings.ts'
import type { SettingsTab } from '../types.ts'
import { ANALYTICS_EVENTS } from '@brook/shared'
import { analytics } from '../../modules/analytics/analytics.ts'

/** Changes fields of one settings tab (general, ui or ai). */
export async function updateSettings(tab: SettingsTab, patch: Record<string, unknown>): Promise<void> {
  if (Object.keys(patch).length === 0) return
  // SPEC §3 event 2005: wide mode switched on (from the command or Settings → Appearance).
  if (tab === 'ui' && patch.wideMode === true && useSettingsStore.getState().tabs.ui.wideMode !== true) analytics.track(ANALYTICS_EVENTS.wideMode)
  useSettingsStore.getState().merge(tab, patch, new Date().toISOString())
  queueSettings(tab, patch)
  await persistSettingsLocally()
}
