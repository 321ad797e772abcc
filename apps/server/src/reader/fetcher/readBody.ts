/**
 * @module Reads a response body with content decoding and a byte cap enforced while streaming:
 * once the cap is crossed the source is destroyed, so no more than one chunk past it is ever held.
 */
import { Readable, Transform, pipeline } from 'node:stream'
import zlib from 'node:zlib'
import { FetchError } from './fetchError.ts'

/** The encodings the fetcher asks for; each is undone here. */
export const ACCEPT_ENCODING = 'gzip, deflate, br'

/** "deflate" in the wild is either zlib-wrapped (RFC 1950, correct) or raw (RFC 1951); accept both. */
function createAnyInflate(): Transform {
  let inner: zlib.Inflate | zlib.InflateRaw | null = null
  const outer: Transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!inner) {
        const wrapped = chunk.length >= 2 && (chunk[0] & 0x0f) === 8 && ((chunk[0] << 8) | chunk[1]) % 31 === 0
        inner = wrapped ? zlib.createInflate() : zlib.createInflateRaw()
        inner.on('data', (data: Buffer) => outer.push(data))
        inner.on('error', (error) => outer.destroy(error))
      }
      inner.write(chunk, () => done())
    },
    flush(done) {
      if (!inner) return done()
      inner.once('end', () => done())
      inner.end()
    },
  })
  return outer
}

function decoderFor(encoding: string): Transform | null {
  switch (encoding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip()
    case 'deflate':
      return createAnyInflate()
    case 'br':
      return zlib.createBrotliDecompress()
    case 'identity':
    case '':
      return null
    default:
      throw new FetchError('network', `unsupported Content-Encoding "${encoding}"`)
  }
}

/**
 * Decodes `body` per its Content-Encoding list and collects it, failing with `too_large` as soon as
 * either the wire bytes or the decoded bytes exceed `maxBytes` (a decoded cap also stops zip bombs).
 */
export async function readBody(body: Readable, contentEncoding: string | null, maxBytes: number, url: string): Promise<Uint8Array> {
  const tooLarge = () => new FetchError('too_large', `response body of ${url} exceeds ${maxBytes} bytes`)
  let wireBytes = 0
  let stream: Readable = body
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      wireBytes += chunk.length
      done(wireBytes > maxBytes ? tooLarge() : null, chunk)
    },
  })
  stream = pipeline(stream, counter, () => {})
  // Encodings are listed in the order they were applied; undo them last to first.
  const encodings = (contentEncoding ?? '').toLowerCase().split(',').map((e) => e.trim()).reverse()
  for (const encoding of encodings) {
    const decoder = decoderFor(encoding)
    if (decoder) stream = pipeline(stream, decoder, () => {})
  }
  const chunks: Buffer[] = []
  let total = 0
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      total += chunk.length
      if (total > maxBytes) throw tooLarge()
      chunks.push(chunk)
    }
  } catch (error) {
    body.destroy()
    stream.destroy()
    if (error instanceof FetchError) throw error
    if (error instanceof Error && 'code' in error && String(error.code).startsWith('Z_')) {
      throw new FetchError('network', `could not decode the ${contentEncoding} body of ${url}: ${error.message}`, { cause: error })
    }
    throw error
  }
  const out = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.length
  }
  return out
}
