/**
 * The two-factor code a withdrawal needs (4008 without, 4007 wrong): the user's TOTP secret as
 * better-auth keeps it (encrypted with the auth secret), RFC 6238 with SHA-1, 6 digits, 30 s,
 * one step of clock drift either way — what an authenticator app shows.
 */
import crypto from 'node:crypto'
import { requireModule } from '../../lib/lazyRequire.ts'

const PERIOD_S = 30

function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(BigInt(counter))
  const mac = crypto.createHmac('sha1', key).update(message).digest()
  const offset = mac[mac.length - 1] & 0xf
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000
  return value.toString().padStart(6, '0')
}

/** better-auth's generated secrets are used as text; imported ones are stored as `base32:<secret>`. */
function keyOf(secret: string): Buffer {
  if (!secret.startsWith('base32:')) return Buffer.from(secret, 'utf8')
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const ch of secret.slice(7).replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0')
  const bytes: number[] = []
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2))
  return Buffer.from(bytes)
}

/** True when `code` is the user's current TOTP code (encryptedSecret as stored by better-auth). */
export async function totpMatches(encryptedSecret: string, authSecret: string, code: string, at = Date.now()): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false
  const key = keyOf(await requireModule<typeof import('better-auth/crypto')>('better-auth/crypto').symmetricDecrypt({ key: authSecret, data: encryptedSecret }))
  const step = Math.floor(at / 1000 / PERIOD_S)
  return [step - 1, step, step + 1].some((s) => crypto.timingSafeEqual(Buffer.from(hotp(key, s)), Buffer.from(code)))
}
