/** RSS 0.9x/2.0 and RDF (RSS 0.90/1.0) as parsed by feedsmith → NormalizedFeed. */
import type { AtomFeed, RdfFeed, RssFeed, SyNs } from 'feedsmith'
import { type EntryDraft, finishEntry, type NormalizeContext } from './entry.ts'
import { MediaCollector, mediaKind } from './media.ts'
import { firstDate } from './parseDate.ts'
import { parsePerson, person, uniquePeople } from './person.ts'
import { joinBase, rootBase, webUrl } from './resolveUrl.ts'
import { describe, htmlTitle, languageTag, nonEmpty } from './text.ts'
import type { NormalizedAuthor, NormalizedFeed } from './types.ts'

/** RDF items and channels carry a subset of RSS 2.0's fields (plus `rdf:about`), so one mapper serves both. */
type Item = RssFeed.Item<string> & { rdf?: { about?: string } }
type AtomLinks = AtomFeed.Link<string>[] | undefined

/** The `rel="alternate"` (or rel-less) link of a list of Atom links, preferring HTML. */
export function alternateLink(links: AtomLinks): string | null {
  if (!links?.length) return null
  const alternates = links.filter((l) => !l.rel || l.rel === 'alternate')
  const html = alternates.find((l) => !l.type || /html/i.test(l.type))
  return (html ?? alternates[0])?.href ?? null
}

/**
 * What a reader sees of an Atom category: its `label` ("a human-readable label for display in
 * end-user applications", RFC 4287 §4.2.2.3), else its `term` (an identifier, often a slug).
 */
export function categoryLabel(c: AtomFeed.Category): string | undefined {
  return c.label?.trim() ? c.label : c.term
}

/** A media:category the same way: its `label` (Media RSS: "the human readable label that can be displayed in end user applications"), else its text. */
export function mediaCategoryLabel(c: { name?: string; label?: string }): string | undefined {
  return c.label?.trim() ? c.label : c.name
}

/** Minutes between updates from `sy:updatePeriod` / `sy:updateFrequency`. */
export function syndicationMinutes(sy: SyNs.Feed<string> | undefined): number | null {
  if (!sy?.updatePeriod) return null
  const periods: Record<string, number> = { hourly: 60, daily: 1440, weekly: 10080, monthly: 43200, yearly: 525600 }
  const period = periods[sy.updatePeriod.trim().toLowerCase()]
  if (!period) return null
  const frequency = sy.updateFrequency && sy.updateFrequency > 0 ? sy.updateFrequency : 1
  return Math.max(1, Math.round(period / frequency))
}

function rssAuthor(people: RssFeed.Person[] | undefined): NormalizedAuthor | null {
  const p = people?.[0]
  return p ? person(p.name, p.email, p.link) : null
}

/**
 * The author an item without one of its own is credited to: the channel's itunes:author (feedparser
 * documents it as a source of every entry's author), dc:creator, or Atom author. Not
 * managingEditor or webMaster: RSS 2.0 names them the people responsible for the editorial content
 * and the technical side, and on a site with many writers the editor did not write each item.
 */
function channelAuthor(feed: RssFeed.Feed<string>): NormalizedAuthor | null {
  const atomAuthor = feed.atom?.authors?.[0]
  return (
    parsePerson(feed.itunes?.author) ??
    parsePerson(feed.dc?.creators?.[0]) ??
    (atomAuthor ? person(atomAuthor.name, atomAuthor.email, atomAuthor.uri) : null)
  )
}

function draftItem(item: Item, feedBase: string | null, inherited: NormalizedAuthor | null): EntryDraft {
  const base = joinBase(feedBase, item.xml?.base)
  const atom = item.atom
  const guid = item.guid
  const guidUrl = guid?.value && guid.isPermaLink !== false && /^https?:\/\//i.test(guid.value) ? guid.value : null
  const media = new MediaCollector(base)

  const duration = item.itunes?.duration
  let durationUsed = false
  for (const enclosure of item.enclosures ?? []) {
    const timed = !durationUsed && duration && /^(audio|video)\//i.test(enclosure.type ?? 'audio/')
    media.addEnclosure(enclosure.url, enclosure.type, enclosure.length, timed ? duration : undefined)
    if (timed) durationUsed = true
  }
  for (const link of atom?.links ?? []) {
    if (link.rel === 'enclosure') media.addEnclosure(link.href, link.type, link.length, undefined, link.title)
  }
  media.addMediaRss(item.media)
  if (item.itunes?.image) media.addMedia(item.itunes.image, 'photo')

  const dc = item.dc
  const author =
    rssAuthor(item.authors) ??
    parsePerson(dc?.creators?.[0]) ??
    parsePerson(item.itunes?.author) ??
    (atom?.authors?.[0] ? person(atom.authors[0].name, atom.authors[0].email, atom.authors[0].uri) : null) ??
    inherited

  return {
    id: nonEmpty(guid?.value) ?? nonEmpty(atom?.id) ?? nonEmpty(item.rdf?.about),
    title: htmlTitle(item.title ?? dc?.titles?.[0] ?? item.itunes?.title ?? item.media?.title?.value ?? atom?.title?.value),
    url: webUrl(item.link ?? guidUrl ?? alternateLink(atom?.links), base),
    summaryHtml:
      item.description ??
      dc?.descriptions?.[0] ??
      item.itunes?.summary ??
      item.itunes?.subtitle ??
      item.media?.description?.value ??
      item.media?.groups?.find((g) => g.description)?.description?.value ??
      atom?.summary?.value ??
      null,
    contentHtml: item.content?.encoded ?? atom?.content?.value ?? null,
    contentBase: base,
    author,
    authorAvatar: null,
    rawPublished:
      item.pubDate ?? dc?.dates?.[0] ?? item.dcterms?.issued?.[0] ?? item.dcterms?.created?.[0] ?? atom?.published ?? null,
    rawUpdated: atom?.updated ?? item.dcterms?.modified?.[0] ?? null,
    categories: [
      ...(item.categories ?? []).map((c) => c.name),
      ...(dc?.subjects ?? []),
      ...(atom?.categories ?? []).map(categoryLabel),
      ...(item.media?.categories ?? []).map(mediaCategoryLabel),
    ],
    media,
    language: languageTag(item.xml?.lang) ?? languageTag(dc?.languages?.[0]),
  }
}

/** Normalizes an RSS or RDF feed. */
export function fromRss(parsed: RssFeed.Feed<string> | RdfFeed.Feed<string>, ctx: NormalizeContext): NormalizedFeed {
  const feed = parsed as RssFeed.Feed<string>
  const atom = feed.atom
  const feedBase = joinBase(rootBase(ctx.feedUrl, feed.link), feed.xml?.base)
  const dc = feed.dc
  const language = languageTag(feed.language) ?? languageTag(dc?.languages?.[0]) ?? languageTag(feed.xml?.lang)
  const items: Item[] = feed.items ?? []
  const inherited = channelAuthor(feed)

  const updated = firstDate(feed.lastBuildDate, feed.pubDate, dc?.dates?.[0], feed.dcterms?.modified?.[0], atom?.updated)
  return {
    title: htmlTitle(feed.title ?? dc?.titles?.[0] ?? feed.itunes?.title ?? atom?.title?.value),
    description: describe(feed.description ?? feed.itunes?.summary ?? feed.itunes?.subtitle ?? dc?.descriptions?.[0] ?? atom?.subtitle?.value),
    // The channel's <link> is its site (RSS 2.0); an atom:link alternate stands in when it is
    // missing, empty or not a web URL (feedsmith keeps the first of several <link> elements).
    siteUrl: webUrl(feed.link, feedBase) ?? webUrl(alternateLink(atom?.links), feedBase),
    feedUrl: ctx.feedUrl,
    image: webUrl(
      feed.image?.url ??
        feed.itunes?.image ??
        atom?.logo ??
        atom?.icon ??
        feed.media?.thumbnails?.[0]?.url ??
        feed.media?.contents?.find((c) => c.url && mediaKind(c.url, c.type, c.medium) === 'photo')?.url,
      feedBase,
    ),
    language,
    updatedAt: updated ? new Date(Math.min(updated.getTime(), ctx.now.getTime())).toISOString() : null,
    authors: uniquePeople([
      feed.managingEditor ? person(feed.managingEditor.name, feed.managingEditor.email, feed.managingEditor.link) : null,
      ...(dc?.creators ?? []).map(parsePerson),
      parsePerson(feed.itunes?.author),
      ...(atom?.authors ?? []).map((a) => person(a.name, a.email, a.uri)),
    ]),
    ttlMinutes: feed.ttl && feed.ttl > 0 ? Math.round(feed.ttl) : syndicationMinutes(feed.sy),
    entries: items.map((item) => finishEntry(draftItem(item, feedBase, inherited), ctx, language)),
  }
}
