/**
 * Turns the bytes of a feed into text. Order of evidence: byte-order mark, then the charset of the
 * HTTP Content-Type, then the XML declaration's `encoding`, then UTF-8 — with two corrections for
 * what servers get wrong in the wild: bytes that are not valid UTF-8 under a UTF-8 label fall back
 * to the declared encoding (or Windows-1252), and a single-byte HTTP label loses to a document
 * that declares UTF-8 and is valid, non-ASCII UTF-8.
 */

const UTF8 = 'utf-8'

/** The WHATWG name for an encoding label, or null when Node's TextDecoder does not know it. */
export function encodingFor(label: string | null | undefined): string | null {
  if (!label) return null
  const cleaned = label.trim().replace(/^["']|["']$/g, '').toLowerCase()
  if (cleaned === '') return null
  try {
    return new TextDecoder(cleaned).encoding
  } catch {
    return null
  }
}

/** The `charset` parameter of a Content-Type header value. */
export function charsetFromContentType(contentType: string | null | undefined): string | null {
  if (!contentType) return null
  const match = /;\s*charset\s*=\s*("?)([^";,\s]+)\1/i.exec(contentType)
  return match ? match[2] : null
}

/** The `encoding` of an XML declaration at the start of an ASCII-compatible document. */
export function encodingFromXmlDeclaration(bytes: Uint8Array): string | null {
  let head = ''
  const end = Math.min(bytes.length, 1024)
  for (let i = 0; i < end; i++) head += String.fromCharCode(bytes[i])
  const match = /^\s*<\?xml\s[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head)
  return match ? match[1] : null
}

function bomEncoding(bytes: Uint8Array): { encoding: string; length: number } | null {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: UTF8, length: 3 }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 }
  return null
}

/** UTF-16 without a BOM shows itself by a NUL byte next to the first `<` or `{`. */
function sniffUtf16(bytes: Uint8Array): string | null {
  if (bytes.length < 4) return null
  if (bytes[0] === 0x00 && bytes[1] !== 0x00 && bytes[2] === 0x00) return 'utf-16be'
  if (bytes[0] !== 0x00 && bytes[1] === 0x00 && bytes[3] === 0x00) return 'utf-16le'
  return null
}

function isUtf16(encoding: string): boolean {
  return encoding === 'utf-16le' || encoding === 'utf-16be'
}

function hasNonAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] > 0x7f) return true
  return false
}

function tryDecode(bytes: Uint8Array, encoding: string): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    return null
  }
}

function decodeLoose(bytes: Uint8Array, encoding: string): string {
  return new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes)
}

/** Decodes a feed body to a string (BOM removed). Strings pass through without their BOM. */
export function decodeBody(body: Uint8Array | string, contentType?: string | null): string {
  if (typeof body === 'string') return body.charCodeAt(0) === 0xfeff ? body.slice(1) : body

  const bom = bomEncoding(body)
  if (bom) return decodeLoose(body.subarray(bom.length), bom.encoding)

  const sniffed16 = sniffUtf16(body)
  if (sniffed16) return decodeLoose(body, sniffed16)

  // From here the document is ASCII-compatible: a UTF-16 label (header or declaration) is wrong.
  const asciiCompatible = (encoding: string | null) => (encoding && !isUtf16(encoding) ? encoding : null)
  const httpEncoding = asciiCompatible(encodingFor(charsetFromContentType(contentType)))
  const declared = asciiCompatible(encodingFor(encodingFromXmlDeclaration(body)))

  if (httpEncoding && httpEncoding !== UTF8) {
    if (declared === UTF8 && hasNonAscii(body)) {
      const asUtf8 = tryDecode(body, UTF8)
      if (asUtf8 !== null) return asUtf8
    }
    return decodeLoose(body, httpEncoding)
  }
  if (httpEncoding === UTF8 || !declared || declared === UTF8) {
    const asUtf8 = tryDecode(body, UTF8)
    if (asUtf8 !== null) return asUtf8
    return decodeLoose(body, declared && declared !== UTF8 ? declared : 'windows-1252')
  }
  return decodeLoose(body, declared)
}
