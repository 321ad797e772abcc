/**
 * Plain text stays text (issue #14): an entry's `description` and a feed's title are plain text,
 * and text that reads like markup must reach every HTML sink escaped. The web app is covered in
 * Chromium (e2e/plainText.test.ts); these are the server's sinks — the Google Reader API (JSON and
 * Atom), the Fever API and the OPML exports — on both databases, for an entry whose feed gave no
 * HTML (so the description is what these APIs fall back to).
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDialect } from './testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from './testServer.ts'
import { insertEntries, insertFeed } from './factories.ts'
import { parseOpml } from '../reader/opml/parseOpml.ts'

/** Text a feed's HTML decoded to: in an HTML sink unescaped, it would be an image whose handler runs. */
const MARKUP = `<img src=x onerror="alert(1)"> & <b>bold</b> 'q'`
/** What an HTML sink must carry so that a client shows exactly MARKUP. */
const AS_HTML = '&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &lt;b&gt;bold&lt;/b&gt; &#39;q&#39;'
const FEED_TITLE = '<script>alert(2)</script> News & "Views"'

/** The character data of an XML element's text (what an Atom client hands to its HTML renderer). */
const xmlTextOf = (xml: string, element: string): string[] =>
  [...xml.matchAll(new RegExp(`<${element}[^>]*>([^<]*)</${element}>`, 'g'))].map((m) =>
    m[1].replace(/&(lt|gt|quot|apos|amp|#39);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&', '#39': "'" })[e] as string),
  )

describeEachDialect('plain text stays text on the server', (dialect) => {
  let server: TestServer
  let a: TestClient
  let token: string
  let feverKey: string
  let feed: string
  let entry: string

  const greader = async (path: string) => {
    const res = await fetch(`${server.url}/api/greader${path}`, { headers: { authorization: `GoogleLogin auth=${token}` } })
    expect(res.status).toBe(200)
    return res.text()
  }

  beforeAll(async () => {
    server = await startTestServer(dialect)
    a = await signedUpClient(server, 'plain-text@example.com')
    const db = server.database.db
    feed = await insertFeed(db, { title: FEED_TITLE, description: MARKUP })
    ;[entry] = await insertEntries(db, feed, 1, { descriptionOnly: MARKUP })
    await a.post('/api/subscriptions', { feedId: feed, view: 0, category: 'Plain' })
    token = (await a.post('/api/tokens', { name: 'clients' })).body.data.token
    feverKey = crypto.createHash('md5').update(`plain-text@example.com:${token}`).digest('hex')
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
  })

  it('Google Reader JSON: the description falls back into summary.content escaped, titles too', async () => {
    const items = JSON.parse(await greader(`/reader/api/0/stream/contents/${encodeURIComponent(`feed/${feed}`)}`)).items
    expect(items).toHaveLength(1)
    expect(items[0].summary.content).toBe(AS_HTML)
    expect(items[0].origin.title).toBe('&lt;script&gt;alert(2)&lt;/script&gt; News &amp; &quot;Views&quot;')
  })

  it('Google Reader Atom: the content element holds the escaped HTML, so a client shows the characters', async () => {
    const atom = await greader(`/reader/atom/${encodeURIComponent(`feed/${feed}`)}`)
    expect(xmlTextOf(atom, 'content')).toEqual([AS_HTML])
    expect(atom).not.toContain('<img')
    expect(atom).not.toContain('<script')
  })

  it('Fever: the item html is the escaped description', async () => {
    const res = await fetch(`${server.url}/api/fever/?api&items&with_ids=${entry}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: feverKey }),
    })
    const text = await res.text()
    const items = JSON.parse(text.replace(/("(?:id|feed_id)":)(\d+)/g, '$1"$2"')).items
    expect(items).toHaveLength(1)
    expect(items[0].html).toBe(AS_HTML)
    expect(text).not.toContain('<img')
  })

  it('OPML exports (web and Google Reader): a feed title that reads like markup is an escaped attribute and reads back as the same text', async () => {
    const web = await a.get('/api/subscriptions/export')
    expect(web.status).toBe(200)
    const fromReader = await greader('/reader/api/0/subscription/export')
    for (const opml of [String(web.body), fromReader]) {
      expect(opml).not.toContain('<script')
      expect(parseOpml(opml).outlines.map((o) => o.title)).toEqual([FEED_TITLE])
    }
  })
})
