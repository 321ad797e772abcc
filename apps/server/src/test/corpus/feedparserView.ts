/**
 * Test support: presents a NormalizedFeed the way feedparser's result looks to its `Expect:`
 * expressions (`feed['title']`, `entries[0]['content'][0]['value']` …), through a mapping table
 * from feedparser keys to Brook fields. Keys with no counterpart in Brook's shape return NA.
 * Each mapped leaf is a Field that compares by the rules of the Brook field behind it:
 * plain-text fields against the text of the expected value, HTML by DOM shape, URLs normalized,
 * dates as Python time tuples.
 */
import { parseHTML } from 'linkedom'
import type { NormalizedAttachment, NormalizedAuthor, NormalizedEntry, NormalizedFeed } from '../../reader/normalize/types.ts'
import { htmlToText } from '../../reader/sanitizer/htmlToText.ts'
import { type Comparable, type Env, NA, type PyValue, pyEquals } from './pyExpect.ts'

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim()
const HAS_MARKUP = /<[a-zA-Z!/]/

/** The little of the DOM that canonicalHtml reads (linkedom nodes; the project compiles without lib.dom). */
type DomNode = {
  nodeType: number
  textContent: string | null
  childNodes: ArrayLike<DomNode>
  tagName?: string
  attributes?: ArrayLike<{ name: string; value: string }>
}

/**
 * Canonical form of an HTML fragment: tags, sorted attributes and collapsed text, with Brook's
 * link/iframe additions and a lone attribute-less wrapping <div> (the Atom XHTML wrapper) left out.
 */
export function canonicalHtml(html: string | null): string {
  if (!html) return ''
  // linkedom's types lean on lib.dom, which the server does not compile with: read through a narrow shape.
  const { document } = parseHTML(`<!DOCTYPE html><html><body>${html}</body></html>`) as unknown as { document: { body: DomNode } }
  const out: string[] = []
  const walk = (node: DomNode) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === 3) {
        const text = collapse(child.textContent ?? '')
        if (text) out.push(text)
      } else if (child.nodeType === 1) {
        const el = child
        const tag = (el.tagName ?? '').toLowerCase()
        const attrs = Array.from(el.attributes ?? [])
          .filter((a) => !((tag === 'a' && (a.name === 'rel' || a.name === 'target')) || (tag === 'iframe' && a.name === 'sandbox')))
          .map((a) => {
            const value = a.name === 'href' || a.name === 'src' ? (URL.parse(a.value.trim())?.href ?? a.value.trim()) : collapse(a.value)
            return `${a.name}="${value}"`
          })
          .sort()
        out.push(`<${tag}${attrs.length ? ` ${attrs.join(' ')}` : ''}>`)
        walk(el)
        out.push(`</${tag}>`)
      }
    }
  }
  walk(document.body)
  const joined = out.join('')
  const wrapped = /^<div>(.*)<\/div>$/.exec(joined)
  return wrapped && !/<\/div>.*<div>/.test(wrapped[1]) ? wrapped[1] : joined
}

type Kind = 'text' | 'plainDescription' | 'summary' | 'html' | 'url' | 'media' | 'date' | 'author' | 'raw' | 'number'

/** A mapped Brook value with the comparison rule of its field. */
export class Field implements Comparable {
  readonly kind: Kind
  readonly value: unknown

  constructor(kind: Kind, value: unknown) {
    this.kind = kind
    this.value = value
  }

  truthy(): boolean {
    const v = this.value
    if (this.kind === 'summary') {
      const s = v as { description: string | null; content: string | null }
      return !!(s.description || s.content)
    }
    if (this.kind === 'author') return !!(v as NormalizedAuthor | null)?.name || !!(v as NormalizedAuthor | null)?.email
    return v !== null && v !== undefined && v !== ''
  }

  equals(other: unknown): boolean | typeof NA {
    if (other instanceof Field) return JSON.stringify(this.value) === JSON.stringify(other.value)
    if (other === null) return !this.truthy()
    if (typeof other === 'boolean') return NA
    const v = this.value
    switch (this.kind) {
      case 'text': {
        if (typeof other !== 'string') return false
        const ours = (v as string | null) ?? ''
        return ours === htmlToText(other) || ours === collapse(other)
      }
      case 'plainDescription': {
        if (typeof other !== 'string') return false
        const ours = (v as string | null) ?? ''
        return ours === htmlToText(other, 300) || ours === htmlToText(collapse(other).replace(/</g, '&lt;'), 300)
      }
      case 'summary': {
        if (typeof other !== 'string') return false
        const s = v as { description: string | null; content: string | null }
        if ((s.description ?? '') === collapse(other)) return true
        if (HAS_MARKUP.test(other)) return canonicalHtml(s.content) === canonicalHtml(other)
        return (s.description ?? '') === htmlToText(other, 300)
      }
      case 'html': {
        if (typeof other !== 'string') return false
        const ours = v as string | null
        if (canonicalHtml(ours) === canonicalHtml(other)) return true
        // Plain-text content (type="text") comes back from feedparser unescaped.
        const text = htmlToText(ours ?? '')
        return text === collapse(other) || (!HAS_MARKUP.test(other) && text === htmlToText(other))
      }
      case 'url': {
        if (typeof other !== 'string') return false
        const norm = (s: string) => URL.parse(s.trim())?.href ?? s.trim()
        return (v as string | null) !== null && norm(v as string) === norm(other)
      }
      case 'media': {
        // Brook merges enclosure, Media RSS and iTunes pictures into one list: any of them matches.
        if (typeof other !== 'string') return false
        const want = URL.parse(other.trim())?.href ?? other.trim()
        return (v as NormalizedEntry['media']).some((m) => m.url === want || m.preview === want)
      }
      case 'date': {
        if (!Array.isArray(other)) return false
        return JSON.stringify(timeTuple(v as string | null)) === JSON.stringify(other)
      }
      case 'author': {
        if (typeof other !== 'string') return false
        const a = v as NormalizedAuthor | null
        if (!a) return other === ''
        const want = htmlToText(other)
        const candidates = [a.name, a.email, a.name && a.email ? `${a.name} (${a.email})` : null]
        if (candidates.some((c) => c !== null && c === want)) return true
        // Entries keep only a display name; feedparser's `Name (email)` matches on its name part.
        const split = /^(.*?) \((\S+@\S+)\)$/.exec(want)
        return !!split && a.email === null && a.name === split[1]
      }
      case 'number':
        return v !== null && String(v) === String(other).trim()
      default:
        return (v ?? null) === (typeof other === 'string' ? other.trim() : other)
    }
  }
}

/** Python's time.struct_time of an ISO date, as a 9-item list. */
export function timeTuple(iso: string | null): number[] | null {
  if (!iso) return null
  const d = new Date(iso)
  const start = Date.UTC(d.getUTCFullYear(), 0, 1)
  const yday = Math.floor((d.getTime() - start) / 86_400_000) + 1
  const wday = (d.getUTCDay() + 6) % 7
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), wday, yday, 0]
}

/** A dict-like object of the feedparser result; unmapped keys are NA. Compares with a Python dict key by key. */
export class View implements Comparable {
  readonly entries: Record<string, () => PyValue>

  constructor(entries: Record<string, () => PyValue>) {
    this.entries = entries
  }

  get(key: string): PyValue {
    const f = this.entries[key]
    return f ? f() : NA
  }

  truthy(): boolean {
    return true
  }

  equals(other: unknown): boolean | typeof NA {
    if (other === null || typeof other !== 'object' || Array.isArray(other) || other instanceof View) return false
    for (const [key, value] of Object.entries(other)) {
      const mine = this.get(key)
      if (mine === NA) return NA
      const r = pyEquals(mine, value)
      if (r !== true) return r
    }
    return true
  }
}

/**
 * A list of the result. Reading past its end gives `missing()` — a view whose mapped fields are
 * empty — so that a check on an unmapped key is still "not applicable" while a check on a mapped
 * one fails, as it should when Brook lacks the item.
 */
export class ListView {
  readonly items: PyValue[]
  readonly missing: () => PyValue

  constructor(items: PyValue[], missing: () => PyValue) {
    this.items = items
    this.missing = missing
  }
}

const detail = (value: () => PyValue, language: string | null) =>
  new View({ value, language: () => new Field('raw', language) })

const NO_PERSON: NormalizedAuthor = { name: null, email: null, url: null }

function personView(p: NormalizedAuthor = NO_PERSON): View {
  return new View({
    name: () => new Field('text', p.name),
    email: () => new Field('raw', p.email),
    href: () => new Field('url', p.url),
    url: () => new Field('url', p.url),
  })
}

function feedView(feed: NormalizedFeed): View {
  const title = () => new Field('text', feed.title)
  const description = () => new Field('plainDescription', feed.description)
  const image = () => new Field('url', feed.image)
  const updated = () => new Field('date', feed.updatedAt)
  return new View({
    title,
    title_detail: () => detail(title, feed.language),
    subtitle: description,
    tagline: description,
    description,
    subtitle_detail: () => detail(description, feed.language),
    tagline_detail: () => detail(description, feed.language),
    link: () => new Field('url', feed.siteUrl),
    language: () => new Field('raw', feed.language),
    author: () => new Field('author', feed.authors[0] ?? null),
    author_detail: () => personView(feed.authors[0]),
    authors: () => new ListView(feed.authors.map((a) => personView(a)), () => personView()),
    image: () => new View({ href: image, url: image }),
    logo: image,
    updated_parsed: updated,
    modified_parsed: updated,
    date_parsed: updated,
    ttl: () => new Field('number', feed.ttlMinutes),
  })
}

function enclosureView(a: NormalizedAttachment | null): View {
  return new View({
    href: () => new Field('url', a?.url ?? null),
    url: () => new Field('url', a?.url ?? null),
    type: () => new Field('raw', a?.mime_type ?? null),
    length: () => new Field('number', a?.size_in_bytes ?? null),
  })
}

const NO_ENTRY: NormalizedEntry = {
  guid: '', title: null, url: null, description: null, content: null, author: null, authorUrl: null, authorAvatar: null,
  publishedAt: '', updatedAt: null, categories: [], media: [], attachments: [], language: null,
}

function entryView(entry: NormalizedEntry): View {
  const title = () => new Field('text', entry.title)
  const summary = () => new Field('summary', { description: entry.description, content: entry.content })
  const lang = entry.language
  const author = entry.author === null ? null : { name: entry.author, email: null, url: entry.authorUrl }
  const published = () => new Field('date', entry.publishedAt)
  const updated = () => new Field('date', entry.updatedAt ?? entry.publishedAt)
  const guid = () => new Field('raw', entry.guid)
  return new View({
    title,
    title_detail: () => detail(title, lang),
    link: () => new Field('url', entry.url),
    id: guid,
    guid,
    summary,
    description: summary,
    summary_detail: () => detail(summary, lang),
    content: () => new ListView([detail(() => new Field('html', entry.content), lang)], () => detail(() => new Field('html', null), null)),
    author: () => new Field('author', author),
    author_detail: () =>
      new View({
        name: () => new Field('text', entry.author),
        href: () => new Field('url', entry.authorUrl),
        url: () => new Field('url', entry.authorUrl),
      }),
    authors: () => new ListView(author ? [personView(author)] : [], () => personView()),
    tags: () => new ListView(entry.categories.map((term) => new View({ term: () => new Field('raw', term) })), () => new View({ term: () => new Field('raw', null) })),
    category: () => new Field('raw', entry.categories[0] ?? null),
    enclosures: () => new ListView(entry.attachments.map(enclosureView), () => enclosureView(null)),
    published_parsed: published,
    issued_parsed: published,
    updated_parsed: updated,
    modified_parsed: updated,
    date_parsed: updated,
    language: () => new Field('raw', lang),
    image: () => mediaView(entry),
    media_thumbnail: () => new ListView([mediaView(entry)], () => mediaView(entry)),
    media_content: () => new ListView([mediaView(entry)], () => mediaView(entry)),
  })
}

function mediaView(entry: NormalizedEntry): View {
  const any = () => new Field('media', entry.media)
  return new View({ href: any, url: any })
}

/** Dict/list/attribute access over views, plain values and lists (Python semantics, NA for unmapped). */
export function getItem(obj: PyValue, key: PyValue): PyValue {
  if (obj instanceof View) return typeof key === 'string' ? obj.get(key) : NA
  if (obj instanceof ListView) {
    if (typeof key !== 'number') return NA
    const i = key < 0 ? obj.items.length + key : key
    return i >= 0 && i < obj.items.length ? obj.items[i] : obj.missing()
  }
  if (Array.isArray(obj)) {
    if (typeof key !== 'number') return NA
    const i = key < 0 ? obj.length + key : key
    if (i < 0 || i >= obj.length) throw new Error(`IndexError: list index ${key} out of range (length ${obj.length})`)
    return obj[i]
  }
  return NA
}

/** The names an Expect expression may use, for one parse result (or a failed parse: bozo). */
export function feedparserEnv(feed: NormalizedFeed | null): Env {
  const entries = new ListView(feed ? feed.entries.map(entryView) : [], () => entryView(NO_ENTRY))
  const feedV = feed ? feedView(feed) : new View({})
  return {
    bozo: feed === null,
    feed: feedV,
    channel: feedV,
    entries,
    items: entries,
    len: (x: PyValue) => (x instanceof ListView ? x.items.length : Array.isArray(x) ? x.length : NA),
  }
}
