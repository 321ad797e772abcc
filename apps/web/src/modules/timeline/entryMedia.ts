/** Pictures, videos and audio of an entry, as the timeline shows them. */
import type { Entry, EntryAttachment, EntryMedia } from '../../store/index.ts'

const IMG_SRC = /<img[^>]+src=["']([^"']+)["']/i

/** The first picture: media photo, a video's preview, else the first <img> of the body. */
export function thumbnailOf(entry: Pick<Entry, 'media' | 'content' | 'description'>): { url: string; width?: number; height?: number } | null {
  const media = entry.media ?? []
  const photo = media.find((m) => m.type === 'photo')
  if (photo) return { url: photo.url, width: photo.width, height: photo.height }
  const video = media.find((m) => m.type === 'video' && m.preview)
  if (video?.preview) return { url: video.preview, width: video.width, height: video.height }
  // Only the HTML body: the description is plain text, an `<img` in it is words.
  const match = IMG_SRC.exec(entry.content ?? '')
  return match ? { url: match[1].replace(/&amp;/g, '&') } : null
}

/** Every photo and video of an entry. */
export function mediaOf(entry: Pick<Entry, 'media'>): EntryMedia[] {
  return (entry.media ?? []).filter((m) => !!m.url)
}

const AUDIO_EXT = /\.(mp3|m4a|aac|ogg|oga|opus|wav|flac)(\?|#|$)/i

/** The entry's first audio attachment (podcast enclosure). */
export function audioOf(entry: Pick<Entry, 'attachments'>): EntryAttachment | null {
  return (entry.attachments ?? []).find((a) => a.mime_type?.startsWith('audio/') || AUDIO_EXT.test(a.url)) ?? null
}

/** The entry's first video (media or attachment). */
export function videoOf(entry: Pick<Entry, 'media' | 'attachments'>): { url: string; poster?: string } | null {
  const media = (entry.media ?? []).find((m) => m.type === 'video')
  if (media) return { url: media.url, poster: media.preview }
  const attachment = (entry.attachments ?? []).find((a) => a.mime_type?.startsWith('video/'))
  return attachment ? { url: attachment.url } : null
}

const previews = new WeakMap<object, { thumbnail: ReturnType<typeof thumbnailOf>; text: string }>()

/** A list row's thumbnail and two-line text, computed once per entry object (rows re-render often while scrolling). */
export function listPreview(entry: Pick<Entry, 'media' | 'content' | 'description'>): { thumbnail: ReturnType<typeof thumbnailOf>; text: string } {
  let hit = previews.get(entry)
  if (!hit) {
    const head = { media: entry.media, content: entry.content ? entry.content.slice(0, 20_000) : null, description: entry.description }
    hit = { thumbnail: thumbnailOf(head), text: plainText((entry.description ?? entry.content ?? '').slice(0, 1200), 240) }
    previews.set(entry, hit)
  }
  return hit
}

/** Plain text of HTML, for previews. */
export function plainText(html: string | null | undefined, max = 300): string {
  if (!html) return ''
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > max ? `${text.slice(0, max)}…` : text
}
