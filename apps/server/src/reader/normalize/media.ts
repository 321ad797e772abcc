/** Gathers an entry's pictures, videos and attachments from enclosures, Media RSS, iTunes and content images. */
import { decodeHTMLAttribute } from 'entities'
import type { MediaNs } from 'feedsmith'
import { webUrl } from './resolveUrl.ts'
import type { NormalizedAttachment, NormalizedMedia } from './types.ts'

const ATTACHMENT_SCHEMES: ReadonlySet<string> = new Set(['magnet:', 'ftp:'])
const PHOTO_EXT = /\.(?:jpe?g|png|gif|webp|avif|bmp|svg)(?:$|[?#])/i
const VIDEO_EXT = /\.(?:mp4|m4v|webm|mov|ogv|m3u8)(?:$|[?#])/i
/** Images taken from an entry's HTML. */
export const CONTENT_IMAGE_LIMIT = 4
/** How far into an entry's HTML images are looked for. */
const CONTENT_IMAGE_WINDOW = 8 * 1024

type Kind = 'photo' | 'video' | 'audio' | 'other'

/** What kind of media a URL is, from its MIME type, Media RSS medium, or file extension. */
export function mediaKind(url: string, type?: string | null, medium?: string | null): Kind {
  const m = medium?.toLowerCase()
  if (m === 'image') return 'photo'
  if (m === 'video') return 'video'
  if (m === 'audio') return 'audio'
  const t = type?.toLowerCase() ?? ''
  if (t.startsWith('image/')) return 'photo'
  if (t.startsWith('video/') || t === 'application/x-shockwave-flash') return 'video'
  if (t.startsWith('audio/')) return 'audio'
  if (t !== '') return 'other'
  if (PHOTO_EXT.test(url)) return 'photo'
  if (VIDEO_EXT.test(url)) return 'video'
  return 'other'
}

function positive(n: number | null | undefined): number | undefined {
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined
}

/** Accumulates media and attachments without duplicates, resolving URLs against one base. */
export class MediaCollector {
  // Plain arrays searched linearly: an entry has a handful of media at most, and one collector is
  // made per entry, so Map/Set allocations would cost more than they save.
  readonly media: NormalizedMedia[]
  readonly attachments: NormalizedAttachment[]
  private readonly base: string | null

  constructor(base: string | null) {
    this.base = base
    this.media = []
    this.attachments = []
  }

  /** A picture or video; a later sighting of the same URL only fills in missing details. */
  addMedia(rawUrl: string | null | undefined, type: 'photo' | 'video', details: { width?: number; height?: number; preview?: string | null } = {}): void {
    const url = webUrl(rawUrl, this.base)
    if (url) this.pushMedia(url, type, details)
  }

  /** addMedia for a URL that is already absolute and checked. */
  private pushMedia(url: string, type: 'photo' | 'video', details: { width?: number; height?: number; preview?: string | null }): void {
    const existing = this.media.find((m) => m.url === url)
    const width = positive(details.width)
    const height = positive(details.height)
    const preview = details.preview ? webUrl(details.preview, this.base) ?? undefined : undefined
    if (existing) {
      existing.width ??= width
      existing.height ??= height
      if (existing.type === 'video') existing.preview ??= preview
      return
    }
    const item: NormalizedMedia = { url, type }
    if (width) item.width = width
    if (height) item.height = height
    if (type === 'video' && preview) item.preview = preview
    this.media.push(item)
  }

  /** A downloadable file (podcast audio, video, document). */
  addAttachment(rawUrl: string | null | undefined, details: { mimeType?: string | null; size?: number | null; duration?: number | null; title?: string | null } = {}): void {
    const url = webUrl(rawUrl, this.base, ATTACHMENT_SCHEMES)
    if (!url || this.attachments.some((a) => a.url === url)) return
    const item: NormalizedAttachment = { url }
    const mimeType = details.mimeType?.trim()
    if (mimeType) item.mime_type = mimeType
    const size = positive(details.size)
    if (size) item.size_in_bytes = Math.round(size)
    const duration = positive(details.duration)
    if (duration) item.duration_in_seconds = Math.round(duration)
    const title = details.title?.trim()
    if (title) item.title = title
    this.attachments.push(item)
  }

  /** An RSS enclosure / Atom `rel="enclosure"` link: always an attachment, also media when it is a picture or video. */
  addEnclosure(rawUrl: string | null | undefined, type?: string | null, length?: number | null, duration?: number | null, title?: string | null): void {
    if (!rawUrl) return
    this.addAttachment(rawUrl, { mimeType: type, size: length, duration, title })
    const kind = mediaKind(rawUrl, type)
    if (kind === 'photo' || kind === 'video') this.addMedia(rawUrl, kind)
  }

  /** Media RSS: `media:content` (alone or in `media:group`) and `media:thumbnail`. */
  addMediaRss(ns: MediaNs.ItemOrFeed | undefined): void {
    if (!ns) return
    const groups = ns.groups ?? []
    const thumbnail = ns.thumbnails?.[0]?.url ?? groups.find((g) => g.thumbnails?.length)?.thumbnails?.[0]?.url
    const contents = [...(ns.contents ?? []), ...groups.flatMap((g) => g.contents ?? [])]
    let hasVisual = false
    for (const c of contents) {
      if (!c.url) continue
      const kind = mediaKind(c.url, c.type, c.medium)
      const preview = c.thumbnails?.[0]?.url ?? thumbnail
      if (kind === 'photo' || kind === 'video') {
        hasVisual = true
        this.addMedia(c.url, kind, { width: c.width, height: c.height, preview })
      }
      if (kind === 'audio' || kind === 'video') {
        this.addAttachment(c.url, { mimeType: c.type, size: c.fileSize, duration: c.duration, title: c.title?.value })
      }
    }
    const thumbnails = [...(ns.thumbnails ?? []), ...groups.flatMap((g) => g.thumbnails ?? [])]
    for (const t of thumbnails) {
      // A thumbnail that is the poster of a video was attached to it above.
      if (hasVisual && t.url === thumbnail && this.media.some((m) => m.type === 'video')) continue
      this.addMedia(t.url, 'photo', { width: t.width, height: t.height })
    }
  }

  /** The first few `<img>` of an entry's HTML (tracking pixels skipped). */
  addContentImages(html: string | null | undefined, base: string | null, limit = CONTENT_IMAGE_LIMIT): void {
    if (!html) return
    // "The first images": only the start of a long article is searched.
    const scope = html.length > CONTENT_IMAGE_WINDOW ? html.slice(0, CONTENT_IMAGE_WINDOW) : html
    let found = 0
    for (const tag of imgTags(scope)) {
      if (found >= limit) break
      const a = imgAttributes(tag)
      const chosen = a.src && !a.src.startsWith('data:') ? a.src : a.lazy
      if (!chosen) continue
      const width = dimension(a.width)
      const height = dimension(a.height)
      // Tracking pixels.
      if (width === 0 || width === 1 || height === 0 || height === 1) continue
      const url = webUrl(chosen.includes('&') ? decodeHTMLAttribute(chosen) : chosen, base)
      if (!url) continue
      found++
      this.pushMedia(url, 'photo', { width, height })
    }
  }
}

/** The `<img …>` tags of some HTML, in order (indexOf-driven: a regex is no faster here). */
function* imgTags(html: string): Generator<string> {
  let sawAny = false
  for (const open of ['<img', '<IMG']) {
    if (sawAny) return
    // Old upper-case markup is upper-case throughout: look for `<IMG` only when the start shows it.
    if (open === '<IMG' && !/<[A-Z]/.test(html.slice(0, 512))) return
    let at = html.indexOf(open)
    while (at !== -1) {
      const next = html.charCodeAt(at + 4)
      const end = html.indexOf('>', at)
      if (end === -1) return
      // `<img` followed by whitespace, `/` or `>` (not `<imgur>`).
      if (next === 0x20 || next === 0x2f || next === 0x3e || (next >= 0x09 && next <= 0x0d)) {
        sawAny = true
        yield html.slice(at, end + 1)
      }
      at = html.indexOf(open, end)
    }
  }
}

/** A pixel size from an HTML attribute (`640`, `640px`); undefined when absent or not a number. */
function dimension(value: string | null): number | undefined {
  if (value === null) return undefined
  const n = Number.parseInt(value, 10)
  return Number.isFinite(n) ? n : undefined
}

const ATTRIBUTE = /\s([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g

/** The attributes of an `<img>` tag that matter here, in one pass over the tag. */
function imgAttributes(tag: string): { src: string | null; lazy: string | null; width: string | null; height: string | null } {
  const out = { src: null as string | null, lazy: null as string | null, width: null as string | null, height: null as string | null }
  ATTRIBUTE.lastIndex = 0
  let m: RegExpExecArray | null
  while ((m = ATTRIBUTE.exec(tag)) !== null) {
    const value = (m[2] ?? m[3] ?? m[4] ?? '').trim() || null
    const name = m[1].toLowerCase()
    if (name === 'src') out.src ??= value
    else if (name === 'data-src') out.lazy ??= value
    else if (name === 'width') out.width ??= value
    else if (name === 'height') out.height ??= value
  }
  return out
}
