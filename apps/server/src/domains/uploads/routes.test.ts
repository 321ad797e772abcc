/**
 * Profiles and uploads through HTTP on both databases: profile fields checked before better-auth
 * stores them (handle unique and normalized, website, social links), avatar and chat-attachment
 * uploads decoded and re-encoded by sharp (EXIF gone, 256 × 256), fake and oversized images
 * refused with 14000/14001, and the stored files served with long caching.
 */
import zlib from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, TestClient, type TestServer } from '../../test/testServer.ts'

/** Posts a multipart form with one file field as the client's browser would. */
async function upload(server: TestServer, client: TestClient | null, path: string, bytes: Uint8Array, filename: string, type: string, field = 'file') {
  const form = new FormData()
  form.append(field, new Blob([bytes], { type }), filename)
  const headers: Record<string, string> = { origin: server.url }
  if (client?.cookies.size) headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  const res = await fetch(server.url + path, { method: 'POST', headers, body: form })
  return { status: res.status, body: (await res.json()) as any }
}

/** A PNG whose header claims 50,000 × 50,000 pixels (a decompression bomb's shape), with a tiny body. */
function bombPng(): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(body) >>> 0)
    return Buffer.concat([len, body, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(50_000, 0)
  ihdr.writeUInt32BE(50_000, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 0 // greyscale
  const idat = zlib.deflateSync(Buffer.alloc(50_001 * 4)) // the first rows only
  return new Uint8Array(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]))
}

describeEachDialect('profiles and uploads', (dialect) => {
  let server: TestServer
  let admin: TestClient
  let ada: TestClient
  let bob: TestClient
  let adaId: string
  let photo: Uint8Array

  beforeAll(async () => {
    server = await startTestServer(dialect, { UPLOAD_BODY_LIMIT: String(3 * 1024 * 1024) })
    admin = await signedUpClient(server, 'admin-up@example.com')
    ada = await signedUpClient(server, 'ada-up@example.com')
    bob = await signedUpClient(server, 'bob-up@example.com')
    adaId = (await ada.get('/api/auth/get-session')).body.user.id
    // A real photo-like JPEG carrying EXIF (a camera's copyright and a GPS-bearing block).
    photo = new Uint8Array(
      await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 80, b: 20 } } })
        .withExif({ IFD0: { Copyright: 'ada-private-exif', Artist: 'Ada' } })
        .jpeg()
        .toBuffer(),
    )
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
  })

  it('stores profile fields by the shared rules: handle lower-case and unique, links, website', async () => {
    const r = await ada.post('/api/auth/update-user', { name: 'Ada L.', handle: '@Ada_Lovelace', bio: 'Counting engines', website: 'https://ada.example', socialLinks: JSON.stringify({ github: 'ada', x: '' }) })
    expect(r.status).toBe(200)
    const profile = (await bob.get('/api/profiles?handle=ada_lovelace')).body.data
    expect(profile).toMatchObject({ id: adaId, name: 'Ada L.', handle: 'ada_lovelace', bio: 'Counting engines', website: 'https://ada.example', socialLinks: { github: 'ada' } })
    expect(JSON.stringify(profile)).not.toContain('ada-up@example.com')
    expect((await ada.get('/api/auth/get-session')).body.user.handle).toBe('ada_lovelace')

    // Taken (any case) → 1002; malformed fields → 4 with the issues; nothing changes.
    const taken = await bob.post('/api/auth/update-user', { handle: 'ADA_LOVELACE' })
    expect(taken.status).toBe(400)
    expect(taken.body).toMatchObject({ code: 1002, reason: 'This handle is taken' })
    for (const bad of [{ handle: 'a' }, { handle: 'no spaces' }, { website: 'javascript:alert(1)' }, { socialLinks: { myspace: 'ada' } }, { socialLinks: '{not json' }, { image: 'javascript:alert(1)' }, { bio: 'x'.repeat(501) }, { name: '' }]) {
      const res = await bob.post('/api/auth/update-user', bad)
      expect(res.status, JSON.stringify(bad)).toBe(400)
      expect(res.body.code, JSON.stringify(bad)).toBe(4)
    }
    // Keys that are not profile fields never reach better-auth (role is not an input there either).
    await bob.post('/api/auth/update-user', { name: 'Bob', role: 'admin', emailVerified: true })
    expect((await bob.get('/api/auth/get-session')).body).toMatchObject({ role: 'free', user: { name: 'Bob', emailVerified: false } })
    // Own handle again (other case) is fine; clearing it too.
    expect((await ada.post('/api/auth/update-user', { handle: 'ADA_lovelace' })).status).toBe(200)
  })

  it('an avatar upload is decoded, cropped to 256 × 256 WebP without EXIF, and becomes my picture', async () => {
    const r = await upload(server, ada, '/api/upload/avatar', photo, 'me.jpg', 'image/jpeg')
    expect(r.status).toBe(200)
    const url: string = r.body.data.url
    expect(url).toMatch(/^\/api\/upload\/files\/avatars\/[0-9a-f]{64}\.webp$/)
    expect((await ada.get('/api/auth/get-session')).body.user.image).toBe(url)
    expect((await bob.get(`/api/profiles?id=${adaId}`)).body.data.image).toBe(url)

    const served = await fetch(server.url + url)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')
    expect(served.headers.get('cache-control')).toContain('immutable')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    const bytes = Buffer.from(await served.arrayBuffer())
    const meta = await sharp(bytes).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 })
    expect(meta.exif).toBeUndefined()
    expect(bytes.includes(Buffer.from('ada-private-exif'))).toBe(false)
    expect(r.body.data.size).toBe(bytes.length)

    // The same picture again is the same file.
    expect((await upload(server, ada, '/api/upload/avatar', photo, 'again.jpg', 'image/jpeg')).body.data.url).toBe(url)
  })

  it('a chat attachment is re-encoded within 2,048 px and not set as the picture', async () => {
    const wide = await sharp({ create: { width: 3000, height: 300, channels: 4, background: '#0ea5e9' } }).png().toBuffer()
    const r = await upload(server, bob, '/api/upload/chat-attachment', new Uint8Array(wide), 'chart.png', 'image/png')
    expect(r.status).toBe(200)
    expect(r.body.data.url).toMatch(/^\/api\/upload\/files\/attachments\/[0-9a-f]{64}\.webp$/)
    const meta = await sharp(Buffer.from(await (await fetch(server.url + r.body.data.url)).arrayBuffer())).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 2048, height: 205 })
    expect((await bob.get('/api/auth/get-session')).body.user.image).toBeNull()
  })

  it('fake, broken and bomb images are 14000; over the plan or the body cap 14001; never a 500', async () => {
    const text = new TextEncoder().encode('hello, I am not a picture')
    const truncated = photo.slice(0, 200)
    const cases: [string, Uint8Array, string, string][] = [
      ['text named .png', text, 'x.png', 'image/png'],
      ['svg', new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg', 'image/svg+xml'],
      ['truncated jpeg', truncated, 'x.jpg', 'image/jpeg'],
      ['bomb png', bombPng(), 'bomb.png', 'image/png'],
      ['empty', new Uint8Array(0), 'x.png', 'image/png'],
    ]
    for (const [label, bytes, name, type] of cases) {
      const r = await upload(server, ada, '/api/upload/avatar', bytes, name, type)
      expect(r.status, label).toBe(400)
      expect(r.body.code, label).toBe(14000)
    }
    const noField = await upload(server, ada, '/api/upload/avatar', photo, 'me.jpg', 'image/jpeg', 'picture')
    // No `file` field, or a JSON body: no file (14000).
    expect([noField.status, noField.body.code]).toEqual([400, 14000])
    const json = await ada.post('/api/upload/avatar', { file: 'x' })
    expect([json.status, json.body.code], JSON.stringify(json.body)).toEqual([400, 14000])

    // The plan's upload size (the admin lowers free's to 1 KiB) → 413 / 14001.
    expect((await admin.put('/api/admin/plans/free', { uploadBytes: 1024 })).status).toBe(200)
    const overPlan = await upload(server, ada, '/api/upload/avatar', photo, 'me.jpg', 'image/jpeg')
    expect([overPlan.status, overPlan.body.code]).toEqual([413, 14001])
    expect((await admin.delete('/api/admin/plans/free')).status).toBe(200)
    // Over the instance's upload body cap (3 MiB here) → 413 / 14001 before anything is read.
    const huge = await upload(server, ada, '/api/upload/avatar', new Uint8Array(4 * 1024 * 1024), 'big.png', 'image/png')
    expect([huge.status, huge.body.code]).toEqual([413, 14001])

    const anonymous = await upload(server, null, '/api/upload/avatar', photo, 'me.jpg', 'image/jpeg')
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 1000])
  })

  it('serves only names the store makes', async () => {
    for (const path of ['/api/upload/files/avatars/nope.webp', `/api/upload/files/avatars/${'0'.repeat(64)}.webp`, '/api/upload/files/avatars/..%2F..%2Fbrook.db']) {
      const r = await new TestClient(server.url).get(path)
      expect(r.status, path).toBe(404)
      expect(r.body.code, path).toBe(6)
    }
    const r = await new TestClient(server.url).get(`/api/upload/files/secrets/${'0'.repeat(64)}.webp`)
    expect([r.status, r.body.code]).toEqual([400, 4])
  })
})
