/** /api/settings, /api/profiles, /api/collections and /api/discover through HTTP on both databases. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEFAULT_GENERAL_SETTINGS, newId } from '@brook/shared'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { startFeedFarm, type FeedFarm } from '../../test/feedFarm.ts'
import { insertEntries, insertFeed } from '../../test/factories.ts'

describeEachDialect('settings, profiles, collections, discover', (dialect) => {
  let server: TestServer
  let farm: FeedFarm
  let a: TestClient
  let b: TestClient

  beforeAll(async () => {
    farm = await startFeedFarm()
    server = await startTestServer(dialect, { AUTH_RATE_LIMIT: 'false', SERVICES: 'web' })
    a = await signedUpClient(server, 'a@example.com')
    b = await signedUpClient(server, 'b@example.com')
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    await farm?.close()
  })

  it('settings: defaults, patches per tab with their keys only, update times', async () => {
    const initial = await a.get('/api/settings')
    expect(initial.body.data.settings.general).toEqual(DEFAULT_GENERAL_SETTINGS)
    expect(initial.body.data.settings.ui.accentColor).toBe('orange')
    expect(initial.body.data.settings.ai.panelStyle).toBe('floating')
    expect(initial.body.data.updated).toEqual({ ui: null, general: null, ai: null })
    const patched = await a.patch('/api/settings/general', { unreadOnly: false, translationMode: 'translation-only' })
    expect(patched.status).toBe(200)
    expect(patched.body.data.settings).toEqual({ unreadOnly: false, translationMode: 'translation-only' })
    await a.patch('/api/settings/general', { dimRead: true })
    const after = await a.get('/api/settings')
    expect(after.body.data.settings.general).toMatchObject({ unreadOnly: false, translationMode: 'translation-only', dimRead: true, groupByDate: true })
    expect(after.body.data.updated.general).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(after.body.data.updated.ui).toBeNull()
    const ui = await a.patch('/api/settings/ui', { accentColor: 'blue' })
    expect((await a.get('/api/settings')).body.data.updated.ui).toBe(ui.body.data.updated)
    expect((await b.get('/api/settings')).body.data.settings.general.unreadOnly).toBe(true)
  })

  it('settings errors: 7001 tab, 7002 key or type, 7003 size', async () => {
    expect((await a.patch('/api/settings/integration', { x: 1 })).body.code).toBe(7001)
    expect((await a.patch('/api/settings/general', { accentColor: 'red' })).body.code).toBe(7002)
    expect((await a.patch('/api/settings/general', { unreadOnly: 'yes' })).body.code).toBe(7002)
    expect((await a.patch('/api/settings/ui', {})).body.code).toBe(7002)
    const huge = Array.from({ length: 40 }, (_, i) => ({ name: `s${i}`, prompt: 'p'.repeat(3000), enabled: true }))
    const tooLarge = await a.patch('/api/settings/ai', { shortcuts: huge })
    expect(tooLarge.body.code).toBe(7003)
    expect((await a.patch('/api/settings/ai', { shortcuts: [{ name: 'Sum', prompt: 'Summarize', enabled: true }] })).status).toBe(200)
  })

  it('profiles: by id or handle, batch; public fields only', async () => {
    const me = (await a.get('/api/auth/get-session')).body.user
    await server.database.db.updateTable('user').set({ handle: 'alice', bio: 'Hi', socialLinks: JSON.stringify({ github: 'alice' }) }).where('id', '=', me.id).execute()
    const byId = await b.get(`/api/profiles?id=${me.id}`)
    expect(byId.body.data).toMatchObject({ id: me.id, handle: 'alice', bio: 'Hi', socialLinks: { github: 'alice' } })
    expect(byId.body.data.email).toBeUndefined()
    expect(byId.body.data.role).toBeUndefined()
    expect((await b.get('/api/profiles?handle=alice')).body.data.id).toBe(me.id)
    expect((await b.get('/api/profiles?handle=@alice')).body.data.id).toBe(me.id)
    expect((await b.get('/api/profiles?handle=nobody')).body.code).toBe(6000)
    expect((await b.get('/api/profiles')).body.code).toBe(1002)
    const batch = await b.post('/api/profiles/batch', { ids: [me.id, 'missing'] })
    expect(Object.keys(batch.body.data)).toEqual([me.id])
  })

  it('collections: star, list, check one, unstar', async () => {
    const feed = await insertFeed(server.database.db)
    const [x, y] = await insertEntries(server.database.db, feed, 2)
    expect((await a.post('/api/collections', { entryId: x, view: 1 })).body.data).toMatchObject({ entryId: x, feedId: feed, view: 1 })
    await a.post('/api/collections', { entryId: y })
    expect((await a.get('/api/collections')).body.data.map((c: any) => c.entryId).sort()).toEqual([x, y].sort())
    expect((await a.get(`/api/collections?entryId=${x}`)).body.data).toHaveLength(1)
    expect((await b.get('/api/collections')).body.data).toEqual([])
    expect((await a.delete('/api/collections', { entryId: x })).status).toBe(200)
    expect((await a.delete('/api/collections', { entryId: x })).body.code).toBe(3000)
    expect((await a.post('/api/collections', { entryId: newId() })).body.code).toBe(3000)
  })

  it('discover: a URL finds its feeds; a keyword searches known feeds and lists', async () => {
    const found = await a.post('/api/discover', { keyword: farm.url('/site/') })
    expect(found.status).toBe(200)
    expect(found.body.data.length).toBeGreaterThanOrEqual(3)
    expect(found.body.data[0]).toMatchObject({ feed: { id: null }, isSubscribed: false, subscriptionCount: 0 })
    const sub = await a.post('/api/subscriptions', { url: found.body.data[0].feed.url })
    const again = await a.post('/api/discover', { keyword: farm.url('/site/') })
    expect(again.body.data[0]).toMatchObject({ feed: { id: sub.body.data.feed.id }, isSubscribed: true, subscriptionCount: 1 })

    await insertFeed(server.database.db, { title: 'Gardening 100%_weekly', description: 'Plants' })
    await b.post('/api/lists', { title: 'Garden tools', description: 'About gardening', view: 0, fee: 0 })
    const search = await b.post('/api/discover', { keyword: 'garden' })
    expect(search.body.data.some((r: any) => r.feed?.title === 'Gardening 100%_weekly')).toBe(true)
    expect(search.body.data.some((r: any) => r.list?.title === 'Garden tools')).toBe(true)
    expect((await b.post('/api/discover', { keyword: 'garden', target: 'lists' })).body.data.every((r: any) => r.list)).toBe(true)
    // LIKE wildcards in the keyword are literal.
    expect((await b.post('/api/discover', { keyword: '100%_' })).body.data).toHaveLength(1)
    expect((await b.post('/api/discover', { keyword: '%' })).body.data.every((r: any) => (r.feed?.title ?? '').includes('%'))).toBe(true)
    expect((await b.post('/api/discover', { keyword: farm.url('/status/500') })).body.code).toBe(2003)
  })
})
