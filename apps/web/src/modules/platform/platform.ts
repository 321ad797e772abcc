/**
 * Platform signals (ARCHITECTURE "Platform signals are replaceable"): online, focus, visibility,
 * notifications, window mode and opening external links go through one adapter. The web build
 * installs `webPlatform`; the desktop shell calls `installPlatform` with its own before render.
 */
import { focusManager, onlineManager } from '@tanstack/react-query'
import { create } from 'zustand'
import { useNetworkStore } from '../../store/network.ts'

export type WindowMode = 'minimized' | 'maximized' | 'normal'
type Unsubscribe = () => void

/** What a platform provides. Every subscription returns its unsubscribe. */
export interface PlatformAdapter {
  kind: 'web' | 'desktop'
  isOnline(): boolean
  onOnlineChange(listener: (online: boolean) => void): Unsubscribe
  isFocused(): boolean
  onFocusChange(listener: (focused: boolean) => void): Unsubscribe
  isVisible(): boolean
  onVisibilityChange(listener: (visible: boolean) => void): Unsubscribe
  windowMode(): WindowMode
  onWindowModeChange(listener: (mode: WindowMode) => void): Unsubscribe
  /** Shows a system notification; false when not allowed. */
  notify(title: string, options?: { body?: string; icon?: string; onClick?: () => void }): Promise<boolean>
  notificationPermission(): NotificationPermission | 'unsupported'
  requestNotificationPermission(): Promise<NotificationPermission | 'unsupported'>
  /** Opens an address outside the app (a browser tab here, the system browser on desktop). */
  openExternal(url: string): void
  /** True when the app itself must install the global shortcuts (SPEC §2: the desktop shell provides them). */
  ownsGlobalShortcuts: boolean
  /** Desktop: minimizes, maximizes or restores the window. */
  setWindowMode?(mode: WindowMode): Promise<void>
  /** Desktop: the shell's global shortcuts (Cmd/Ctrl+, T N) asking for their command. */
  onShellCommand?(listener: (command: ShellCommand) => void): Unsubscribe
  /** Desktop: routes clicks on links to other sites to `openExternal` when the setting says so. */
  onExternalLinkClick?(): Unsubscribe
  /** Desktop: writes or removes the autostart entry (appLaunchOnStartup). */
  setLaunchOnStartup?(on: boolean): Promise<void>
  /** Desktop: whether this computer has the autostart entry. */
  launchOnStartup?(): Promise<boolean>
  /** Desktop: this computer's own custom integrations, overriding the synced list (SPEC §3); null when none. */
  customIntegration?(): Promise<unknown[] | null>
  setCustomIntegration?(items: unknown[] | null): Promise<void>
  /**
   * Saves what the print stylesheet shows as a PDF named after `fileName`: the browser's print
   * dialog (null: the user picks where), or the desktop shell's Page.printToPDF (the saved path).
   */
  printToPdf(fileName: string): Promise<string | null>
  /** Desktop: signs in with a social provider in the user's default browser; answers the one-time token handed back. */
  socialSignIn?(provider: string): Promise<{ token: string }>
}

/** What the desktop shell's global shortcuts ask for (SPEC §2). */
export type ShellCommand = 'settings' | 'discover' | 'quick-add'


function listen<K extends keyof WindowEventMap>(target: Window | Document, type: K | string, fn: () => void): Unsubscribe {
  target.addEventListener(type, fn)
  return () => target.removeEventListener(type, fn)
}

/** The browser tab. */
export const webPlatform: PlatformAdapter = {
  kind: 'web',
  isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
  onOnlineChange: (listener) => {
    const a = listen(window, 'online', () => listener(true))
    const b = listen(window, 'offline', () => listener(false))
    return () => (a(), b())
  },
  isFocused: () => (typeof document === 'undefined' ? true : document.hasFocus()),
  onFocusChange: (listener) => {
    const a = listen(window, 'focus', () => listener(true))
    const b = listen(window, 'blur', () => listener(false))
    return () => (a(), b())
  },
  isVisible: () => (typeof document === 'undefined' ? true : document.visibilityState !== 'hidden'),
  onVisibilityChange: (listener) => listen(document, 'visibilitychange', () => listener(document.visibilityState !== 'hidden')),
  windowMode: () => (typeof document !== 'undefined' && document.fullscreenElement ? 'maximized' : 'normal'),
  onWindowModeChange: (listener) => listen(document, 'fullscreenchange', () => listener(document.fullscreenElement ? 'maximized' : 'normal')),
  notificationPermission: () => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission),
  requestNotificationPermission: async () => (typeof Notification === 'undefined' ? 'unsupported' : Notification.requestPermission()),
  notify: async (title, options = {}) => {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return false
    const n = new Notification(title, { body: options.body, icon: options.icon })
    if (options.onClick) n.onclick = () => (window.focus(), options.onClick?.())
    return true
  },
  openExternal: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
  ownsGlobalShortcuts: true,
  printToPdf: async (fileName) => {
    // The print dialog offers the document's title as the PDF's name.
    const title = document.title
    document.title = fileName
    try {
      window.print()
    } finally {
      document.title = title
    }
    return null
  },
}

interface PlatformState {
  online: boolean
  focused: boolean
  visible: boolean
  windowMode: WindowMode
  /** When the window was last hidden (ms), for the 10-minute refetch rule of SPEC §4. */
  hiddenAt: number | null
}

/** The current platform signals, for components. */
export const usePlatformStore = create<PlatformState>(() => ({ online: true, focused: true, visible: true, windowMode: 'normal', hiddenAt: null }))

let current: PlatformAdapter = webPlatform
let uninstall: Unsubscribe | null = null

/** The installed platform. */
export function platform(): PlatformAdapter {
  return current
}

/**
 * Installs a platform: mirrors its signals into the platform store, the network store and
 * TanStack Query's focus and online managers. Returns the uninstall.
 */
export function installPlatform(adapter: PlatformAdapter = webPlatform): Unsubscribe {
  uninstall?.()
  current = adapter
  const set = usePlatformStore.setState
  set({ online: adapter.isOnline(), focused: adapter.isFocused(), visible: adapter.isVisible(), windowMode: adapter.windowMode() })
  const subs = [
    adapter.onOnlineChange((online) => {
      set({ online })
      useNetworkStore.getState().setOnline(online)
    }),
    adapter.onFocusChange((focused) => set({ focused })),
    adapter.onVisibilityChange((visible) => set((s) => ({ visible, hiddenAt: visible ? s.hiddenAt : Date.now() }))),
    adapter.onWindowModeChange((windowMode) => set({ windowMode })),
    ...(adapter.onExternalLinkClick ? [adapter.onExternalLinkClick()] : []),
  ]
  onlineManager.setEventListener((setOnline) => adapter.onOnlineChange(setOnline))
  focusManager.setEventListener((setFocused) => adapter.onVisibilityChange(setFocused))
  uninstall = () => {
    for (const off of subs) off()
    uninstall = null
  }
  return uninstall
}

/** Opens an address outside the app. */
export function openExternal(url: string): void {
  current.openExternal(url)
}
