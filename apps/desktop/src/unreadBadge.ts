/**
 * The unread badge (docs/desktop.md). Linux has no one standard: the Unity LauncherEntry API
 * (a `com.canonical.Unity.LauncherEntry.Update` signal on the session bus naming the launcher's
 * .desktop file) is what Ubuntu's dock, Dash to Dock, KDE Plasma's task manager and Plank show as
 * a count. The shell emits it with GLib's `gdbus` (no D-Bus library in Node); without a session
 * bus or `gdbus` there is no badge. macOS (Dock) and Windows (taskbar overlay) have their own APIs
 * that a Node process without native code cannot reach: no badge there.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { AUTOSTART_ID } from './autostart.ts'
import type { DesktopEnv } from './env.ts'

export const LAUNCHER_URI = `application://${AUTOSTART_ID}.desktop`
const GDBUS = '/usr/bin/gdbus'

/** The gdbus arguments of one LauncherEntry update. */
export function launcherEntryArgs(count: number): string[] {
  const n = Math.max(0, Math.floor(count))
  return ['emit', '--session', '--object-path', '/org/brook/Desktop', '--signal', 'com.canonical.Unity.LauncherEntry.Update', LAUNCHER_URI, `{'count': <int64 ${n}>, 'count-visible': <${n > 0}>}`]
}

/** Shows `count` on the launcher where the desktop listens; answers whether it could be sent. */
export function setUnreadBadge(env: Pick<DesktopEnv, 'platform' | 'dbusSession'>, count: number): Promise<boolean> {
  if (env.platform !== 'linux' || !env.dbusSession || !fs.existsSync(GDBUS)) return Promise.resolve(false)
  return new Promise((resolve) => {
    const child = spawn(GDBUS, launcherEntryArgs(count), { stdio: 'ignore' })
    child.once('error', () => resolve(false))
    child.once('exit', (code) => resolve(code === 0))
  })
}
