/**
 * gofeed's parser test data (X.xml + X.json, Go struct field names) through parseFeed: every input
 * must parse (or be one of the few listed non-feeds), and the fields that map onto Brook's shape —
 * titles, links, guids, dates (`*Parsed`), authors, categories, enclosures/attachments, images —
 * must agree with the JSON.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { NormalizedEntry, NormalizedFeed } from '../normalize/types.ts'
import { htmlToText } from '../sanitizer/htmlToText.ts'
import { corpusDir, readKnownFailures, reconcile, walk, writeKnownFailures } from '../../test/corpus/corpusKit.ts'
import { FeedParseError, parseFeed } from './parseFeed.ts'

const root = corpusDir('gofeed')
const KNOWN_FILE = path.join(import.meta.dirname, 'corpus.gofeed.known-failures.json')
const FEED_URL = 'http://example.org/feed.xml'
/** Far enough ahead that no expected date gets clamped to "now". */
const NOW = new Date('2100-01-01T00:00:00Z')

/** Inputs that are not feeds at all; FeedParseError is the right answer for them. */
const NOT_FEEDS: Record<string, string> = {
  'parser/json/invalid/invalid.json': 'malformed JSON',
  'parser/universal/invalid.json': 'malformed JSON',
  'parser/universal/empty_feed.xml': 'empty file',
  'parser/universal/unknown_feed.xml': 'XML whose root is <note>, not a feed',
}

type Json = any

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim()
const textOf = (s: string) => htmlToText(s)

function url(value: string | null | undefined): string | null {
  if (value == null || value.trim() === '') return null
  return URL.parse(value.trim(), FEED_URL)?.href ?? value.trim()
}

/** Compares text fields: Brook stores plain text, gofeed keeps the raw value; either reading may match. */
function sameText(actual: string | null, expected: string): boolean {
  if (actual === null) return textOf(expected) === ''
  return actual === textOf(expected) || actual === collapse(expected)
}

function sameTime(actual: string | null, expected: string): boolean {
  return actual !== null && new Date(actual).getTime() === new Date(expected).getTime()
}

/** The name Brook should show for an RSS author string such as `me@x.org (Me)`. */
function expectedAuthorName(raw: string): string {
  const text = textOf(raw)
  const paren = /^\S+@\S+\s*\((.+)\)$/.exec(text)
  if (paren) return paren[1].trim()
  const angle = /^(.+?)\s*<\S+@\S+>$/.exec(text)
  if (angle) return angle[1].trim()
  return text
}

function alternate(links: Json[] | undefined): string | null {
  const alt = (links ?? []).filter((l) => l?.href && (!l.rel || l.rel === 'alternate'))
  const html = alt.find((l) => !l.type || /html/.test(l.type))
  return (html ?? alt[0])?.href ?? null
}

type Check = (id: string, ok: boolean, detail: () => string) => void

/** Brook's descriptions are plain text cut at 300 characters; compare the expected text the same way. */
function sameDescription(actual: string | null, expected: string): boolean {
  const want = htmlToText(expected, 300)
  return (actual ?? '') === want || (actual ?? '') === htmlToText(collapse(expected).replace(/</g, '&lt;'), 300)
}

/** Content is sanitized HTML: compare what a reader sees, its text. */
function sameContentText(actual: string | null, expected: string): boolean {
  return htmlToText(actual ?? '') === htmlToText(expected) || htmlToText(actual ?? '') === collapse(expected)
}

function checkFeed(exp: Json, feed: NormalizedFeed, check: Check): void {
  if (typeof exp.title === 'string') check('title', sameText(feed.title, exp.title), () => `${feed.title} ≠ ${exp.title}`)
  const description = exp.description ?? exp.subtitle
  if (typeof description === 'string') check('description', sameDescription(feed.description, description), () => `${feed.description} ≠ ${description}`)
  const link = typeof exp.link === 'string' ? exp.link : (exp.home_page_url ?? alternate(exp.links))
  if (link) check('link', feed.siteUrl === url(link), () => `${feed.siteUrl} ≠ ${link}`)
  if (typeof exp.language === 'string') check('language', feed.language === exp.language.trim(), () => `${feed.language} ≠ ${exp.language}`)
  const updated = exp.updatedParsed ?? exp.lastBuildDateParsed ?? exp.pubDateParsed
  if (updated) check('updated', sameTime(feed.updatedAt, updated), () => `${feed.updatedAt} ≠ ${updated}`)
  const image = exp.image?.url ?? exp.logo ?? exp.icon
  if (image) check('image', feed.image === url(image), () => `${feed.image} ≠ ${image}`)
  const people: Json[] = [...(exp.authors ?? []), ...(exp.author && typeof exp.author === 'object' ? [exp.author] : [])]
  for (const [i, p] of people.entries()) {
    if (!p.name && !p.email) continue
    const found = feed.authors.some((a) => (!p.name || sameText(a.name, p.name)) && (!p.email || a.email === p.email.trim()))
    check(`authors[${i}]`, found, () => `${JSON.stringify(feed.authors)} lacks ${JSON.stringify(p)}`)
  }
  if (typeof exp.managingEditor === 'string') {
    const name = expectedAuthorName(exp.managingEditor)
    const found = feed.authors.some((a) => a.name === name || a.email === name)
    check('managingEditor', found, () => `${JSON.stringify(feed.authors)} lacks ${name}`)
  }
}

function checkEntry(exp: Json, entry: NormalizedEntry | undefined, check: Check): void {
  if (!entry) {
    check('present', false, () => 'entry missing')
    return
  }
  if (typeof exp.title === 'string') check('title', sameText(entry.title, exp.title), () => `${entry.title} ≠ ${exp.title}`)
  const link = typeof exp.link === 'string' ? exp.link : (exp.url ?? alternate(exp.links))
  if (link) check('link', entry.url === url(link), () => `${entry.url} ≠ ${link}`)
  const guid = typeof exp.guid === 'string' ? exp.guid : (exp.guid?.value ?? exp.id)
  if (typeof guid === 'string' && guid.trim()) check('guid', entry.guid === textOf(guid) || entry.guid === guid.trim(), () => `${entry.guid} ≠ ${guid}`)
  const published = exp.pubDateParsed ?? exp.publishedParsed ?? exp.date_published ?? (exp.published ? undefined : exp.updatedParsed)
  if (published) check('published', sameTime(entry.publishedAt, published), () => `${entry.publishedAt} ≠ ${published}`)
  if (exp.updatedParsed && exp.publishedParsed) check('updated', sameTime(entry.updatedAt, exp.updatedParsed), () => `${entry.updatedAt} ≠ ${exp.updatedParsed}`)
  const summary = exp.description ?? exp.summary
  if (typeof summary === 'string') check('description', sameDescription(entry.description, summary), () => `${entry.description} ≠ ${summary}`)
  const content = typeof exp.content === 'string' ? exp.content : (exp.content?.value ?? exp.content_html)
  if (typeof content === 'string') check('content', sameContentText(entry.content, content), () => `${entry.content} ≠ ${content}`)
  const author = typeof exp.author === 'string' ? expectedAuthorName(exp.author) : (exp.author?.name ?? exp.authors?.[0]?.name ?? exp.author?.email ?? exp.authors?.[0]?.email)
  if (author) check('author', entry.author === textOf(author) || entry.author === collapse(author), () => `${entry.author} ≠ ${author}`)
  const categories: string[] = [...(exp.categories ?? []), ...(exp.tags ?? [])]
    .map((c: Json) => (typeof c === 'string' ? c : (c.value ?? c.term ?? c.label)))
    .filter((c: unknown): c is string => typeof c === 'string' && c.trim() !== '')
  for (const [i, c] of categories.entries()) {
    const want = textOf(c).toLowerCase()
    check(`categories[${i}]`, entry.categories.some((a) => a.toLowerCase() === want || a.toLowerCase() === collapse(c).toLowerCase()), () => `${JSON.stringify(entry.categories)} lacks ${c}`)
  }
  const enclosures: Json[] = [
    ...(exp.enclosures ?? (exp.enclosure ? [exp.enclosure] : [])),
    ...(exp.links ?? []).filter((l: Json) => l.rel === 'enclosure').map((l: Json) => ({ url: l.href, type: l.type, length: l.length })),
    ...(exp.attachments ?? []).map((a: Json) => ({ url: a.url, type: a.mime_type, length: a.size_in_bytes })),
  ]
  for (const [i, e] of enclosures.entries()) {
    if (!e.url) continue
    const a = entry.attachments.find((x) => x.url === url(e.url))
    const length = Number(e.length)
    const ok = !!a && (!e.type || a.mime_type === e.type) && (!(length > 0) || a.size_in_bytes === length)
    check(`enclosures[${i}]`, ok, () => `${JSON.stringify(entry.attachments)} lacks ${JSON.stringify(e)}`)
  }
  if (exp.image?.url) check('image', entry.media.some((m) => m.url === url(exp.image.url)), () => `${JSON.stringify(entry.media)} lacks ${exp.image.url}`)
}

/** Finds the expected-output JSON of an input file, if it has one. */
function expectedFor(file: string): string | null {
  if (file.endsWith('.xml')) {
    const json = file.replace(/\.xml$/, '.json')
    return fs.existsSync(json) ? json : null
  }
  const expected = file.replace(/\.json$/, '_expected.json')
  return fs.existsSync(expected) ? expected : null
}

function isInput(file: string): boolean {
  if (file.endsWith('.xml')) return true
  if (!file.endsWith('.json') || file.endsWith('_expected.json')) return false
  return !fs.existsSync(file.replace(/\.json$/, '.xml'))
}

if (!root) {
  describe.skip('gofeed corpus — SKIPPED: ../shared/corpora/gofeed is not present on this machine', () => {
    it('needs the corpus', () => {})
  })
} else {
  describe('gofeed corpus', () => {
    const known = readKnownFailures(KNOWN_FILE)
    const failed = new Map<string, string>()
    const ran = new Set<string>()
    const files = walk(root).filter(isInput)
    const folders = [...new Set(files.map((f) => path.relative(root, path.dirname(f)).split(path.sep).slice(0, 2).join('/')))]

    for (const folder of folders) {
      it(`${folder}: every file parses and mapped fields match`, () => {
        const counts = { files: 0, checked: 0, passed: 0, failed: 0, notFeeds: 0 }
        for (const file of files.filter((f) => path.relative(root, f).startsWith(`${folder}/`))) {
          const rel = path.relative(root, file).split(path.sep).join('/')
          counts.files++
          let feed: NormalizedFeed
          try {
            feed = parseFeed(fs.readFileSync(file), { feedUrl: FEED_URL, now: NOW })
          } catch (error) {
            if (error instanceof FeedParseError && rel in NOT_FEEDS) {
              counts.notFeeds++
              continue
            }
            throw new Error(`${rel}: ${(error as Error).message}`, { cause: error })
          }
          if (rel in NOT_FEEDS) throw new Error(`${rel} is listed as not a feed but parsed`)
          const expectedFile = expectedFor(file)
          if (!expectedFile) continue
          const exp = JSON.parse(fs.readFileSync(expectedFile, 'utf8'))
          const check = (prefix: string): Check => (id, ok, detail) => {
            const key = `${rel} ${prefix}${id}`
            ran.add(key)
            counts.checked++
            if (ok) counts.passed++
            else {
              counts.failed++
              failed.set(key, detail())
            }
          }
          checkFeed(exp, feed, check(''))
          const items: Json[] = exp.items ?? exp.entries ?? []
          items.forEach((item, i) => checkEntry(item, feed.entries[i], check(`items[${i}].`)))
        }
        console.log(`gofeed ${folder}: ${counts.files} files (${counts.notFeeds} listed non-feeds), ${counts.checked} field checks: ${counts.passed} passed, ${counts.failed} failed`)
      })
    }

    it('failures are exactly the known ones', () => {
      if (process.env.UPDATE_KNOWN_FAILURES) writeKnownFailures(KNOWN_FILE, failed, (_id, detail) => `TODO: ${detail}`, known, ran)
      const { unexpected, nowPassing } = reconcile(failed, ran, known)
      console.log(`gofeed: ${failed.size} known failures${nowPassing.length ? `; now passing (remove from the list): ${nowPassing.join(', ')}` : ''}`)
      expect(nowPassing, 'listed as known failures but passing now').toEqual([])
      expect(unexpected, 'failures not on the known list').toEqual([])
    })
  })
}
