/** Registers the service worker of production builds (the app shell offline). */
import { env } from '../env.ts'

export function registerServiceWorker(): void {
  if (env.mode !== 'production' || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.warn('[brook] service worker not registered', error))
}
