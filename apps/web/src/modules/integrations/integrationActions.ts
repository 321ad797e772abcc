/**
 * Saving the open entry to a service (SPEC §2 action group integration), shared by the entry
 * toolbar's "more" menu and the integration commands (bindable hotkeys): server services through
 * POST /integrations/save, Eagle, Obsidian and custom URL schemes on this machine.
 */
import { toast } from 'sonner'
import { ANALYTICS_EVENTS } from '@brook/shared'
import { analytics } from '../analytics/analytics.ts'
import { toastError } from '../../api/toastError.ts'
import { i18n } from '../../i18n/index.ts'
import type { Entry } from '../../store/index.ts'
import { addToEagle, fillUrlTemplate, obsidianUrl } from './clientSide.ts'
import { saveToIntegration, type IntegrationSettings, type SaveTarget, type SERVER_SERVICES } from './integrationsApi.ts'

export type NamedService = (typeof SERVER_SERVICES)[number] | 'eagle' | 'obsidian'

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`integrations:${key}`, options ?? {})

async function saveOnServer(target: SaveTarget) {
  try {
    const result = await saveToIntegration(target)
    if (result.saved) toast.success(t('savedTo', { name: result.name }))
    else toast.error(t('saveFailed', { name: result.name }), { description: result.error ?? undefined, duration: 5000 })
  } catch (error) {
    toastError(error)
  }
}

/** Saves an entry to a named service (assumed enabled in `settings`). */
export function saveEntryTo(service: NamedService, entry: Entry, settings: IntegrationSettings): void {
  analytics.track(ANALYTICS_EVENTS.integration, { service })
  if (service === 'eagle') {
    void addToEagle(entry).then(
      (n) => toast.success(t('eagleSaved', { count: n })),
      (error: unknown) => toast.error(t('saveFailed', { name: 'Eagle' }), { description: error instanceof Error ? error.message : String(error) }),
    )
  } else if (service === 'obsidian') {
    window.open(obsidianUrl(entry, settings.obsidian.vault, settings.obsidian.folder), '_self')
  } else {
    void saveOnServer({ service, entryId: entry.id })
  }
}

/** Runs a custom integration for an entry: the app opens a URL scheme, or the server sends the request. */
export function runCustomIntegration(custom: IntegrationSettings['customIntegration'][number], entry: Entry): void {
  analytics.track(ANALYTICS_EVENTS.integration, { service: 'custom' })
  if (custom.type === 'url') window.open(fillUrlTemplate(custom.url, entry), '_blank', 'noopener')
  else void saveOnServer({ service: 'custom', customId: custom.id, entryId: entry.id })
}
