/**
 * @module extractReadable: the article inside a web page, via Mozilla Readability over linkedom.
 * Pure: no fetching, no caching (the 3-day readability cache lives with the entries' storage), and no
 * sanitizing — the caller runs the content through reader/sanitizer before storing or serving it.
 */
import type { Readability } from '@mozilla/readability'
import type { parseHTML } from 'linkedom'
import { lazily, requireModule } from '../../lib/lazyRequire.ts'

/** Loaded at the first extraction, not at start-up. */
const libs = lazily(() => ({
  parseHTML: requireModule<typeof import('linkedom')>('linkedom').parseHTML,
  Readability: requireModule<typeof import('@mozilla/readability')>('@mozilla/readability').Readability,
}))

export type Readable = {
  title: string | null
  /** Article HTML with absolute links; NOT sanitized. */
  content: string
  textContent: string
  excerpt: string | null
  byline: string | null
  siteName: string | null
}

/** Past this many elements a page is not an article worth the CPU. */
const MAX_ELEMENTS = 50_000

type LinkedomDocument = ReturnType<typeof parseHTML>['document']

const orNull = (value: string | null | undefined) => {
  const text = value?.trim()
  return text ? text : null
}

function countStartTags(html: string): number {
  let count = 0
  for (let at = html.indexOf('<'); at !== -1; at = html.indexOf('<', at + 1)) {
    const next = html.charCodeAt(at + 1)
    if ((next >= 65 && next <= 90) || (next >= 97 && next <= 122)) count++
  }
  return count
}

function baseOf(document: LinkedomDocument, pageUrl: string): string {
  const href = document.querySelector('base[href]')?.getAttribute('href')
  if (!href) return pageUrl
  try {
    return new URL(href, pageUrl).href
  } catch {
    return pageUrl
  }
}

/** Extracts the readable article of `html` fetched from `url`; null when there is none. */
export function extractReadable(html: string, url: string): Readable | null {
  if (!html.trim()) return null
  // Counted on the source: Readability's own maxElemsToParse check relies on
  // getElementsByTagName('*'), which linkedom does not implement.
  if (countStartTags(html) > MAX_ELEMENTS) return null
  const { document } = libs().parseHTML(html)
  if (!document.documentElement) return null
  // linkedom has no notion of the document's address; Readability needs both to make links absolute.
  Object.defineProperty(document, 'documentURI', { value: url, configurable: true })
  Object.defineProperty(document, 'baseURI', { value: baseOf(document, url), configurable: true })
  // linkedom keeps the case given to createElement; Readability asks for "DIV". Browsers lower-case.
  const createElement = document.createElement.bind(document)
  document.createElement = ((name: string, options?: object) =>
    createElement(name.toLowerCase(), options)) as typeof document.createElement

  let article: ReturnType<Readability<string>['parse']>
  try {
    article = new (libs().Readability)(document).parse()
  } catch {
    return null // too many elements, or a document Readability cannot walk
  }
  if (!article || !article.content || !orNull(article.textContent)) return null
  return {
    title: orNull(article.title),
    content: article.content,
    textContent: article.textContent ?? '',
    excerpt: orNull(article.excerpt),
    byline: orNull(article.byline),
    siteName: orNull(article.siteName),
  }
}
