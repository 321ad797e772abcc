/** The /integrations calls (docs/integrations.md), typed by the contract. */
import { api } from '../../api/client.ts'
import type { ApiData, ApiInput } from '../../api/types.ts'
import { platform } from '../platform/platform.ts'

export type IntegrationSettings = ApiData<'get', '/integrations'>
export type IntegrationPatch = ApiInput<'patch', '/integrations'>
export type SaveTarget = ApiInput<'post', '/integrations/save'>

export const integrationKeys = { settings: ['integrations', 'settings'] as const }

/** This computer's own custom integrations in the desktop window (SPEC §3), else null. */
export async function localCustomIntegration(): Promise<IntegrationSettings['customIntegration'] | null> {
  const items = await platform()
    .customIntegration?.()
    .catch(() => null)
  return Array.isArray(items) ? (items as IntegrationSettings['customIntegration']) : null
}

/** The integration settings; in the desktop window, a list stored by the desktop overrides the synced custom integrations. */
export async function fetchIntegrations(): Promise<IntegrationSettings> {
  const [synced, local] = await Promise.all([api.get('/integrations', {}), localCustomIntegration()])
  return local ? { ...synced, customIntegration: local } : synced
}
export const patchIntegration = (patch: IntegrationPatch) => api.patch('/integrations', patch)
export const saveToIntegration = (target: SaveTarget) => api.post('/integrations/save', target)

/** Services the server calls, in the order the menus list them. */
export const SERVER_SERVICES = ['readwise', 'instapaper', 'readeck', 'cubox', 'outline', 'zotero', 'qbittorrent'] as const
