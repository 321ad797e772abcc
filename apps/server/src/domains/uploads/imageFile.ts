/**
 * Uploaded images: the type read from the first bytes (never the name or the declared type),
 * then a real decode by sharp under a pixel cap (a decompression bomb is refused before it is
 * expanded), re-encoded to WebP — which drops EXIF and every other metadata block.
 */
import type { Metadata } from 'sharp'
import { lazily } from '../../lib/lazyRequire.ts'
import { AppError } from '../../lib/appError.ts'

/** sharp (libvips) is loaded at the first upload, not at start-up (docs/performance.md, "Idle memory"). */
const sharpModule = lazily(() => import('sharp'))

export type ImageType = 'png' | 'jpeg' | 'gif' | 'webp'

/** Largest decoded image: 40 megapixels (a 6,000 × 6,000 photo passes; a bomb does not). */
export const MAX_INPUT_PIXELS = 40_000_000

/** The image type from the file's magic bytes, or null when it is none of the accepted ones. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b)
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg'
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif'
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp'
  return null
}

export type Reencode = { kind: 'avatar' } | { kind: 'attachment' }

/**
 * Decodes and re-encodes an image to WebP: avatars cropped to 256 × 256, attachments kept
 * within 2,048 px. 14000 when the bytes are not a PNG/JPEG/GIF/WebP image that decodes.
 */
export async function reencodeImage(bytes: Uint8Array, target: Reencode): Promise<Buffer> {
  if (!sniffImageType(bytes)) throw new AppError(14000, { reason: 'Not a PNG, JPEG, GIF or WebP image' })
  const sharp = (await sharpModule()).default
  const open = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
  let meta: Metadata
  try {
    meta = await open().metadata()
  } catch {
    throw new AppError(14000, { reason: 'The image cannot be read' })
  }
  if (!meta.width || !meta.height) throw new AppError(14000, { reason: 'The image has no size' })
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new AppError(14000, { reason: `The image is larger than ${MAX_INPUT_PIXELS.toLocaleString('en')} pixels` })
  try {
    const image = open().rotate()
    const sized = target.kind === 'avatar' ? image.resize(256, 256, { fit: 'cover', position: 'attention' }) : image.resize(2048, 2048, { fit: 'inside', withoutEnlargement: true })
    return await sized.webp({ quality: 82 }).toBuffer()
  } catch {
    throw new AppError(14000, { reason: 'The image cannot be decoded' })
  }
}
