/**
 * The desktop shell's bridge (docs/desktop.md): `window.brookDesktop`, put into the page by
 * `apps/desktop` before the app's first script. Absent in a browser tab.
 */
export interface DesktopBridge {
  version: string
  call(method: 'windowMode'): Promise<'minimized' | 'maximized' | 'normal'>
  call(method: 'setWindowMode', mode: 'minimized' | 'maximized' | 'normal'): Promise<void>
  call(method: 'openExternal', url: string): Promise<void>
  call(method: 'setLaunchOnStartup', on: boolean): Promise<void>
  /** Whether this computer has the autostart entry. */
  call(method: 'launchOnStartup'): Promise<boolean>
  /** Shows the unread count on the dock/launcher where the platform has one; answers whether it was sent. */
  call(method: 'setBadge', count: number): Promise<boolean>
  /** How often the window looks for new entries to notify (ms). */
  call(method: 'notificationPollMs'): Promise<number>
  /** This computer's own custom integrations (null: the synced list applies). */
  call(method: 'customIntegration'): Promise<unknown[] | null>
  call(method: 'setCustomIntegration', items: unknown[] | null): Promise<void>
  /** Page.printToPDF of the window into the user's downloads folder; answers the saved path. */
  call(method: 'printToPdf', fileName: string): Promise<string>
  /** Social sign-in in the default browser (docs/desktop.md); answers the one-time token it handed back. */
  call(method: 'socialSignIn', provider: string): Promise<{ token: string }>
  on(event: 'command', listener: (command: 'settings' | 'discover' | 'quick-add') => void): () => void
  on(event: 'window-mode', listener: (mode: 'minimized' | 'maximized' | 'normal') => void): () => void
}

/** The shell's bridge when the app runs in the desktop window, else null. */
export function desktopBridge(): DesktopBridge | null {
  if (typeof window === 'undefined') return null
  const bridge = (window as { brookDesktop?: DesktopBridge }).brookDesktop
  return bridge && typeof bridge.call === 'function' ? bridge : null
}
