/**
 * Settings rules (SPEC §3, §5): three tabs; a patch carries only its tab's keys with their types
 * (7002 otherwise), merges over what is stored, and the result stays under 64 KiB (7003).
 */
import { defaultSettings, isSettingsTab, SETTINGS_PAYLOAD_MAX_BYTES, SETTINGS_TABS, settingsPatchSchemas, type SettingsByTab, type SettingsTab } from '@brook/shared'
import { AppError } from '../../lib/appError.ts'
import { nowIso } from '../../lib/time.ts'
import type { SettingsRepo } from './repo.ts'

export type SettingsAnswer = {
  /** Stored values were checked against their tab's keys when saved. */
  settings: SettingsByTab
  updated: Record<SettingsTab, string | null>
}

function parseStored(payload: string): Record<string, unknown> {
  try {
    const value = JSON.parse(payload)
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {}
  } catch {
    return {}
  }
}

export function createSettingsService(repo: SettingsRepo) {
  return {
    /** GET /settings: defaults with the stored values over them, and each tab's update time. */
    async get(userId: string): Promise<SettingsAnswer> {
      const defaults = defaultSettings()
      const stored = new Map((await repo.all(userId)).map((r) => [r.tab, r]))
      const settings = {} as Record<SettingsTab, Record<string, unknown>>
      const updated = {} as SettingsAnswer['updated']
      for (const tab of SETTINGS_TABS) {
        const row = stored.get(tab)
        settings[tab] = { ...defaults[tab], ...(row ? parseStored(row.payload) : {}) }
        updated[tab] = row?.updatedAt ?? null
      }
      return { settings: settings as unknown as SettingsByTab, updated }
    },

    /** PATCH /settings/{tab}: returns the tab's stored values and update time. */
    async patch(userId: string, tab: string, body: unknown): Promise<{ tab: SettingsTab; settings: Record<string, unknown>; updated: string }> {
      if (!isSettingsTab(tab)) throw new AppError(7001, { reason: `tabs are ${SETTINGS_TABS.join(', ')}` })
      const parsed = settingsPatchSchemas[tab].safeParse(body)
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => ({ code: i.code, path: i.path, message: i.message }))
        throw new AppError(7002, { reason: issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`).join('; '), data: issues })
      }
      if (Object.keys(parsed.data).length === 0) throw new AppError(7002, { reason: 'Nothing to change' })
      const current = await repo.get(userId, tab)
      const merged = { ...(current ? parseStored(current.payload) : {}), ...parsed.data }
      const json = JSON.stringify(merged)
      if (Buffer.byteLength(json) > SETTINGS_PAYLOAD_MAX_BYTES) throw new AppError(7003, { reason: `A tab holds at most ${SETTINGS_PAYLOAD_MAX_BYTES} bytes` })
      const updated = nowIso()
      await repo.put(userId, tab, json, updated)
      return { tab, settings: merged, updated }
    },
  }
}

export type SettingsService = ReturnType<typeof createSettingsService>
