/**
 * The instance's VAPID key pair (RFC 8292): made once, on first use, and kept in instance_kv so
 * every process and every restart signs with the same key (browsers bind a push subscription to
 * the public key it was made with). The first process to store a pair wins.
 */
import { lazily } from '../../lib/lazyRequire.ts'
import type { InstanceRepo } from '../instance/repo.ts'

/** web-push (and its crypto dependencies) is loaded at the first key pair or push, not at start-up. */
export const webPush = lazily(async () => (await import('web-push')).default)

export type VapidKeys = { publicKey: string; privateKey: string }

const KEY = 'vapid_keys'

export async function loadVapidKeys(instance: InstanceRepo): Promise<VapidKeys> {
  const stored = await instance.get(KEY)
  if (stored) return JSON.parse(stored) as VapidKeys
  const made = (await webPush()).generateVAPIDKeys()
  return JSON.parse(await instance.getOrInsert(KEY, JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey }))) as VapidKeys
}

/**
 * The `sub` claim of the VAPID JWT: the instance's https address, else a mailto: of the sender
 * address (push services refuse http: and localhost subjects).
 */
export function vapidSubject(publicUrl: string | null, mailFrom: string): string {
  if (publicUrl) {
    const url = new URL(publicUrl)
    if (url.protocol === 'https:' && url.hostname !== 'localhost') return url.origin
  }
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()
  const [local, host] = address.split('@')
  return `mailto:${local || 'brook'}@${host && host !== 'localhost' ? host : 'brook.invalid'}`
}
