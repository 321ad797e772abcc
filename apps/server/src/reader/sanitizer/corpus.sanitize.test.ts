/**
 * feedparser's sanitize/ cases (XSS attacks and allow-list probes) through parseFeed: whatever
 * feedparser expects exactly, nothing executable may survive in Brook's output — no script, no
 * event handler, no javascript:/vbscript:/data: URL, no expression(), no element outside the
 * allow-list — in any entry's content or in the feed/entry text fields.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { corpusDir, walk } from '../../test/corpus/corpusKit.ts'
import { FeedParseError, parseFeed } from '../parser/parseFeed.ts'
import { findUnsafe } from './findUnsafe.ts'

const root = corpusDir('feedparser', 'wellformed', 'sanitize')

if (!root) {
  describe.skip('feedparser sanitize corpus — SKIPPED: ../shared/corpora/feedparser/wellformed/sanitize is not present on this machine', () => {
    it('needs the corpus', () => {})
  })
} else {
  describe('feedparser sanitize corpus', () => {
    it('leaves nothing executable in any output, for every case', () => {
      const files = walk(root).filter((f) => f.endsWith('.xml'))
      const problems: string[] = []
      let entries = 0
      for (const file of files) {
        const rel = path.relative(root, file)
        let feed: ReturnType<typeof parseFeed>
        try {
          feed = parseFeed(fs.readFileSync(file), { feedUrl: `http://127.0.0.1:8097/tests/wellformed/sanitize/${rel}` })
        } catch (error) {
          if (error instanceof FeedParseError) continue
          throw error
        }
        for (const entry of feed.entries) {
          entries++
          for (const p of findUnsafe(entry.content ?? '')) problems.push(`${rel} content: ${p}`)
          // Text fields are rendered as text, but must not carry markup that a careless renderer could run.
          for (const [field, value] of Object.entries({ title: entry.title, description: entry.description, author: entry.author })) {
            if (value && /<script|<iframe|on\w+\s*=\s*["']?[^"'\s>]*\(/i.test(value)) problems.push(`${rel} ${field}: ${value}`)
          }
          for (const url of [entry.url, entry.authorUrl, ...entry.media.map((m) => m.url), ...entry.attachments.map((a) => a.url)]) {
            if (url && !/^(https?|magnet|ftp):/i.test(url)) problems.push(`${rel} url: ${url}`)
          }
        }
        for (const url of [feed.siteUrl, feed.image]) if (url && !/^https?:/i.test(url)) problems.push(`${rel} feed url: ${url}`)
        for (const [field, value] of Object.entries({ title: feed.title, description: feed.description })) {
          if (value && /<script|<iframe|on\w+\s*=\s*["']?[^"'\s>]*\(/i.test(value)) problems.push(`${rel} feed ${field}: ${value}`)
        }
      }
      console.log(`sanitize corpus: ${files.length} files, ${entries} entries checked, ${problems.length} problems`)
      expect(problems).toEqual([])
    })
  })
}
