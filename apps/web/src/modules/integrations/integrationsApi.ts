/** The /integrations calls (docs/integrations.md), typed by the contract. */
import { api } from '../../api/client.ts'
import type { ApiData, ApiInput } from '../../api/types.ts'

export type IntegrationSettings = ApiData<'get', '/integrations'>
export type IntegrationPatch = ApiInput<'patch', '/integrations'>
export type SaveTarget = ApiInput<'post', '/integrations/save'>

export const integrationKeys = { settings: ['integrations', 'settings'] as const }

export const fetchIntegrations = () => api.get('/integrations', {})
export const patchIntegration = (patch: IntegrationPatch) => api.patch('/integrations', patch)
export const saveToIntegration = (target: SaveTarget) => api.post('/integrations/save', target)

/** Services the server calls, in the order the menus list them. */
export const SERVER_SERVICES = ['readwise', 'instapaper', 'readeck', 'cubox', 'outline', 'zotero', 'qbittorrent'] as const
