import { expect, it } from 'vitest'
import { allCommands, getCommand } from '../shortcuts/registry.ts'
import { customCommandId, syncCustomIntegrationCommands } from './integrationCommands.ts'
import type { IntegrationSettings } from './integrationsApi.ts'

type Custom = IntegrationSettings['customIntegration'][number]
const custom = (id: string, name: string): Custom => ({ id, name, enabled: true, type: 'http', method: 'POST', url: 'https://hooks.example/save', headers: [], body: '' })
const customIds = () => allCommands().filter((c) => c.id.startsWith('integration:save-to-custom-')).map((c) => c.id)

it('registers one integration command per custom integration, follows renames and removals', () => {
  syncCustomIntegrationCommands([custom('a1', 'Team hook'), custom('b2', 'Wiki')])
  expect(customIds()).toEqual([customCommandId('a1'), customCommandId('b2')])
  expect(getCommand(customCommandId('a1'))).toMatchObject({ group: 'integration', labelKey: 'integration.save-to-custom', labelParams: { name: 'Team hook' } })
  syncCustomIntegrationCommands([custom('a1', 'Renamed hook')])
  expect(customIds()).toEqual([customCommandId('a1')])
  expect(getCommand(customCommandId('a1'))?.labelParams).toEqual({ name: 'Renamed hook' })
  syncCustomIntegrationCommands([])
  expect(customIds()).toEqual([])
})
