/** Atom 0.3 / 1.0 as parsed by feedsmith → NormalizedFeed. */
import type { AtomFeed } from 'feedsmith'
import { type EntryDraft, finishEntry, type NormalizeContext } from './entry.ts'
import { alternateLink, categoryLabel, mediaCategoryLabel, syndicationMinutes } from './fromRss.ts'
import { MediaCollector } from './media.ts'
import { firstDate } from './parseDate.ts'
import { person, uniquePeople } from './person.ts'
import { joinBase, rootBase, webUrl } from './resolveUrl.ts'
import { describe, htmlTitle, languageTag, nonEmpty, plainTitle, textToHtml } from './text.ts'
import type { NormalizedAuthor, NormalizedFeed } from './types.ts'

type Entry = AtomFeed.Entry<string>
type Text = AtomFeed.Text | AtomFeed.Content

const MARKUP = /<\/?[a-zA-Z][\w:-]*(?:\s[^>]*)?\/?>|&(?:#\d+|#x[\da-f]+|[a-z]+\d*);/i

/** How an Atom text construct's value must be read. */
function textKind(t: Text | undefined): 'html' | 'text' | 'other' {
  const type = t?.type?.trim().toLowerCase()
  if (type === 'html' || type === 'xhtml' || type === 'text/html' || type === 'application/xhtml+xml' || type === 'escaped') return 'html'
  if (type === 'text' || type === 'text/plain') return 'text'
  // No type: sniff the start of the value (bounded, so a crafted value cannot make it slow).
  if (type === undefined || type === '') return t?.value && MARKUP.test(t.value.slice(0, 4096)) ? 'html' : 'text'
  if (type.startsWith('text/')) return 'text'
  // XML and JSON media types are textual (RFC 4287 §4.1.3.3); anything else is base64.
  if (/[/+](?:xml|json)$/.test(type) || type.endsWith('/xml')) return 'text'
  return 'other'
}

const BASE64 = /^[A-Za-z0-9+/=\s]+$/

/** Any other MIME type means base64 (RFC 4287 §4.1.3.3); decoded when it is text. */
function decodeOther(value: string): { value: string; kind: 'html' | 'text' } | null {
  if (!BASE64.test(value)) return null
  const decoded = Buffer.from(value, 'base64').toString('utf8')
  // eslint-disable-next-line no-control-regex -- looking for binary data on purpose
  if (decoded.includes('\uFFFD') || /[\u0000-\u0008]/.test(decoded)) return null
  return { value: decoded, kind: MARKUP.test(decoded.slice(0, 4096)) ? 'html' : 'text' }
}

/** A text construct's value and how to read it. */
function readText(t: Text | undefined): { value: string; kind: 'html' | 'text' } | null {
  if (!t?.value) return null
  const kind = textKind(t)
  // A value that does not decode to text is shown as it is.
  if (kind === 'other') return decodeOther(t.value) ?? { value: t.value, kind: 'text' }
  return { value: t.value, kind }
}

/** A title-like text construct → plain text. */
function titleOf(t: Text | undefined): string | null {
  const text = readText(t)
  if (!text) return null
  return text.kind === 'html' ? htmlTitle(text.value) : plainTitle(text.value)
}

/** A summary/content construct → HTML. */
function htmlOf(t: Text | undefined): string | null {
  const text = readText(t)
  if (!text) return null
  return text.kind === 'html' ? text.value : textToHtml(text.value)
}

function atomPerson(p: AtomFeed.Person | undefined, base: string | null): NormalizedAuthor | null {
  return p ? person(p.name, p.email, webUrl(p.uri, base) ?? p.uri) : null
}

function draftEntry(entry: Entry, feedBase: string | null, feedAuthor: NormalizedAuthor | null): EntryDraft {
  const base = joinBase(feedBase, entry.xml?.base)
  const media = new MediaCollector(base)
  for (const link of entry.links ?? []) {
    if (link.rel === 'enclosure') media.addEnclosure(link.href, link.type, link.length, entry.itunes?.duration, link.title)
  }
  media.addMediaRss(entry.media)
  if (entry.itunes?.image) media.addMedia(entry.itunes.image, 'photo')
  const ytVideo = entry.yt?.videoId
  if (ytVideo && !entry.media) media.addMedia(`https://www.youtube.com/watch?v=${ytVideo}`, 'video')

  const authorPerson = atomPerson(entry.authors?.[0], base) ?? atomPerson(entry.source?.authors?.[0], base)
  const author = authorPerson ?? (entry.dc?.creators?.[0] ? person(entry.dc.creators[0], null, null) : null) ?? feedAuthor
  const content = entry.content?.src && !entry.content.value ? undefined : entry.content

  return {
    id: nonEmpty(entry.id),
    title: titleOf(entry.title) ?? htmlTitle(entry.dc?.titles?.[0] ?? entry.media?.title?.value),
    url: webUrl(alternateLink(entry.links) ?? entry.content?.src, base),
    summaryHtml:
      htmlOf(entry.summary) ??
      entry.media?.description?.value ??
      entry.media?.groups?.find((g) => g.description)?.description?.value ??
      entry.itunes?.summary ??
      null,
    contentHtml: htmlOf(content),
    contentBase: joinBase(base, content?.xml?.base ?? entry.summary?.xml?.base),
    author,
    authorAvatar: null,
    rawPublished: entry.published ?? entry.dc?.dates?.[0] ?? entry.dcterms?.issued?.[0] ?? entry.dcterms?.created?.[0] ?? null,
    rawUpdated: entry.updated ?? entry.dcterms?.modified?.[0] ?? null,
    categories: [
      ...(entry.categories ?? []).map(categoryLabel),
      ...(entry.dc?.subjects ?? []),
      ...(entry.media?.categories ?? []).map(mediaCategoryLabel),
    ],
    media,
    // The language of the body (content, else summary, else title), inherited from the entry.
    language:
      languageTag((content ?? entry.summary ?? entry.title)?.xml?.lang) ??
      languageTag(entry.xml?.lang) ??
      languageTag(entry.dc?.languages?.[0]),
  }
}

/** Normalizes an Atom feed. */
export function fromAtom(feed: AtomFeed.Feed<string>, ctx: NormalizeContext): NormalizedFeed {
  const feedBase = joinBase(rootBase(ctx.feedUrl, alternateLink(feed.links)), feed.xml?.base)
  const language =
    languageTag(feed.xml?.lang) ??
    languageTag(feed.dc?.languages?.[0]) ??
    languageTag(feed.title?.xml?.lang) ??
    languageTag(feed.subtitle?.xml?.lang)
  const authors = uniquePeople([...(feed.authors ?? []).map((a) => atomPerson(a, feedBase)), ...(feed.dc?.creators ?? []).map((c) => person(c, null, null))])
  const updated = firstDate(feed.updated, feed.dc?.dates?.[0])
  const subtitle = feed.subtitle
  return {
    title: titleOf(feed.title) ?? htmlTitle(feed.dc?.titles?.[0]),
    description: subtitle?.value
      ? describe(htmlOf(subtitle))
      : describe(feed.itunes?.summary ?? feed.dc?.descriptions?.[0]),
    siteUrl: webUrl(alternateLink(feed.links), feedBase),
    feedUrl: ctx.feedUrl,
    image: webUrl(feed.logo ?? feed.icon ?? feed.itunes?.image, feedBase),
    language,
    updatedAt: updated ? new Date(Math.min(updated.getTime(), ctx.now.getTime())).toISOString() : null,
    authors,
    ttlMinutes: syndicationMinutes(feed.sy),
    entries: (feed.entries ?? []).map((entry) => finishEntry(draftEntry(entry, feedBase, authors[0] ?? null), ctx, language)),
  }
}
