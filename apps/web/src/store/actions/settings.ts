/** Settings changes (SPEC §4 "Settings sync"): applied and stored locally at once, synced by the settings queue. */
import { persistSettingsLocally, queueSettings } from '../../sync/settingsQueue.ts'
import { useSettingsStore } from '../entities/settings.ts'
import type { SettingsTab } from '../types.ts'

/** Changes fields of one settings tab (general, ui or ai). */
export async function updateSettings(tab: SettingsTab, patch: Record<string, unknown>): Promise<void> {
  if (Object.keys(patch).length === 0) return
  useSettingsStore.getState().merge(tab, patch, new Date().toISOString())
  queueSettings(tab, patch)
  await persistSettingsLocally()
}
