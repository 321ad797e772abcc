/**
 * SPEC §2 action group "integration": one bindable command per service (no default hotkey; bound
 * in Settings → Shortcuts). A command reads the current settings when it runs, so a service that
 * is not enabled says so instead of saving.
 */
import { toast } from 'sonner'
import { i18n } from '../../i18n/index.ts'
import { currentEntry } from '../entry/currentEntry.ts'
import type { Command } from '../shortcuts/registry.ts'
import { saveEntryTo, type NamedService } from './integrationActions.ts'
import { fetchIntegrations, SERVER_SERVICES } from './integrationsApi.ts'

export const INTEGRATION_SERVICES: readonly NamedService[] = [...SERVER_SERVICES, 'eagle', 'obsidian']

/** The command id of saving to a service. */
export const integrationCommandId = (service: NamedService) => `integration:save-to-${service}`

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

export const integrationCommands: Command[] = INTEGRATION_SERVICES.map((service) => ({
  id: integrationCommandId(service),
  group: 'integration',
  labelKey: `integration.save-to-${service}`,
  enabled: () => currentEntry() !== null,
  run: () => run(service),
}))
