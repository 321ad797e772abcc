/** JSON Feed 1.0 / 1.1 as parsed by feedsmith → NormalizedFeed. */
import type { JsonFeed } from 'feedsmith'
import { type EntryDraft, finishEntry, type NormalizeContext } from './entry.ts'
import { MediaCollector, mediaKind } from './media.ts'
import { parseDate } from './parseDate.ts'
import { person, uniquePeople } from './person.ts'
import { rootBase, webUrl } from './resolveUrl.ts'
import { describePlain, languageTag, nonEmpty, plainTitle, textToHtml } from './text.ts'
import type { NormalizedAuthor, NormalizedFeed } from './types.ts'

type Item = JsonFeed.Item<string>

function jsonPerson(a: JsonFeed.Author | undefined, base: string | null): NormalizedAuthor | null {
  return a ? person(a.name, null, webUrl(a.url, base) ?? a.url) : null
}

function draftItem(item: Item, base: string | null, feedAuthor: JsonFeed.Author | undefined): EntryDraft {
  const media = new MediaCollector(base)
  if (item.image) media.addMedia(item.image, 'photo')
  if (item.banner_image) media.addMedia(item.banner_image, 'photo')
  for (const a of item.attachments ?? []) {
    media.addAttachment(a.url, { mimeType: a.mime_type, size: a.size_in_bytes, duration: a.duration_in_seconds, title: a.title })
    const kind = a.url ? mediaKind(a.url, a.mime_type) : 'other'
    if (kind === 'photo' || kind === 'video') media.addMedia(a.url, kind)
  }
  const authorSource = item.authors?.[0] ?? feedAuthor
  const id = item.id as unknown
  return {
    id: typeof id === 'number' ? String(id) : nonEmpty(item.id),
    title: plainTitle(item.title),
    url: webUrl(item.url ?? item.external_url, base),
    summaryHtml: item.summary ? textToHtml(item.summary) : null,
    contentHtml: item.content_html ?? (item.content_text ? textToHtml(item.content_text) : null),
    contentBase: webUrl(item.url, base) ?? base,
    author: jsonPerson(authorSource, base),
    authorAvatar: webUrl(authorSource?.avatar, base),
    rawPublished: item.date_published ?? null,
    rawUpdated: item.date_modified ?? null,
    categories: item.tags ?? [],
    media,
    language: languageTag(item.language),
  }
}

/** Normalizes a JSON Feed. */
export function fromJson(feed: JsonFeed.Feed<string>, ctx: NormalizeContext): NormalizedFeed {
  const base = rootBase(ctx.feedUrl, feed.home_page_url)
  const language = languageTag(feed.language)
  const items = feed.items ?? []
  let latest: number | null = null
  for (const item of items) {
    const t = parseDate(item.date_modified ?? item.date_published)?.getTime()
    if (t !== undefined && (latest === null || t > latest)) latest = Math.min(t, ctx.now.getTime())
  }
  return {
    title: plainTitle(feed.title),
    description: describePlain(feed.description),
    siteUrl: webUrl(feed.home_page_url, base),
    feedUrl: ctx.feedUrl,
    image: webUrl(feed.icon ?? feed.favicon, base),
    language,
    updatedAt: latest === null ? null : new Date(latest).toISOString(),
    authors: uniquePeople((feed.authors ?? []).map((a) => jsonPerson(a, base))),
    ttlMinutes: null,
    entries: items.map((item) => finishEntry(draftItem(item, base, feed.authors?.[0]), ctx, language)),
  }
}
