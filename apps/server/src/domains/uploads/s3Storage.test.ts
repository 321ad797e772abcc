/**
 * Uploads in an S3-compatible bucket (S3_* set), through HTTP on both databases, against a loopback
 * fake S3 that checks every request's SigV4 signature: the avatar lands in the bucket (nothing on
 * disk), is served back with long caching (proxied, or redirected to S3_PUBLIC_URL), and a store
 * that refuses or fails (403 signature, 500) is 14002 — never a 500 from Brook.
 */
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { startFakeS3, type FakeS3 } from '../../test/fakeS3.ts'
import { signedUpClient, startTestServer, TestClient, type TestServer } from '../../test/testServer.ts'

async function upload(server: TestServer, client: TestClient, route: string, bytes: Buffer) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'me.png')
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  const res = await fetch(server.url + route, { method: 'POST', headers: { origin: server.url, cookie }, body: form })
  return { status: res.status, body: (await res.json()) as any }
}

const s3Env = (fake: FakeS3, extra: Record<string, string> = {}) => ({
  S3_BUCKET: fake.bucket,
  S3_ENDPOINT: fake.endpoint,
  S3_REGION: fake.region,
  S3_ACCESS_KEY_ID: fake.accessKeyId,
  S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
  S3_FORCE_PATH_STYLE: 'true',
  S3_PREFIX: 'brook/',
  ...extra,
})

describeEachDialect('uploads in an S3-compatible bucket', (dialect) => {
  let fake: FakeS3
  let server: TestServer
  let ada: TestClient
  let picture: Buffer

  beforeAll(async () => {
    fake = await startFakeS3()
    server = await startTestServer(dialect, s3Env(fake))
    ada = await signedUpClient(server, 'ada-s3@example.com')
    picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#16a34a' } }).png().toBuffer()
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    await fake?.close()
  })

  it('an avatar is stored in the bucket with signed requests and served back with long caching', async () => {
    const r = await upload(server, ada, '/api/upload/avatar', picture)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const url: string = r.body.data.url
    const name = url.split('/').pop()!
    expect(url).toBe(`/api/upload/files/avatars/${name}`)
    const object = fake.objects.get(`brook/avatars/${name}`)
    expect(object?.contentType).toBe('image/webp')
    expect(object?.cacheControl).toContain('immutable')
    expect(fake.requests.filter((q) => q.method === 'PUT')).toEqual([{ method: 'PUT', bucket: fake.bucket, key: `brook/avatars/${name}`, signed: true, status: 200 }])
    // Nothing on the server's disk.
    expect(fs.existsSync(path.join(server.database.location.DATA_DIR, 'uploads'))).toBe(false)
    expect((await ada.get('/api/auth/get-session')).body.user.image).toBe(url)

    const served = await fetch(server.url + url)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const bytes = Buffer.from(await served.arrayBuffer())
    expect(bytes.equals(object!.body)).toBe(true)
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 })
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', key: `brook/avatars/${name}`, signed: true, status: 200 })

    // A name the bucket does not hold is 404 / 6.
    const missing = await new TestClient(server.url).get(`/api/upload/files/avatars/${'a'.repeat(64)}.webp`)
    expect([missing.status, missing.body.code]).toEqual([404, 6])
  })

  it('a store that refuses the signature or fails (500) is 14002, never a 500', async () => {
    const stored = (await upload(server, ada, '/api/upload/chat-attachment', picture)).body.data.url as string
    const secret = fake.secretAccessKey
    fake.secretAccessKey = 'another-secret'
    const refused = await upload(server, ada, '/api/upload/avatar', await sharp(picture).negate().toBuffer())
    expect([refused.status, refused.body.code]).toEqual([400, 14002])
    expect(fake.requests.at(-1)).toMatchObject({ method: 'PUT', signed: false, status: 403 })
    fake.secretAccessKey = secret

    fake.failWith = 500
    const failed = await upload(server, ada, '/api/upload/avatar', await sharp(picture).negate().toBuffer())
    expect([failed.status, failed.body.code]).toEqual([400, 14002])
    const unreadable = await new TestClient(server.url).get(stored)
    expect([unreadable.status, unreadable.body.code]).toEqual([400, 14002])
    expect(fake.requests.at(-1)).toMatchObject({ status: 500 })
    fake.failWith = null
    expect((await fetch(server.url + stored)).status).toBe(200)
    // The failed avatar did not replace the picture.
    expect((await ada.get('/api/auth/get-session')).body.user.image).toMatch(/^\/api\/upload\/files\/avatars\//)
  })

  it('with S3_PUBLIC_URL the file is a long-cached redirect to the public bucket', async () => {
    const publicServer = await startTestServer(dialect, s3Env(fake, { S3_PUBLIC_URL: 'https://cdn.example.com/uploads/' }))
    try {
      const bob = await signedUpClient(publicServer, 'bob-s3@example.com')
      const url = (await upload(publicServer, bob, '/api/upload/avatar', picture)).body.data.url as string
      const res = await fetch(publicServer.url + url, { redirect: 'manual' })
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe(`https://cdn.example.com/uploads/brook/avatars/${url.split('/').pop()}`)
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    } finally {
      await publicServer.stop()
    }
  })
})
