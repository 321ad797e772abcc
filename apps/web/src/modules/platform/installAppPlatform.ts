/**
 * Installs the platform the app runs on: the desktop window's when the shell's bridge is there
 * (docs/desktop.md), the browser tab's otherwise — and, on desktop, runs the commands of the
 * shell's global shortcuts (SPEC §2: Cmd/Ctrl+, settings, T Discover, N quick add).
 */
import { navigate } from '../../lib/navigation.ts'
import { openQuickAdd } from '../discover/quickAddStore.ts'
import { desktopBridge } from './desktopBridge.ts'
import { createDesktopPlatform } from './desktopPlatform.ts'
import { startNewEntryNotifications } from './newEntryNotifications.ts'
import { installPlatform, webPlatform, type ShellCommand } from './platform.ts'
import { startUnreadBadge } from './unreadBadge.ts'

const COMMANDS: Record<ShellCommand, () => void> = {
  settings: () => navigate('/settings'),
  discover: () => navigate('/discover'),
  'quick-add': () => openQuickAdd(),
}

export function installAppPlatform(): () => void {
  const bridge = desktopBridge()
  const adapter = bridge ? createDesktopPlatform(bridge) : webPlatform
  const uninstall = installPlatform(adapter)
  const offCommands = adapter.onShellCommand?.((command) => COMMANDS[command]?.())
  // Desktop only: native notifications for new entries and the unread badge (docs/desktop.md).
  const stops: (() => void)[] = []
  if (bridge) {
    stops.push(startUnreadBadge(bridge))
    let stopped = false
    void bridge.call('notificationPollMs').then(
      (ms) => !stopped && stops.push(startNewEntryNotifications(adapter, ms)),
      () => !stopped && stops.push(startNewEntryNotifications(adapter)),
    )
    stops.push(() => (stopped = true))
  }
  return () => {
    for (const stop of stops) stop()
    offCommands?.()
    uninstall()
  }
}
