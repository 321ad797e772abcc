/**
 * Registers the service worker of production builds (the app shell offline, Web Push). When a
 * new version takes over a page an older one served, "Update available — reload" is offered.
 */
import { toast } from 'sonner'
import { ANALYTICS_EVENTS } from '@brook/shared'
import { analytics } from '../modules/analytics/analytics.ts'
import { env } from '../env.ts'
import { i18n } from '../i18n/index.ts'

export function registerServiceWorker(): void {
  if (env.mode !== 'production' || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  const hadController = navigator.serviceWorker.controller !== null
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first install also takes control (clients.claim); only a replaced version is news.
    if (!hadController) return
    const reload = () => {
      // SPEC §3 event 2010: the user restarts into the update (sent before the page goes).
      analytics.track(ANALYTICS_EVENTS.updateRestart)
      void analytics.flush().finally(() => window.location.reload())
    }
    toast.info(i18n.t('common:update.available'), { duration: Infinity, action: { label: i18n.t('common:update.reload'), onClick: reload } })
  })
  void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.warn('[brook] service worker not registered', error))
}
