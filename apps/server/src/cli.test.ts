import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { main } from './cli.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-cli-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

let out = ''
let err = ''
beforeEach(() => {
  out = ''
  err = ''
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk)
    return true
  })
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    err += String(chunk)
    return true
  })
})
afterEach(() => vi.restoreAllMocks())

describe('brook parse', () => {
  it('prints the normalized feed as JSON with sanitized content', async () => {
    const file = path.join(dir, 'feed.xml')
    fs.writeFileSync(
      file,
      '<rss version="2.0"><channel><title>T</title><link>https://example.com/</link><item><title>A</title><link>/a</link><pubDate>Mon, 02 Jan 2006 15:04:05 GMT</pubDate><description>&lt;p onclick="x()"&gt;hi&lt;/p&gt;</description></item></channel></rss>',
    )
    expect(await main(['parse', file])).toBe(0)
    const feed = JSON.parse(out)
    expect(feed.title).toBe('T')
    expect(feed.feedUrl).toMatch(/^file:\/\//)
    expect(feed.entries[0]).toMatchObject({ url: 'https://example.com/a', content: '<p>hi</p>', publishedAt: '2006-01-02T15:04:05.000Z' })
  })

  it('fails with one line for a missing file', async () => {
    expect(await main(['parse', path.join(dir, 'nope.xml')])).toBe(1)
    expect(err.trim().split('\n')).toHaveLength(1)
    expect(err).toContain('no such file')
  })

  it('fails with one line for input that is not a feed', async () => {
    const file = path.join(dir, 'page.html')
    fs.writeFileSync(file, '<!DOCTYPE html><html><body>hi</body></html>')
    expect(await main(['parse', file])).toBe(1)
    expect(err.trim().split('\n')).toHaveLength(1)
    expect(err).toContain('Feed failed to parse')
  })

  it('knows its commands', async () => {
    expect(await main(['frobnicate'])).toBe(1)
    expect(err).toContain('unknown command')
    expect(await main(['parse'])).toBe(1)
    expect(await main(['--help'])).toBe(0)
    expect(out).toContain('parse <file>')
    expect(out).toContain('fetch <url>')
  })
})

describe('the operations commands', () => {
  it('each explains itself with --help', async () => {
    for (const name of ['create-admin', 'reset-password', 'export-user', 'import-opml', 'refresh-feeds', 'healthcheck', 'migrate']) {
      out = ''
      expect(await main([name, '--help']), name).toBe(0)
      expect(out, name).toMatch(new RegExp(`^usage: npm run brook -- ${name}`))
    }
    out = ''
    expect(await main(['--help'])).toBe(0)
    expect(out).toContain('create-admin <email>')
  })

  it('refuse bad arguments with one line and exit 1', async () => {
    expect(await main(['import-opml', 'someone@example.com'])).toBe(1)
    expect(err).toBe('brook import-opml: usage: brook import-opml <email> <file>\n')
    err = ''
    expect(await main(['import-opml', 'someone@example.com', path.join(dir, 'nope.opml')])).toBe(1)
    expect(err).toBe(`brook import-opml: cannot read ${path.join(dir, 'nope.opml')}: no such file\n`)
    err = ''
    expect(await main(['create-admin', 'not-an-address'])).toBe(1)
    expect(err).toBe('brook create-admin: usage: brook create-admin <email> [--name N]\n')
  })
})
