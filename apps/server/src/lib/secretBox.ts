/**
 * Encrypts users' secrets at rest (an AI provider key, integration credentials): AES-256-GCM under
 * a key derived from the instance secret and the purpose, so one purpose's boxes never open another's.
 */
import crypto from 'node:crypto'

export type SecretBox = { seal(plain: string): string; open(sealed: string): string | null }

/** What a box is for: part of its key (changing one makes what it sealed unreadable). */
export type SecretPurpose = 'brook-ai-provider-key' | 'brook-integration-settings'

/** A box bound to the instance secret (AUTH_SECRET or the one kept in the database) and a purpose. */
export function createSecretBox(instanceSecret: string, purpose: SecretPurpose): SecretBox {
  const key = crypto.createHash('sha256').update(`${purpose}\0${instanceSecret}`).digest()
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12)
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.')
    },
    /** The plain text, or null when it was sealed under another secret or tampered with. */
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.')
      if (version !== 'v1' || !iv || !tag || body === undefined) return null
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
        decipher.setAuthTag(Buffer.from(tag, 'base64url'))
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
      } catch {
        return null
      }
    },
  }
}

/** What the browser may see of a key: its last four characters. */
export function maskKey(key: string | null): string | null {
  if (!key) return null
  return `••••${key.slice(-4)}`
}
