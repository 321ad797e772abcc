/**
 * A loopback stand-in for an S3-compatible object store: it speaks the S3 REST protocol Brook uses
 * (PUT and GET object, path-style `/{bucket}/{key}` or virtual-hosted `{bucket}.host/{key}`, XML
 * error bodies) and checks every request's AWS Signature Version 4 — recomputed here from the raw
 * request with its own implementation, so a wrongly signed request is refused as S3 would
 * (403 SignatureDoesNotMatch), and a body that does not match its signed hash too. A test can make
 * it fail (`failWith = 500`) to stand for a store that is down.
 */
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type FakeS3Request = { method: string; bucket: string; key: string; signed: boolean; status: number }

export type FakeS3 = {
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  /** The secret the fake checks signatures with (a test may change it to see requests refused). */
  secretAccessKey: string
  /** Stored objects by key. */
  objects: Map<string, { body: Buffer; contentType: string | undefined; cacheControl: string | undefined }>
  requests: FakeS3Request[]
  /** When set, every request is answered with this status (an S3 InternalError body). */
  failWith: number | null
  close(): Promise<void>
}

const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data).digest()
const sha256Hex = (data: crypto.BinaryLike) => crypto.createHash('sha256').update(data).digest('hex')

/** RFC 3986 encoding as SigV4 wants it (query names and values). */
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)

/** Whether the request's SigV4 signature is the one computed here from what arrived on the wire (and why not). */
function expectedSignature(req: http.IncomingMessage, rawPath: string, rawQuery: string, secret: string, region: string): { ok: boolean; reason: string } {
  const auth = req.headers.authorization ?? ''
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(auth)
  if (!m) return { ok: false, reason: 'no AWS4-HMAC-SHA256 authorization' }
  const [, , day, scopeRegion, signedHeaders, signature] = m as unknown as [string, string, string, string, string, string]
  if (scopeRegion !== region) return { ok: false, reason: `region ${scopeRegion}` }
  const amzDate = String(req.headers['x-amz-date'] ?? '')
  if (!amzDate.startsWith(day)) return { ok: false, reason: 'x-amz-date does not match the scope' }
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '')
  if (!payloadHash) return { ok: false, reason: 'no x-amz-content-sha256' }
  const names = signedHeaders.split(';')
  if (!names.includes('host')) return { ok: false, reason: 'host is not signed' }
  const canonicalHeaders = names.map((name) => {
    const value = req.headers[name]
    return `${name}:${(Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ')}\n`
  })
  const canonicalQuery = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [k = '', v = ''] = pair.split('=')
      return [encode(decodeURIComponent(k)), encode(decodeURIComponent(v))] as const
    })
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&')
  const canonicalRequest = [req.method, rawPath, canonicalQuery, canonicalHeaders.join(''), signedHeaders, payloadHash].join('\n')
  const scope = `${day}/${region}/s3/aws4_request`
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n')
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), 's3'), 'aws4_request')
  const expected = hmac(key, stringToSign).toString('hex')
  return expected === signature ? { ok: true, reason: '' } : { ok: false, reason: 'signature' }
}

function xmlError(res: http.ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/xml' })
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>fake</RequestId></Error>`)
}

export async function startFakeS3(options: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string } = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? 'brook-uploads'
  const region = options.region ?? 'eu-test-1'
  const accessKeyId = options.accessKeyId ?? 'AKIAFAKEBROOK'
  const secretAccessKey = options.secretAccessKey ?? 'fake-secret-key-for-brook-tests'
  const objects: FakeS3['objects'] = new Map()
  const requests: FakeS3Request[] = []

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?')
      // Path-style: /bucket/key; virtual-hosted: bucket.host/key.
      const host = String(req.headers.host ?? '')
      const virtual = host.startsWith(`${bucket}.`)
      const segments = rawPath.split('/').slice(1)
      const reqBucket = virtual ? bucket : decodeURIComponent(segments[0] ?? '')
      const key = (virtual ? segments : segments.slice(1)).map(decodeURIComponent).join('/')
      const record = (status: number, signed: boolean) => requests.push({ method: req.method ?? '', bucket: reqBucket, key, signed, status })

      if (fake.failWith) {
        record(fake.failWith, false)
        return xmlError(res, fake.failWith, 'InternalError', 'We encountered an internal error. Please try again.')
      }
      const credential = /Credential=([^/]+)\//.exec(req.headers.authorization ?? '')?.[1]
      if (credential !== accessKeyId) {
        record(403, false)
        return xmlError(res, 403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.')
      }
      const check = expectedSignature(req, rawPath, rawQuery, fake.secretAccessKey, region)
      if (!check.ok) {
        record(403, false)
        return xmlError(res, 403, 'SignatureDoesNotMatch', `The request signature we calculated does not match the signature you provided (${check.reason}).`)
      }
      const payloadHash = String(req.headers['x-amz-content-sha256'])
      if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body)) {
        record(400, true)
        return xmlError(res, 400, 'XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 header does not match what was computed.')
      }
      if (reqBucket !== bucket) {
        record(404, true)
        return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist')
      }
      if (req.method === 'PUT' && key) {
        const header = (n: string) => (typeof req.headers[n] === 'string' ? (req.headers[n] as string) : undefined)
        objects.set(key, { body, contentType: header('content-type'), cacheControl: header('cache-control') })
        record(200, true)
        res.writeHead(200, { etag: `"${crypto.createHash('md5').update(body).digest('hex')}"` })
        return res.end()
      }
      if ((req.method === 'GET' || req.method === 'HEAD') && key) {
        const object = objects.get(key)
        if (!object) {
          record(404, true)
          return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.')
        }
        record(200, true)
        res.writeHead(200, { 'content-type': object.contentType ?? 'binary/octet-stream', 'content-length': object.body.length, etag: '"x"' })
        return res.end(req.method === 'HEAD' ? undefined : object.body)
      }
      record(405, true)
      return xmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  const fake: FakeS3 = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    failWith: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  return fake
}
