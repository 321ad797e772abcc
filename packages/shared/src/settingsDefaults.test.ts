import { describe, expect, it } from 'vitest'
import { SETTINGS_TABS, settingsPatchSchemas } from './settings.ts'
import { SETTINGS_KEYS } from './settingsDefaults.ts'

describe('settingsDefaults', () => {
  it('names exactly the keys of each tab schema (the defaults stand in for the zod shapes in the browser)', () => {
    for (const tab of SETTINGS_TABS) expect([...SETTINGS_KEYS[tab]].sort()).toEqual(Object.keys(settingsPatchSchemas[tab].shape).sort())
  })
})
