/**
 * The integrations that run on the user's machine: Eagle's local API (a loopback server speaking
 * its protocol records what the app sent), Obsidian's `obsidian://new` (the entry as Markdown),
 * and custom URL-scheme templates.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Entry } from '../../store/index.ts'
import { addToEagle, entryImages, fillUrlTemplate, obsidianUrl } from './clientSide.ts'

const entry: Entry = {
  id: 'e1',
  title: 'Rivers: a/b "story"',
  url: 'https://news.example/rivers?id=7&x=1',
  content: '<h2>Rivers</h2><p>The <strong>Danube</strong> is long &amp; wide.</p><p><img src="https://img.example/a.jpg"><img src="https://img.example/b.png"></p>',
  readabilityContent: null,
  readabilityUpdatedAt: null,
  description: null,
  guid: 'g1',
  author: 'Ada Quill',
  authorUrl: null,
  authorAvatar: null,
  insertedAt: '2026-03-14T09:26:00.000Z',
  publishedAt: '2026-03-14T09:26:00.000Z',
  media: [{ url: 'https://img.example/cover.jpg', type: 'photo' }],
  categories: null,
  attachments: null,
  extra: null,
  language: 'en',
  feedId: 'f1',
  inboxHandle: null,
  read: false,
  sources: null,
  settings: null,
}

let eagle: http.Server
let endpoint: string
let answer: { status: number; body: string } = { status: 200, body: '{"status":"success"}' }
const received: { method?: string; url?: string; type?: string; body: string }[] = []

beforeAll(async () => {
  eagle = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, type: req.headers['content-type'], body })
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body)
    })
  })
  await new Promise<void>((r) => eagle.listen(0, '127.0.0.1', r))
  endpoint = `http://127.0.0.1:${(eagle.address() as AddressInfo).port}/api/item/addFromURLs`
})
afterAll(() => new Promise<void>((r) => eagle.close(() => r())))

it('Eagle: POSTs the entry’s pictures to /api/item/addFromURLs as its local API documents', async () => {
  expect(entryImages(entry)).toEqual(['https://img.example/cover.jpg', 'https://img.example/a.jpg', 'https://img.example/b.png'])
  expect(await addToEagle(entry, endpoint)).toBe(3)
  const [req] = received
  expect(req).toMatchObject({ method: 'POST', url: '/api/item/addFromURLs', type: 'application/json' })
  expect(JSON.parse(req.body)).toEqual({
    items: ['https://img.example/cover.jpg', 'https://img.example/a.jpg', 'https://img.example/b.png'].map((url) => ({ url, name: entry.title, website: entry.url })),
  })
})

it('Eagle: its refusal is an error with Eagle’s own words; no pictures is an error before any call', async () => {
  answer = { status: 200, body: '{"status":"error","message":"Library is locked"}' }
  await expect(addToEagle(entry, endpoint)).rejects.toThrow('Eagle: Library is locked')
  answer = { status: 500, body: 'oops' }
  await expect(addToEagle(entry, endpoint)).rejects.toThrow('Eagle: 500')
  const calls = received.length
  await expect(addToEagle({ ...entry, media: null, content: '<p>no pictures</p>' }, endpoint)).rejects.toThrow('no images')
  expect(received.length).toBe(calls)
})

it('Obsidian: obsidian://new with the note name (folder, title without reserved characters), vault, and the entry as Markdown', () => {
  const url = new URL(obsidianUrl(entry, 'My Vault', 'Inbox/Brook/'))
  expect(url.protocol).toBe('obsidian:')
  expect(url.searchParams.get('name')).toBe('Inbox/Brook/Rivers  a b  story ')
  expect(url.searchParams.get('vault')).toBe('My Vault')
  expect(url.searchParams.get('content')).toBe(
    '[https://news.example/rivers?id=7&x=1](https://news.example/rivers?id=7&x=1)\n\n## Rivers\n\nThe **Danube** is long & wide.\n\n![](https://img.example/a.jpg)![](https://img.example/b.png)',
  )
  // Spaces as %20, not "+", which Obsidian would keep literally.
  expect(obsidianUrl(entry, '', '')).not.toContain('+')
  expect(new URL(obsidianUrl(entry, '', '')).searchParams.has('vault')).toBe(false)
})

it('custom URL schemes: each {{field}} filled URL-encoded', () => {
  expect(fillUrlTemplate('things:///add?title={{title}}&notes={{ url }}&by={{author}}&at={{publishedAt}}&keep={{other}}', entry)).toBe(
    `things:///add?title=${encodeURIComponent(entry.title!)}&notes=${encodeURIComponent(entry.url!)}&by=Ada%20Quill&at=2026-03-14T09%3A26%3A00.000Z&keep={{other}}`,
  )
})
