/**
 * `customIntegration` stored by the desktop (SPEC §3: "in desktop a stored customIntegration can
 * override defaults"): this computer's own list of custom integrations, kept in the data folder
 * (`custom-integration.json`) and read by the window in place of the synced list while it exists.
 */
import fs from 'node:fs'
import path from 'node:path'

export const CUSTOM_INTEGRATION_FILE = 'custom-integration.json'
const MAX_ITEMS = 100
const MAX_BYTES = 256 * 1024

export function readCustomIntegration(dataDir: string): unknown[] | null {
  try {
    const items = JSON.parse(fs.readFileSync(path.join(dataDir, CUSTOM_INTEGRATION_FILE), 'utf8')) as unknown
    return Array.isArray(items) ? items : null
  } catch {
    return null
  }
}

/** Stores the list (null removes it: the synced list applies again); refuses what is not a list of integrations. */
export function writeCustomIntegration(dataDir: string, items: unknown): void {
  const file = path.join(dataDir, CUSTOM_INTEGRATION_FILE)
  if (items === null) {
    fs.rmSync(file, { force: true })
    return
  }
  if (!Array.isArray(items) || items.length > MAX_ITEMS) throw new Error(`custom integrations: a list of at most ${MAX_ITEMS} is expected`)
  for (const item of items) {
    const i = item as Record<string, unknown>
    if (!i || typeof i !== 'object' || typeof i.id !== 'string' || typeof i.name !== 'string' || typeof i.url !== 'string' || (i.type !== 'url' && i.type !== 'http') || typeof i.enabled !== 'boolean') {
      throw new Error('custom integrations: each needs id, name, url, type (url or http) and enabled')
    }
  }
  const text = JSON.stringify(items)
  if (Buffer.byteLength(text) > MAX_BYTES) throw new Error('custom integrations: the list is too large')
  fs.writeFileSync(`${file}.tmp`, text)
  fs.renameSync(`${file}.tmp`, file)
}
