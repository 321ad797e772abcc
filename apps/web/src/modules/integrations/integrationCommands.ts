/**
 * SPEC §2 action group "integration": one bindable command per service and one per custom
 * integration (no default hotkey; bound in Settings → Shortcuts). A command reads the current
 * settings when it runs, so a service that is not enabled says so instead of saving.
 */
import { toast } from 'sonner'
import { i18n } from '../../i18n/index.ts'
import { currentEntry } from '../entry/currentEntry.ts'
import { allCommands, registerCommands, unregisterCommands, type Command } from '../shortcuts/registry.ts'
import { runCustomIntegration, saveEntryTo, type NamedService } from './integrationActions.ts'
import { fetchIntegrations, SERVER_SERVICES, type IntegrationSettings } from './integrationsApi.ts'

export const INTEGRATION_SERVICES: readonly NamedService[] = [...SERVER_SERVICES, 'eagle', 'obsidian']

/** The command id of saving to a service. */
export const integrationCommandId = (service: NamedService) => `integration:save-to-${service}`

const CUSTOM_PREFIX = 'integration:save-to-custom-'
/** The command id of running a custom integration (its id is stable across renames). */
export const customCommandId = (customId: string) => `${CUSTOM_PREFIX}${customId}`

async function run(service: NamedService): Promise<void> {
  const entry = currentEntry()
  if (!entry) return
  const settings = await fetchIntegrations()
  const name = i18n.t(`integrations:names.${service}`)
  if (!settings[service].enabled) {
    toast.error(i18n.t('integrations:notEnabled', { name }))
    return
  }
  saveEntryTo(service, entry, settings)
}

async function runCustom(customId: string, name: string): Promise<void> {
  const entry = currentEntry()
  if (!entry) return
  const custom = (await fetchIntegrations()).customIntegration.find((c) => c.id === customId)
  if (!custom?.enabled) {
    toast.error(i18n.t('integrations:notEnabled', { name: custom?.name || name }))
    return
  }
  runCustomIntegration(custom, entry)
}

export const integrationCommands: Command[] = INTEGRATION_SERVICES.map((service) => ({
  id: integrationCommandId(service),
  group: 'integration',
  labelKey: `integration.save-to-${service}`,
  enabled: () => currentEntry() !== null,
  run: () => run(service),
}))

/** The commands of the user's custom integrations ("Save to {name}"). */
export function customIntegrationCommands(customs: IntegrationSettings['customIntegration']): Command[] {
  return customs.map((custom) => ({
    id: customCommandId(custom.id),
    group: 'integration',
    labelKey: 'integration.save-to-custom',
    labelParams: { name: custom.name || custom.url },
    enabled: () => currentEntry() !== null,
    run: () => runCustom(custom.id, custom.name),
  }))
}

/** Makes the registered custom commands those of `customs` (added, renamed, removed). */
export function syncCustomIntegrationCommands(customs: IntegrationSettings['customIntegration']): void {
  const next = customIntegrationCommands(customs)
  const keep = new Set(next.map((c) => c.id))
  unregisterCommands(allCommands().filter((c) => c.id.startsWith(CUSTOM_PREFIX) && !keep.has(c.id)).map((c) => c.id))
  const same = next.every((c) => {
    const current = allCommands().find((x) => x.id === c.id)
    return current?.labelParams?.name === c.labelParams?.name
  })
  if (!same) registerCommands(next)
}
