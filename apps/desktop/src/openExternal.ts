/** Opens an address in the user's default browser or app (openLinksInExternalApp, SPEC §3). */
import { spawn } from 'node:child_process'

/** Only web and mail addresses leave the app: never file:, javascript: or a custom scheme. */
export function isExternalAddress(url: string): boolean {
  try {
    return ['http:', 'https:', 'mailto:'].includes(new URL(url).protocol)
  } catch {
    return false
  }
}

/** The platform's opener: xdg-open on Linux, open on macOS, start on Windows. */
export function externalOpenCommand(platform: NodeJS.Platform, url: string): [string, string[]] {
  if (platform === 'darwin') return ['open', [url]]
  // start's first quoted argument is the window title; the address is passed as one argument.
  if (platform === 'win32') return ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]]
  return ['xdg-open', [url]]
}

export function openExternal(platform: NodeJS.Platform, url: string): void {
  if (!isExternalAddress(url)) throw new Error(`not an address to open outside the app: ${url}`)
  const [command, args] = externalOpenCommand(platform, url)
  const child = spawn(command, args, { detached: true, stdio: 'ignore' })
  child.once('error', () => {})
  child.unref()
}
