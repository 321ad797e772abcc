/**
 * The feed engine's format-neutral shape: what parse → normalize → sanitize hands to storage.
 * Every date is an ISO-8601 UTC string (`2024-05-01T12:00:00.000Z`).
 */

/** A person credited by the feed (channel author, managing editor, Atom author, JSON Feed author). */
export type NormalizedAuthor = {
  name: string | null
  email: string | null
  url: string | null
}

/** A picture or video shown with an entry (enclosures, Media RSS, itunes:image, images of the content). */
export type NormalizedMedia = {
  url: string
  type: 'photo' | 'video'
  width?: number
  height?: number
  /** Poster / thumbnail of a video. */
  preview?: string
}

/** A downloadable file of an entry, JSON Feed style (podcast audio, PDFs, …). */
export type NormalizedAttachment = {
  url: string
  mime_type?: string
  size_in_bytes?: number
  duration_in_seconds?: number
  title?: string
}

/** One item of a feed. */
export type NormalizedEntry = {
  /** Stable identity within the feed: the feed's own id, else the link, else sha1(title + date). */
  guid: string
  /** Plain text, entities decoded, HTML stripped. */
  title: string | null
  url: string | null
  /** Plain text, at most 300 characters. */
  description: string | null
  /** Sanitized HTML (unless parseFeed was told not to sanitize). */
  content: string | null
  /**
   * Only when normalize ran with `deferSanitize`: `content` is the feed's HTML as it came, to be
   * sanitized against this base URL when it is stored (an unchanged entry is never sanitized).
   */
  contentBase?: string | null
  author: string | null
  authorUrl: string | null
  authorAvatar: string | null
  /** Never in the future; the fetch time when the feed gives no date. */
  publishedAt: string
  updatedAt: string | null
  categories: string[]
  media: NormalizedMedia[]
  attachments: NormalizedAttachment[]
  language: string | null
}

/** A parsed feed with its entries. */
export type NormalizedFeed = {
  title: string | null
  /** Plain text. */
  description: string | null
  siteUrl: string | null
  feedUrl: string
  image: string | null
  language: string | null
  updatedAt: string | null
  authors: NormalizedAuthor[]
  ttlMinutes: number | null
  entries: NormalizedEntry[]
}
