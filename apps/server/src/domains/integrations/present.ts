/** Stored integration settings → the answer: every service with defaults, secrets as {set, hint}. */
import type { IntegrationSettings, StoredIntegrations } from './schema.ts'

function secret(value: string | undefined): { set: boolean; hint: string | null } {
  if (!value) return { set: false, hint: null }
  return { set: true, hint: value.length > 8 ? value.slice(-4) : null }
}

export function presentIntegrations(s: StoredIntegrations): IntegrationSettings {
  return {
    readwise: { enabled: s.readwise?.enabled ?? false, token: secret(s.readwise?.token) },
    instapaper: { enabled: s.instapaper?.enabled ?? false, username: s.instapaper?.username ?? '', password: secret(s.instapaper?.password) },
    readeck: { enabled: s.readeck?.enabled ?? false, baseUrl: s.readeck?.baseUrl ?? '', token: secret(s.readeck?.token) },
    cubox: { enabled: s.cubox?.enabled ?? false, apiUrl: secret(s.cubox?.apiUrl) },
    outline: { enabled: s.outline?.enabled ?? false, baseUrl: s.outline?.baseUrl ?? '', token: secret(s.outline?.token), collectionId: s.outline?.collectionId ?? '' },
    zotero: { enabled: s.zotero?.enabled ?? false, userId: s.zotero?.userId ?? '', apiKey: secret(s.zotero?.apiKey), itemType: s.zotero?.itemType ?? 'webpage' },
    qbittorrent: { enabled: s.qbittorrent?.enabled ?? false, baseUrl: s.qbittorrent?.baseUrl ?? '', username: s.qbittorrent?.username ?? '', password: secret(s.qbittorrent?.password) },
    eagle: { enabled: s.eagle?.enabled ?? false },
    obsidian: { enabled: s.obsidian?.enabled ?? false, vault: s.obsidian?.vault ?? '', folder: s.obsidian?.folder ?? '' },
    customIntegration: (s.customIntegration ?? []).map((c) => ({ ...c, headers: c.headers.map((h) => ({ name: h.name, value: secret(h.value) })) })),
  }
}
