/**
 * This browser's Web Push subscription (issue 16, docs/notifications.md): made with the
 * instance's VAPID key through the service worker, registered with `POST /api/messaging`, and
 * registered again after each start-up of the signed-in app (SPEC §7: when a service worker and
 * support exist) so the server always holds the browser's current endpoint.
 */
import { api } from '../api/client.ts'

/** Whether this browser can receive pushes at all. */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null
  return (await navigator.serviceWorker.getRegistration('/')) ?? null
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  const bytes = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i)
  return bytes
}

async function send(subscription: PushSubscription): Promise<void> {
  const json = subscription.toJSON()
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return
  await api.post('/messaging', { endpoint: json.endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } })
}

/** The browser's current push subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null
}

/** Asks for permission, subscribes with the instance's key and registers the browser. */
export async function enablePush(): Promise<boolean> {
  const reg = await registration()
  if (!reg) return false
  if ((await Notification.requestPermission()) !== 'granted') return false
  const { publicKey } = await api.get('/messaging')
  let subscription = await reg.pushManager.getSubscription()
  // A subscription made with another key (a reinstalled instance) cannot be used: replace it.
  const key = subscription?.options.applicationServerKey
  if (subscription && key && btoa(String.fromCharCode(...new Uint8Array(key))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') !== publicKey) {
    await subscription.unsubscribe()
    subscription = null
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) })
  await send(subscription)
  return true
}

/** Unsubscribes this browser and forgets it on the server. */
export async function disablePush(): Promise<void> {
  const subscription = await currentPushSubscription()
  if (!subscription) return
  await api.delete('/messaging', { endpoint: subscription.endpoint }).catch(() => undefined)
  await subscription.unsubscribe()
}

/** After start-up: registers the existing subscription again (nothing when there is none). */
export async function syncPushSubscription(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return
  const subscription = await currentPushSubscription().catch(() => null)
  if (subscription) await send(subscription).catch((error: unknown) => console.warn('[brook] push subscription not registered', error))
}
