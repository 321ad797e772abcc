/** What the desktop remembers between launches (desktop.json in its data folder). */
import fs from 'node:fs'
import path from 'node:path'

export interface WindowBounds {
  left: number
  top: number
  width: number
  height: number
}

export interface DesktopConfig {
  /** A remote Brook instance (`--server`), remembered; absent: the local server. */
  server?: string
  /** The local server's port, kept so the window's origin (and its offline data) stays the same. */
  port?: number
  window?: WindowBounds
}

export const DEFAULT_BOUNDS: WindowBounds = { left: 80, top: 60, width: 1200, height: 800 }

export function configFile(dataDir: string): string {
  return path.join(dataDir, 'desktop.json')
}

export function readConfig(dataDir: string): DesktopConfig {
  try {
    const parsed = JSON.parse(fs.readFileSync(configFile(dataDir), 'utf8'))
    return parsed && typeof parsed === 'object' ? parsed : {}
  } catch {
    return {}
  }
}

/** Writes atomically (a crash mid-write leaves the previous file). */
export function writeConfig(dataDir: string, config: DesktopConfig): void {
  const file = configFile(dataDir)
  fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(config, null, 2)}\n`)
  fs.renameSync(`${file}.tmp`, file)
}
