/**
 * Integrations (SPEC §1, §3 "integration"): per-user settings with write-only secrets, and saving
 * an entry to a service from the server. Eagle, Obsidian and custom URL schemes run in the app
 * (the user's own machine), so the server refuses them here.
 */
import { AppError } from '../../lib/appError.ts'
import type { Logger } from '../../lib/logger.ts'
import { createSecretBox } from '../../lib/secretBox.ts'
import { nowIso } from '../../lib/time.ts'
import type { EntriesService } from '../entries/service.ts'
import { IntegrationError, type CallOptions } from './integrationFetch.ts'
import { presentIntegrations } from './present.ts'
import type { IntegrationsRepo } from './repo.ts'
import type { SavedEntry } from './savedEntry.ts'
import { StoredIntegrationsSchema, type IntegrationPatch, type IntegrationSettings, type ServerService, type StoredIntegrations } from './schema.ts'
import { saveToReadwise } from './readwise/client.ts'
import { saveToInstapaper } from './instapaper/client.ts'
import { saveToReadeck } from './readeck/client.ts'
import { saveToCubox } from './cubox/client.ts'
import { saveToOutline } from './outline/client.ts'
import { saveToZotero } from './zotero/client.ts'
import { saveToQbittorrent } from './qbittorrent/client.ts'
import { sendCustomHttp } from './custom/client.ts'

export const SERVICE_NAMES: Record<ServerService, string> = { readwise: 'Readwise Reader', instapaper: 'Instapaper', readeck: 'Readeck', cubox: 'Cubox', outline: 'Outline', zotero: 'Zotero', qbittorrent: 'qBittorrent' }

export type SaveResult = { service: string; name: string; saved: boolean; url: string | null; error: string | null }

function isHttpUrl(text: string): boolean {
  try {
    const u = new URL(text)
    return u.protocol === 'http:' || u.protocol === 'https:'
  } catch {
    return false
  }
}

/** Applies a patch: absent fields stay, an absent secret keeps the stored one. */
function applyPatch(stored: StoredIntegrations, patch: IntegrationPatch): StoredIntegrations {
  if (patch.service === 'customIntegration') {
    const before = new Map((stored.customIntegration ?? []).map((c) => [c.id, c]))
    return {
      ...stored,
      customIntegration: patch.items.map((item) => {
        const old = new Map((before.get(item.id)?.headers ?? []).map((h) => [h.name.toLowerCase(), h.value]))
        return { ...item, headers: item.headers.map((h) => ({ name: h.name, value: h.value ?? old.get(h.name.toLowerCase()) ?? '' })) }
      }),
    }
  }
  const { service, ...fields } = patch
  const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined))
  return { ...stored, [service]: { ...(stored[service] ?? {}), ...defined } }
}

function torrentsOf(attachments: string | null): string[] {
  if (!attachments) return []
  try {
    const list = JSON.parse(attachments) as { url: string; mime_type?: string }[]
    return list.filter((a) => a.url.startsWith('magnet:') || /\.torrent(\?|$)/i.test(a.url) || a.mime_type === 'application/x-bittorrent').map((a) => a.url)
  } catch {
    return []
  }
}

/**
 * `secret` is the instance secret: the whole document (tokens, passwords, Cubox's link, custom
 * URLs and headers) is sealed with it at rest.
 */
export function createIntegrationsService(deps: { repo: IntegrationsRepo; entries: Pick<EntriesService, 'visibleEntry'>; call: CallOptions; secret: string; logger: Logger }) {
  const { repo, logger } = deps
  const box = createSecretBox(deps.secret, 'brook-integration-settings')

  /** The document from its stored text: sealed, or plain JSON written before sealing. */
  function readDocument(userId: string, text: string): StoredIntegrations {
    const json = text.startsWith('{') ? text : box.open(text)
    if (json === null) {
      // Sealed under another instance secret: nothing in it can be used; the next PATCH starts over.
      logger.warn({ userId }, 'integration settings sealed under another instance secret are ignored')
      return {}
    }
    try {
      const parsed = StoredIntegrationsSchema.safeParse(JSON.parse(json))
      return parsed.success ? parsed.data : {}
    } catch {
      return {}
    }
  }

  async function stored(userId: string): Promise<StoredIntegrations> {
    const text = await repo.get(userId)
    return text ? readDocument(userId, text) : {}
  }

  async function entryOf(userId: string, entryId: string): Promise<SavedEntry> {
    const row = await deps.entries.visibleEntry(userId, entryId)
    const url = row.url && /^magnet:/i.test(row.url) ? null : row.url
    const torrents = torrentsOf(row.attachments)
    if (row.url && /^magnet:/i.test(row.url)) torrents.unshift(row.url)
    return { id: row.id, title: row.title, url, content: row.content, author: row.author, publishedAt: row.publishedAt, feedTitle: row.feedId ? await repo.feedTitle(row.feedId) : null, torrents }
  }

  return {
    /** Seals documents stored in plain JSON before sealing existed (run at start; idempotent). */
    async sealPlainDocuments(): Promise<number> {
      const rows = await repo.plainDocuments()
      for (const row of rows) await repo.replaceIf(row.userId, row.payload, box.seal(row.payload))
      return rows.length
    },

    async get(userId: string): Promise<IntegrationSettings> {
      return presentIntegrations(await stored(userId))
    },

    /** PATCH /integrations: one service's settings (addresses must be http(s): 1002). */
    async patch(userId: string, patch: IntegrationPatch): Promise<IntegrationSettings> {
      for (const key of ['baseUrl', 'apiUrl'] as const) {
        const value = (patch as Record<string, unknown>)[key]
        if (typeof value === 'string' && value !== '' && !isHttpUrl(value)) throw new AppError(1002, { reason: `${patch.service}: ${key} must be an http(s) URL` })
      }
      if (patch.service === 'customIntegration') {
        for (const item of patch.items) if (item.type === 'http' && !isHttpUrl(item.url.replace(/\{\{[^}]*\}\}/g, 'x'))) throw new AppError(1002, { reason: `${item.name}: the URL must be http(s)` })
      }
      const next = applyPatch(await stored(userId), patch)
      await repo.put(userId, box.seal(JSON.stringify(next)), nowIso())
      return presentIntegrations(next)
    },

    /** POST /integrations/save: sends the entry to a service; a failing service is reported, never thrown. */
    async save(userId: string, target: { service: ServerService | 'custom'; customId?: string; entryId: string }): Promise<SaveResult> {
      const settings = await stored(userId)
      const entry = await entryOf(userId, target.entryId)
      if (target.service === 'custom') {
        const custom = (settings.customIntegration ?? []).find((c) => c.id === target.customId)
        if (!custom || !custom.enabled) throw new AppError(1002, { reason: `no enabled custom integration ${target.customId ?? ''}` })
        if (custom.type !== 'http') throw new AppError(1002, { reason: `${custom.name} opens a URL in the app` })
        return run('custom', custom.name, () => sendCustomHttp(entry, custom, deps.call))
      }
      const service = target.service
      const creds = settings[service] ?? {}
      if (!creds.enabled) throw new AppError(1002, { reason: `${SERVICE_NAMES[service]} is not enabled` })
      const name = SERVICE_NAMES[service]
      switch (service) {
        case 'readwise':
          return run(service, name, () => saveToReadwise(entry, settings.readwise ?? {}, deps.call))
        case 'instapaper':
          return run(service, name, () => saveToInstapaper(entry, settings.instapaper ?? {}, deps.call))
        case 'readeck':
          return run(service, name, () => saveToReadeck(entry, settings.readeck ?? {}, deps.call))
        case 'cubox':
          return run(service, name, () => saveToCubox(entry, settings.cubox ?? {}, deps.call))
        case 'outline':
          return run(service, name, () => saveToOutline(entry, settings.outline ?? {}, deps.call))
        case 'zotero':
          return run(service, name, () => saveToZotero(entry, settings.zotero ?? {}, deps.call))
        case 'qbittorrent':
          return run(service, name, () => saveToQbittorrent(entry, settings.qbittorrent ?? {}, deps.call))
      }
    },
  }
}

async function run(service: string, name: string, call: () => Promise<string | null>): Promise<SaveResult> {
  try {
    const url = await call()
    return { service, name, saved: true, url, error: null }
  } catch (error) {
    if (error instanceof IntegrationError) return { service, name, saved: false, url: null, error: error.message }
    throw error
  }
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>
