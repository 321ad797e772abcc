/** Where the desktop app keeps its data: XDG on Linux, Application Support on macOS, AppData on Windows. */
import path from 'node:path'
import type { DesktopEnv } from './env.ts'

export function appDataDir(env: Pick<DesktopEnv, 'platform' | 'home' | 'xdgDataHome' | 'appData'>): string {
  if (env.platform === 'darwin') return path.posix.join(env.home, 'Library', 'Application Support', 'Brook')
  if (env.platform === 'win32') return path.win32.join(env.appData ?? path.win32.join(env.home, 'AppData', 'Roaming'), 'Brook')
  return path.posix.join(env.xdgDataHome ?? path.posix.join(env.home, '.local', 'share'), 'brook')
}
