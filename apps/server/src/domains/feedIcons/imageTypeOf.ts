/**
 * The image type of some bytes by their signature, for the raster formats API clients show as
 * icons (PNG, GIF, JPEG, ICO, WebP); null for anything else — an HTML error page served as
 * favicon.ico, and SVG, which is a document rather than a picture.
 */
const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b)
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

export function imageTypeOf(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  // ICONDIR: reserved 0, type 1 (icon), at least one image.
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) && bytes.length >= 6 && (bytes[4] ?? 0) + (bytes[5] ?? 0) > 0) return 'image/x-icon'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp'
  return null
}
