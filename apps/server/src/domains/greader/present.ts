/** Google Reader answers: items as JSON (stream/contents) and as Atom (reader/atom), as Google Reader and FeedHQ served them. */
import { longItemId, STATE } from './ids.ts'

/** An entry with what a client needs to show it. */
export type ReaderItem = {
  id: string
  feedId: string
  title: string | null
  url: string | null
  author: string | null
  /** Sanitized HTML (or the HTML-escaped summary). */
  html: string
  publishedAt: string
  insertedAt: string
  read: boolean
  starred: boolean
  /** The subscription's label (category), if any. */
  label: string | null
  origin: { title: string; htmlUrl: string | null }
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
/** Plain text → HTML (and XML) text. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] as string)
// XML 1.0 forbids most control characters even when escaped.
// eslint-disable-next-line no-control-regex
const xmlText = (text: string) => escapeHtml(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ''))

const usec = (iso: string) => `${Date.parse(iso)}000`
const sec = (iso: string) => Math.floor(Date.parse(iso) / 1000)

function categoriesOf(item: ReaderItem, user: string): string[] {
  const out = [`user/${user}/state/com.google/${STATE.readingList}`]
  out.push(`user/${user}/state/com.google/${item.read ? STATE.read : STATE.fresh}`)
  if (item.starred) out.push(`user/${user}/state/com.google/${STATE.starred}`)
  if (item.label) out.push(`user/${user}/label/${item.label}`)
  return out
}

/** One item of stream/contents and stream/items/contents. */
export function itemJson(item: ReaderItem, userId: string) {
  return {
    id: longItemId(item.id),
    crawlTimeMsec: String(Date.parse(item.insertedAt)),
    timestampUsec: usec(item.publishedAt),
    published: sec(item.publishedAt),
    updated: sec(item.publishedAt),
    title: escapeHtml(item.title ?? ''),
    author: item.author ?? '',
    canonical: item.url ? [{ href: item.url }] : [],
    alternate: item.url ? [{ href: item.url, type: 'text/html' }] : [],
    categories: categoriesOf(item, userId),
    origin: { streamId: `feed/${item.feedId}`, title: escapeHtml(item.origin.title), htmlUrl: item.origin.htmlUrl ?? '' },
    summary: { direction: 'ltr', content: item.html },
  }
}

const SCHEME = 'http://www.google.com/reader/'

/** The Atom form of a stream (reader/atom/{streamId}). */
export function atomFeed(input: { streamId: string; title: string; selfUrl: string; userId: string; items: ReaderItem[]; continuation: string | null }): string {
  const { userId } = input
  const updated = new Date(input.items[0] ? Date.parse(input.items[0].publishedAt) : Date.now()).toISOString()
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:gr="http://www.google.com/schemas/reader/atom/" xmlns:idx="urn:atom-extension:indexing" idx:index="no" gr:dir="ltr">`,
    '<generator uri="https://github.com/brook">Brook</generator>',
    `<id>tag:google.com,2005:reader/${xmlText(input.streamId)}</id>`,
    `<title>${xmlText(input.title)}</title>`,
    input.continuation ? `<gr:continuation>${xmlText(input.continuation)}</gr:continuation>` : '',
    `<link rel="self" href="${xmlText(input.selfUrl)}"/>`,
    `<updated>${updated}</updated>`,
  ]
  for (const item of input.items) {
    const categories = categoriesOf(item, userId)
      .map((term) => `<category term="${xmlText(term)}" scheme="${SCHEME}" label="${xmlText(term.slice(term.lastIndexOf('/') + 1))}"/>`)
      .join('')
    lines.push(
      `<entry gr:crawl-timestamp-msec="${Date.parse(item.insertedAt)}">`,
      `<id gr:original-id="${xmlText(item.url ?? '')}">${longItemId(item.id)}</id>`,
      categories,
      `<title type="html">${xmlText(escapeHtml(item.title ?? ''))}</title>`,
      `<published>${new Date(item.publishedAt).toISOString()}</published>`,
      `<updated>${new Date(item.publishedAt).toISOString()}</updated>`,
      item.url ? `<link rel="alternate" href="${xmlText(item.url)}" type="text/html"/>` : '',
      `<content type="html">${xmlText(item.html)}</content>`,
      item.author ? `<author><name>${xmlText(item.author)}</name></author>` : '<author gr:unknown-author="true"><name>(author unknown)</name></author>',
      `<source gr:stream-id="feed/${item.feedId}"><id>tag:google.com,2005:reader/feed/${item.feedId}</id><title type="html">${xmlText(escapeHtml(item.origin.title))}</title>${item.origin.htmlUrl ? `<link rel="alternate" href="${xmlText(item.origin.htmlUrl)}" type="text/html"/>` : ''}</source>`,
      '</entry>',
    )
  }
  lines.push('</feed>')
  return lines.filter(Boolean).join('\n')
}
