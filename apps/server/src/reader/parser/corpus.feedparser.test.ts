/**
 * feedparser's well-formed test suite through parseFeed. Each file's header holds a Python
 * `Expect:` expression over feedparser's result; it is evaluated against Brook's NormalizedFeed
 * through the mapping of test/corpus/feedparserView.ts. Per folder: passed / failed / not applicable (the
 * expression reads keys Brook's shape does not have). Failures must be on the known-failures list
 * beside this file, each with a reason; a listed case that passes is reported so it can be removed.
 * The `sanitize/` folder's Expect results are printed for information only — its test is
 * sanitizer/corpus.sanitize.test.ts (nothing executable may survive).
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { NormalizedFeed } from '../normalize/types.ts'
import { corpusDir, readKnownFailures, reconcile, walk, writeKnownFailures } from '../../test/corpus/corpusKit.ts'
import { decodeBody } from './decodeBody.ts'
import { feedparserEnv, getItem } from '../../test/corpus/feedparserView.ts'
import { FeedParseError, parseFeed } from './parseFeed.ts'
import { evalExpect, NA } from '../../test/corpus/pyExpect.ts'

const root = corpusDir('feedparser', 'wellformed')
const KNOWN_FILE = path.join(import.meta.dirname, 'corpus.feedparser.known-failures.json')
const NOW = new Date('2100-01-01T00:00:00Z')
const INFORMATIONAL = new Set(['sanitize'])

export type FeedparserCase = {
  id: string
  folder: string
  description: string
  expect: string
  headers: Record<string, string>
  body: Buffer
}

/** Reads the `Description:`, `Expect:` and `Header:` lines of a feedparser test file. */
export function readCase(file: string, rootDir: string): FeedparserCase | null {
  const body = fs.readFileSync(file)
  const text = decodeBody(body)
  const header = /<!--([\s\S]*?)-->/.exec(text)?.[1] ?? ''
  const field = (name: string) => new RegExp(`^${name}:[ \\t]*(.*)$`, 'm').exec(header)?.[1].trim() ?? ''
  const expectation = field('Expect')
  if (!expectation) return null
  const headers: Record<string, string> = {}
  for (const m of header.matchAll(/^Header:[ \t]*([\w-]+):[ \t]*(.*)$/gm)) headers[m[1].toLowerCase()] = m[2].trim()
  const id = path.relative(rootDir, file).split(path.sep).join('/')
  return { id, folder: id.split('/')[0], description: field('Description'), expect: expectation, headers, body }
}

/** The document URL feedparser's own test server would give the file, or its Content-Location. */
export function documentUrl(c: FeedparserCase): string {
  const docUrl = `http://127.0.0.1:8097/tests/wellformed/${c.id}`
  const location = c.headers['content-location']
  if (location) {
    const resolved = URL.parse(location, docUrl)
    if (resolved && /^https?:$/.test(resolved.protocol)) return resolved.href
  }
  return docUrl
}

type Outcome = { result: 'pass' | 'fail' | 'na'; detail?: string }

function runCase(c: FeedparserCase): Outcome {
  let feed: NormalizedFeed | null = null
  let parseError = ''
  try {
    feed = parseFeed(c.body, { feedUrl: documentUrl(c), contentType: c.headers['content-type'], now: NOW })
  } catch (error) {
    if (!(error instanceof FeedParseError)) return { result: 'fail', detail: `uncaught ${(error as Error).stack}` }
    parseError = error.detail
  }
  try {
    const r = evalExpect(c.expect, feedparserEnv(feed), getItem)
    if (r === NA) return { result: 'na' }
    if (r) return { result: 'pass' }
    return { result: 'fail', detail: parseError ? `parse error: ${parseError}` : `${c.expect} is false` }
  } catch (error) {
    return { result: 'fail', detail: `${(error as Error).message}` }
  }
}

if (!root) {
  describe.skip('feedparser corpus — SKIPPED: ../shared/corpora/feedparser/wellformed is not present on this machine', () => {
    it('needs the corpus', () => {})
  })
} else {
  describe('feedparser wellformed corpus', () => {
    const known = readKnownFailures(KNOWN_FILE)
    const failed = new Map<string, string>()
    const ran = new Set<string>()
    const cases = walk(root)
      .filter((f) => /\.(xml|rdf|rss|atom)$/i.test(f))
      .map((f) => readCase(f, root))
      .filter((c): c is FeedparserCase => c !== null)
    const folders = [...new Set(cases.map((c) => c.folder))].sort()
    const totals = { pass: 0, fail: 0, na: 0 }

    for (const folder of folders) {
      it(`${folder}: no uncaught exception; Expect checks pass or are known failures`, () => {
        const counts = { pass: 0, fail: 0, na: 0 }
        for (const c of cases.filter((x) => x.folder === folder)) {
          const outcome = runCase(c)
          if (outcome.detail?.startsWith('uncaught')) throw new Error(`${c.id}: ${outcome.detail}`)
          counts[outcome.result]++
          if (INFORMATIONAL.has(folder)) continue
          totals[outcome.result]++
          ran.add(c.id)
          if (outcome.result === 'fail') failed.set(c.id, outcome.detail ?? '')
        }
        const note = INFORMATIONAL.has(folder) ? ' (informational: policy differs, see the sanitize suite)' : ''
        console.log(`feedparser ${folder}: ${counts.pass} passed, ${counts.fail} failed, ${counts.na} not applicable${note}`)
      })
    }

    it('failures are exactly the known ones', () => {
      if (process.env.UPDATE_KNOWN_FAILURES) writeKnownFailures(KNOWN_FILE, failed, (_id, detail) => `TODO: ${detail}`, known, ran)
      const { unexpected, nowPassing } = reconcile(failed, ran, known)
      const mappable = totals.pass + totals.fail
      console.log(
        `feedparser total (without sanitize/): ${totals.pass} passed, ${totals.fail} failed (${known && Object.keys(known).length} known), ${totals.na} not applicable; pass rate on mappable checks ${((100 * totals.pass) / Math.max(1, mappable)).toFixed(1)}%` +
          (nowPassing.length ? `\nnow passing, remove from the known list: ${nowPassing.join(', ')}` : ''),
      )
      expect(nowPassing, 'listed as known failures but passing now').toEqual([])
      expect(unexpected, 'failures not on the known list').toEqual([])
    })
  })
}
