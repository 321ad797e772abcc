/** The Google Reader API (and the API tokens it signs in with) through HTTP on both databases: every endpoint, the bad-input rules. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { insertEntries, insertFeed } from '../../test/factories.ts'
import { ITEM_PREFIX, longItemId } from './ids.ts'

describeEachDialect('Google Reader API', (dialect) => {
  let server: TestServer
  let a: TestClient
  let b: TestClient
  let aId: string
  let token: string
  let bToken: string
  let tech: string // feed labelled Tech, 5 entries
  let plain: string // unlabelled, 3 entries
  let techEntries: string[]
  let plainEntries: string[]

  const base = () => `${server.url}/api/greader`
  const call = async (path: string, init: { method?: string; form?: Record<string, string | string[]>; auth?: string | null; body?: string } = {}) => {
    const headers: Record<string, string> = {}
    const auth = init.auth === undefined ? token : init.auth
    if (auth) headers.authorization = `GoogleLogin auth=${auth}`
    let body: string | undefined = init.body
    if (init.form) {
      const p = new URLSearchParams()
      for (const [k, v] of Object.entries(init.form)) for (const one of Array.isArray(v) ? v : [v]) p.append(k, one)
      body = p.toString()
      headers['content-type'] = 'application/x-www-form-urlencoded'
    }
    const res = await fetch(base() + path, { method: init.method ?? (body !== undefined ? 'POST' : 'GET'), headers, body })
    const text = await res.text()
    let json: any = null
    try {
      json = JSON.parse(text)
    } catch {
      // text answer
    }
    return { status: res.status, text, json, headers: res.headers }
  }
  const T = async (auth = token) => (await call('/reader/api/0/token', { auth })).text.trim()
  const webCounts = async () => (await a.get('/api/reads')).body.data as Record<string, number>

  beforeAll(async () => {
    server = await startTestServer(dialect)
    a = await signedUpClient(server, 'reader-a@example.com')
    b = await signedUpClient(server, 'reader-b@example.com')
    aId = (await a.get('/api/auth/get-session')).body.user.id
    const db = server.database.db
    tech = await insertFeed(db, { title: 'Tech & Co' })
    plain = await insertFeed(db, { title: 'Plain' })
    techEntries = await insertEntries(db, tech, 5, { newest: new Date(Date.UTC(2025, 0, 10)), stepMs: 3_600_000 })
    plainEntries = await insertEntries(db, plain, 3, { newest: new Date(Date.UTC(2025, 0, 9)), stepMs: 3_600_000 })
    await a.post('/api/subscriptions', { feedId: tech, view: 0, category: 'Tech' })
    await a.post('/api/subscriptions', { feedId: plain, view: 0 })
    await b.post('/api/subscriptions', { feedId: plain, view: 0 })
    token = (await a.post('/api/tokens', { name: 'newsreader' })).body.data.token
    bToken = (await b.post('/api/tokens', { name: 'b' })).body.data.token
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
  })

  it('API tokens: shown once, listed without the secret, usable as Bearer on the REST API, revocable', async () => {
    const created = await a.post('/api/tokens', { name: 'temporary' })
    expect(created.body.data).toMatchObject({ name: 'temporary' })
    expect(created.body.data.token).toMatch(/^brk_/)
    const list = (await a.get('/api/tokens')).body.data
    expect(list.map((t: any) => t.name)).toEqual(['temporary', 'newsreader'])
    expect(JSON.stringify(list)).not.toContain(created.body.data.token)
    const bearer = await fetch(`${server.url}/api/reads/total-count`, { headers: { authorization: `Bearer ${created.body.data.token}` } })
    expect(((await bearer.json()) as any).data.count).toBe(8)
    expect((await b.delete('/api/tokens', { id: created.body.data.id })).body.code).toBe(6)
    expect((await a.delete('/api/tokens', { id: created.body.data.id })).body.code).toBe(0)
    const after = await fetch(`${server.url}/api/reads/total-count`, { headers: { authorization: `Bearer ${created.body.data.token}` } })
    expect(after.status).toBe(401)
    expect((await call('/reader/api/0/user-info', { auth: created.body.data.token })).status).toBe(401)
    const login = await call('/accounts/ClientLogin', { form: { Email: 'reader-a@example.com', Passwd: created.body.data.token }, auth: null })
    expect(login.status).toBe(401)
    expect(login.text).toContain('Error=BadAuthentication')
  })

  it('ClientLogin takes an API token, never the account password; the last use is recorded', async () => {
    const ok = await call('/accounts/ClientLogin', { form: { Email: 'Reader-A@example.com', Passwd: token, service: 'reader' }, auth: null })
    expect(ok.status).toBe(200)
    expect(ok.text).toBe(`SID=${token}\nLSID=${token}\nAuth=${token}\n`)
    const password = await call('/accounts/ClientLogin', { form: { Email: 'reader-a@example.com', Passwd: 'correct horse battery' }, auth: null })
    expect(password.status).toBe(401)
    expect(password.text).toBe('Error=BadAuthentication\n')
    const otherUser = await call('/accounts/ClientLogin', { form: { Email: 'reader-a@example.com', Passwd: bToken }, auth: null })
    expect(otherUser.status).toBe(401)
    expect((await call('/reader/api/0/user-info', { auth: 'nonsense' })).status).toBe(401)
    expect((await call('/reader/api/0/user-info', { auth: null })).status).toBe(401)
    const info = await call('/reader/api/0/user-info')
    expect(info.json).toMatchObject({ userId: aId, userEmail: 'reader-a@example.com' })
    // The last use is written in the background.
    await expect.poll(async () => (await a.get('/api/tokens')).body.data[0].lastUsedAt).not.toBeNull()
  })

  it('every POST needs the T token', async () => {
    const noT = await call('/reader/api/0/edit-tag', { form: { i: techEntries[0] as string, a: 'user/-/state/com.google/read' } })
    expect(noT.status).toBe(401)
    const wrongT = await call('/reader/api/0/edit-tag', { form: { i: techEntries[0] as string, a: 'user/-/state/com.google/read', T: await T(bToken) } })
    expect(wrongT.status).toBe(401)
    expect(await webCounts()).toEqual({ [tech]: 5, [plain]: 3 })
  })

  it('subscriptions, labels and unread counts agree with the web app', async () => {
    const subs = (await call('/reader/api/0/subscription/list?output=json')).json.subscriptions
    expect(subs.map((s: any) => s.id).sort()).toEqual([`feed/${tech}`, `feed/${plain}`].sort())
    expect(subs.find((s: any) => s.id === `feed/${tech}`)).toMatchObject({ title: 'Tech & Co', categories: [{ id: 'user/-/label/Tech', label: 'Tech' }] })
    const tags = (await call('/reader/api/0/tag/list?output=json')).json.tags
    expect(tags).toEqual([{ id: 'user/-/state/com.google/starred' }, { id: 'user/-/label/Tech', type: 'folder' }])
    const counts = (await call('/reader/api/0/unread-count?output=json')).json.unreadcounts
    const byId = Object.fromEntries(counts.map((u: any) => [u.id, u.count]))
    expect(byId).toEqual({ [`feed/${tech}`]: 5, [`feed/${plain}`]: 3, 'user/-/label/Tech': 5, 'user/-/state/com.google/reading-list': 8 })
  })

  it('streams: ids with continuation, n, r=o, ot/nt, xt/it; contents by long and decimal ids', async () => {
    const first = (await call('/reader/api/0/stream/items/ids?s=user/-/state/com.google/reading-list&n=3')).json
    expect(first.itemRefs.map((r: any) => r.id)).toEqual(techEntries.slice(0, 3))
    const second = (await call(`/reader/api/0/stream/items/ids?s=user/-/state/com.google/reading-list&n=10&c=${first.continuation}`)).json
    expect(second.itemRefs.map((r: any) => r.id)).toEqual([...techEntries.slice(3), ...plainEntries])
    expect(second.continuation).toBeNull()
    const oldest = (await call(`/reader/api/0/stream/items/ids?s=feed/${plain}&r=o&n=2`)).json
    expect(oldest.itemRefs.map((r: any) => r.id)).toEqual([...plainEntries].reverse().slice(0, 2))
    const label = (await call('/reader/api/0/stream/items/ids?s=user/-/label/Tech&n=100')).json
    expect(label.itemRefs.map((r: any) => r.id)).toEqual(techEntries)
    // ot (lower bound) and nt (upper bound) in seconds: the Tech entries of 9–10 January 2025 from 21:00 to 23:00.
    const window = (await call(`/reader/api/0/stream/items/ids?s=feed/${tech}&ot=${Date.UTC(2025, 0, 9, 21) / 1000}&nt=${Date.UTC(2025, 0, 9, 23) / 1000}`)).json
    expect(window.itemRefs.map((r: any) => r.id)).toEqual(techEntries.slice(1, 4))

    const contents = await call('/reader/api/0/stream/items/contents', { form: { i: [longItemId(techEntries[0] as string), plainEntries[0] as string, 'garbage'], T: await T() } })
    expect(contents.json.items.map((i: any) => i.id)).toEqual([longItemId(techEntries[0] as string), longItemId(plainEntries[0] as string)])
    const item = contents.json.items[0]
    expect(item.id.startsWith(ITEM_PREFIX)).toBe(true)
    expect(item.summary.content).toBe('<p>Content of entry 0</p>')
    expect(item.origin).toMatchObject({ streamId: `feed/${tech}`, title: 'Tech &amp; Co' })
    expect(item.categories).toContain(`user/${aId}/label/Tech`)
    expect(item.categories).toContain(`user/${aId}/state/com.google/reading-list`)

    const stream = (await call(`/reader/api/0/stream/contents/${encodeURIComponent(`feed/${plain}`)}?n=2`)).json
    expect(stream.items.map((i: any) => i.id)).toEqual(plainEntries.slice(0, 2).map(longItemId))
    expect(stream.title).toBe('Plain')
    expect(typeof stream.continuation).toBe('string')
    const bad = await call('/reader/api/0/stream/contents/user/-/state/com.google/reading-list?c=@@@')
    expect(bad.status).toBe(400)
  })

  it('edit-tag: read, unread and starred move the same state and counters as the web app', async () => {
    const t = await T()
    expect((await call('/reader/api/0/edit-tag', { form: { i: [longItemId(techEntries[0] as string), techEntries[1] as string], a: 'user/-/state/com.google/read', T: t } })).text).toBe('OK')
    expect(await webCounts()).toEqual({ [tech]: 3, [plain]: 3 })
    const unread = (await call('/reader/api/0/stream/items/ids?s=user/-/state/com.google/reading-list&xt=user/-/state/com.google/read&n=100')).json.itemRefs.map((r: any) => r.id)
    expect(unread).toEqual([...techEntries.slice(2), ...plainEntries])
    const read = (await call('/reader/api/0/stream/items/ids?s=user/-/state/com.google/read&n=100')).json.itemRefs.map((r: any) => r.id)
    expect(read).toEqual(techEntries.slice(0, 2))
    // newsboat marks unread like this: r=read, a=kept-unread.
    await call('/reader/api/0/edit-tag', { form: { i: techEntries[1] as string, r: 'user/-/state/com.google/read', a: 'user/-/state/com.google/kept-unread', T: t } })
    expect((await webCounts())[tech]).toBe(4)
    // The web app marks one read: the API sees it at once.
    await a.post('/api/reads', { entryIds: [plainEntries[2]] })
    const readNow = (await call('/reader/api/0/stream/items/ids?s=user/-/state/com.google/reading-list&it=user/-/state/com.google/read&n=100')).json.itemRefs.map((r: any) => r.id)
    expect(readNow).toEqual([techEntries[0], plainEntries[2]])

    await call('/reader/api/0/edit-tag', { form: { i: plainEntries[0] as string, a: 'user/-/state/com.google/starred', T: t } })
    expect((await a.get('/api/collections')).body.data.map((s: any) => s.entryId)).toEqual([plainEntries[0]])
    const starred = (await call('/reader/api/0/stream/contents/user/-/state/com.google/starred')).json.items
    expect(starred.map((i: any) => i.id)).toEqual([longItemId(plainEntries[0] as string)])
    expect(starred[0].categories).toContain(`user/${aId}/state/com.google/starred`)
    await call('/reader/api/0/edit-tag', { form: { i: plainEntries[0] as string, r: 'user/-/state/com.google/starred', T: t } })
    expect((await a.get('/api/collections')).body.data).toEqual([])
  })

  it('the Atom form carries read state as categories, as FeedHQ served it', async () => {
    const res = await call(`/reader/atom/${encodeURIComponent(`feed/${tech}`)}?n=100`)
    expect(res.headers.get('content-type')).toContain('application/atom+xml')
    const entries = res.text.split('<entry ').slice(1)
    expect(entries).toHaveLength(5)
    expect(entries[0]).toContain(`<id gr:original-id="https://factory.example/`)
    expect(entries[0]).toContain(`>${longItemId(techEntries[0] as string)}</id>`)
    expect(entries[0]).toContain('label="read"')
    expect(entries[1]).toContain('label="fresh"')
    expect(entries[1]).not.toContain('label="read"')
    expect(res.text).toContain('<title type="html">Tech &amp;amp; Co</title>')
  })

  it('mark-all-as-read: a feed up to a time, a label, the reading list', async () => {
    const t = await T()
    await call('/reader/api/0/mark-all-as-read', { form: { s: `feed/${plain}`, ts: String(Date.UTC(2025, 0, 8, 23, 30) * 1000), T: t } })
    expect((await webCounts())[plain]).toBe(1) // entry 2 already read, entry 1 (22:00) marked, entry 0 left
    await call('/reader/api/0/mark-all-as-read', { form: { s: 'user/-/label/Tech', T: t } })
    expect((await webCounts())[tech]).toBe(0)
    await call('/reader/api/0/mark-all-as-read', { form: { s: 'user/-/state/com.google/reading-list', T: t } })
    expect(await webCounts()).toEqual({ [tech]: 0, [plain]: 0 })
    await a.delete('/api/reads', { entryIds: [...techEntries, ...plainEntries] })
    expect(await webCounts()).toEqual({ [tech]: 5, [plain]: 3 })
  })

  it("another user's streams are empty, never their data", async () => {
    const other = await call(`/reader/api/0/stream/contents/${encodeURIComponent(`user/${aId}/label/Tech`)}?n=100`, { auth: bToken })
    expect(other.json.items).toEqual([])
    const feed = await call(`/reader/api/0/stream/items/ids?s=feed/${tech}`, { auth: bToken })
    expect(feed.json.itemRefs).toEqual([])
    const starred = await call(`/reader/api/0/stream/items/ids?s=user/${aId}/state/com.google/starred`, { auth: bToken })
    expect(starred.json.itemRefs).toEqual([])
    const edit = await call('/reader/api/0/edit-tag', { form: { i: techEntries[0] as string, a: 'user/-/state/com.google/starred', T: await T(bToken) }, auth: bToken })
    expect(edit.text).toBe('OK')
    expect((await a.get('/api/collections')).body.data).toEqual([])
  })

  it('subscription edit, quickadd, labels renamed and disabled, OPML export and import', async () => {
    const t = await T()
    await call('/reader/api/0/subscription/edit', { form: { ac: 'edit', s: `feed/${plain}`, t: 'Renamed', a: 'user/-/label/News', T: t } })
    let subs = (await call('/reader/api/0/subscription/list')).json.subscriptions
    expect(subs.find((s: any) => s.id === `feed/${plain}`)).toMatchObject({ title: 'Renamed', categories: [{ id: 'user/-/label/News', label: 'News' }] })
    await call('/reader/api/0/rename-tag', { form: { s: 'user/-/label/News', dest: 'user/-/label/Daily', T: t } })
    subs = (await call('/reader/api/0/subscription/list')).json.subscriptions
    expect(subs.find((s: any) => s.id === `feed/${plain}`).categories).toEqual([{ id: 'user/-/label/Daily', label: 'Daily' }])
    await call('/reader/api/0/disable-tag', { form: { s: 'user/-/label/Daily', T: t } })
    subs = (await call('/reader/api/0/subscription/list')).json.subscriptions
    expect(subs.find((s: any) => s.id === `feed/${plain}`).categories).toEqual([])

    const opml = await call('/reader/api/0/subscription/export')
    expect(opml.text).toContain('<opml')
    expect(opml.text).toContain(`factory.example/${tech}/feed.xml`)

    await call('/reader/api/0/subscription/edit', { form: { ac: 'unsubscribe', s: `feed/${plain}`, T: t } })
    expect(await webCounts()).toEqual({ [tech]: 5 })
    await call('/reader/api/0/subscription/edit', { form: { ac: 'subscribe', s: `feed/${plain}`, t: 'Plain again', T: t } })
    expect((await webCounts())[plain]).toBe(3)
    const quick = await call('/reader/api/0/subscription/quickadd', { form: { quickadd: `feed/${plain}`, T: t } })
    expect(quick.json.numResults).toBe(0) // a URL Brook cannot fetch here
    const unknown = await call('/reader/api/0/subscription/edit', { form: { ac: 'unsubscribe', s: 'feed/1234567890123456', T: t } })
    expect(unknown.status).toBe(400)
  })
})
