/**
 * The desktop window's platform (SPEC §2, §3): the browser signals of the web platform, plus what
 * the shell provides through its bridge — window modes, links opened in the system browser when
 * `openLinksInExternalApp` is on, and the global shortcuts Cmd/Ctrl+, T N (the shell owns them).
 */
import { DEFAULT_GENERAL_SETTINGS } from '@brook/shared/settingsDefaults'
import { useSettingsStore } from '../../store/entities/settings.ts'
import type { DesktopBridge } from './desktopBridge.ts'
import { webPlatform, type PlatformAdapter, type WindowMode } from './platform.ts'

/** The setting as stored, or its default (off). */
export function openLinksInExternalApp(): boolean {
  const stored = useSettingsStore.getState().tabs.general.openLinksInExternalApp
  return typeof stored === 'boolean' ? stored : DEFAULT_GENERAL_SETTINGS.openLinksInExternalApp
}

function isOtherOrigin(href: string): boolean {
  try {
    const url = new URL(href, location.origin)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== location.origin
  } catch {
    return false
  }
}

export function createDesktopPlatform(bridge: DesktopBridge): PlatformAdapter {
  let mode: WindowMode = 'normal'
  const openExternal = (url: string) => {
    if (openLinksInExternalApp()) void bridge.call('openExternal', url).catch(() => webPlatform.openExternal(url))
    else webPlatform.openExternal(url)
  }
  return {
    ...webPlatform,
    kind: 'desktop',
    ownsGlobalShortcuts: false,
    windowMode: () => mode,
    onWindowModeChange: (listener) => {
      void bridge.call('windowMode').then((m) => ((mode = m), listener(m)), () => {})
      return bridge.on('window-mode', (m) => {
        mode = m
        listener(m)
      })
    },
    setWindowMode: (next) => bridge.call('setWindowMode', next),
    openExternal,
    onShellCommand: (listener) => bridge.on('command', listener),
    onExternalLinkClick: () => {
      // Bubble phase on window: after the app's own handlers (the jump-out warning) had their say.
      const onClick = (event: MouseEvent) => {
        if (event.defaultPrevented || event.button !== 0 || !openLinksInExternalApp()) return
        const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null
        if (!link || !isOtherOrigin(link.href)) return
        event.preventDefault()
        openExternal(link.href)
      }
      window.addEventListener('click', onClick)
      return () => window.removeEventListener('click', onClick)
    },
    setLaunchOnStartup: (on) => bridge.call('setLaunchOnStartup', on),
    launchOnStartup: () => bridge.call('launchOnStartup'),
    customIntegration: () => bridge.call('customIntegration'),
    setCustomIntegration: (items) => bridge.call('setCustomIntegration', items),
    // A shell without printToPdf (older) or a failed Page.printToPDF: the window's own print dialog.
    printToPdf: (fileName) => bridge.call('printToPdf', fileName).catch(() => webPlatform.printToPdf(fileName)),
    socialSignIn: (provider) => bridge.call('socialSignIn', provider),
  }
}
