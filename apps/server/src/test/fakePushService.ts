/**
 * A Web Push service on loopback, speaking the real protocol as a browser vendor's does: it
 * checks the VAPID authorization (RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`, the JWT's
 * signature, audience and expiry) and the `TTL` header, then decrypts the aes128gcm body
 * (RFC 8188 + RFC 8291) with the keys of the "browser" the test made — written here from the RFCs,
 * independent of the library the server sends with. Endpoints under `/gone/` answer 410.
 */
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** A browser's side of a push subscription: the keys it would hand to PushManager.subscribe's caller. */
export type FakeBrowser = { endpoint: string; p256dh: string; auth: string; ecdh: crypto.ECDH; authSecret: Buffer }

/** One push received and decrypted. */
export type ReceivedPush = { path: string; vapidKey: string; claims: { aud: string; exp: number; sub: string }; ttl: string; urgency: string | null; payload: string }

/** A push the service refused, and why. */
export type RefusedPush = { path: string; reason: string }

const b64u = (b: Buffer) => b.toString('base64url')

function verifyVapid(authorization: string | undefined, origin: string): { key: string; claims: ReceivedPush['claims'] } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '')
  if (!match) throw new Error(`no vapid authorization: ${authorization}`)
  const [, jwt = '', key = ''] = match
  const [header = '', body = '', signature = ''] = jwt.split('.')
  const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string; typ: string }
  if (head.alg !== 'ES256') throw new Error(`alg ${head.alg}`)
  const point = Buffer.from(key, 'base64url')
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point')
  const publicKey = crypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) }, format: 'jwk' })
  const valid = crypto.verify('sha256', Buffer.from(`${header}.${body}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))
  if (!valid) throw new Error('bad JWT signature')
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims']
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`)
  const now = Date.now() / 1000
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600 + 60)) throw new Error(`exp ${claims.exp} out of range`)
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`)
  return { key, claims }
}

/** RFC 8291 §3.4 + RFC 8188 §2: one aes128gcm record, decrypted with the browser's private key and auth secret. */
function decrypt(body: Buffer, browser: FakeBrowser): string {
  const salt = body.subarray(0, 16)
  const rs = body.readUInt32BE(16)
  const idlen = body[20] ?? 0
  const asPublic = body.subarray(21, 21 + idlen)
  const ciphertext = body.subarray(21 + idlen)
  if (idlen !== 65) throw new Error(`keyid length ${idlen}`)
  if (ciphertext.length > rs) throw new Error('more than one record')
  const uaPublic = browser.ecdh.getPublicKey()
  const ecdhSecret = browser.ecdh.computeSecret(asPublic)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic])
  const ikm = Buffer.from(crypto.hkdfSync('sha256', ecdhSecret, browser.authSecret, keyInfo, 32))
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16))
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()])
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end--
  if (padded[end] !== 2) throw new Error('no last-record delimiter')
  return padded.subarray(0, end).toString('utf8')
}

export async function startFakePushService() {
  const browsers = new Map<string, FakeBrowser>()
  const received: ReceivedPush[] = []
  const refused: RefusedPush[] = []
  let origin = ''
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const path = req.url ?? ''
      try {
        if (req.method !== 'POST') throw new Error(`method ${req.method}`)
        if (path.startsWith('/gone/')) {
          res.statusCode = 410
          res.end()
          return
        }
        const browser = browsers.get(path)
        if (!browser) throw new Error('unknown endpoint')
        const { key, claims } = verifyVapid(req.headers.authorization, origin)
        const ttl = req.headers.ttl
        if (typeof ttl !== 'string' || !/^\d+$/.test(ttl)) throw new Error('no TTL')
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`)
        const payload = decrypt(Buffer.concat(chunks), browser)
        received.push({ path, vapidKey: key, claims, ttl, urgency: (req.headers.urgency as string | undefined) ?? null, payload })
        res.statusCode = 201
        res.end()
      } catch (error) {
        refused.push({ path, reason: error instanceof Error ? error.message : String(error) })
        res.statusCode = 400
        res.end()
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    origin,
    received,
    refused,
    /** A new browser subscription at this service: keys made as a browser makes them. */
    browser(name: string, options: { gone?: boolean } = {}): FakeBrowser {
      const ecdh = crypto.createECDH('prime256v1')
      ecdh.generateKeys()
      const authSecret = crypto.randomBytes(16)
      const path = `${options.gone ? '/gone' : '/push'}/${name}`
      const browser = { endpoint: `${origin}${path}`, p256dh: b64u(ecdh.getPublicKey()), auth: b64u(authSecret), ecdh, authSecret }
      browsers.set(path, browser)
      return browser
    },
    /** Payloads (parsed) received for one browser. */
    payloadsOf(browser: FakeBrowser): Record<string, unknown>[] {
      return received.filter((r) => `${origin}${r.path}` === browser.endpoint).map((r) => JSON.parse(r.payload) as Record<string, unknown>)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
