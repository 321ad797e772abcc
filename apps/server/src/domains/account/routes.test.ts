/**
 * Settings → Privacy over HTTP on both databases: GET /api/account/export gives the caller's data
 * and nobody else's; POST /api/auth/delete-user wants the password and the two-factor code (SPEC §8
 * 4008 / 4007), then removes everything of the user in one go — sessions end, shared feeds' and
 * lists' counters stay exact, the POWER balance goes back to the treasury (the ledger still adds up).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { power } from '@brook/shared'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, TestClient, type TestServer } from '../../test/testServer.ts'
import { insertEntries, insertFeed } from '../../test/factories.ts'
import { totp } from '../../test/totp.ts'

describeEachDialect('account export and deletion', (dialect) => {
  let server: TestServer
  let alice: TestClient
  let bob: TestClient
  let aliceId: string
  let bobId: string
  let secret: string
  let sharedFeed: string
  let entries: string[]
  let aliceList: string
  const stamp = Date.now()
  const aliceEmail = `alice-privacy-${stamp}@example.com`
  const bobEmail = `bob-privacy-${stamp}@example.com`
  const password = 'correct horse battery'
  /** A code that is not the current one (nor the neighbours the check accepts). */
  const wrongCode = () => {
    const near = new Set([-30_000, 0, 30_000].map((d) => totp(secret, Date.now() + d)))
    for (let n = 0; ; n++) if (!near.has(String(n).padStart(6, '0'))) return String(n).padStart(6, '0')
  }
  const feedCount = async (id: string) => Number((await server.database.db.selectFrom('feeds').select('subscriptionCount').where('id', '=', id).executeTakeFirstOrThrow()).subscriptionCount)
  const realFeedCount = async (id: string) => Number((await server.database.db.selectFrom('subscriptions').select((eb) => eb.fn.countAll<number>().as('n')).where('feedId', '=', id).executeTakeFirstOrThrow()).n)

  beforeAll(async () => {
    server = await startTestServer(dialect)
    alice = await signedUpClient(server, aliceEmail)
    bob = await signedUpClient(server, bobEmail)
    aliceId = (await alice.get('/api/auth/get-session')).body.user.id
    bobId = (await bob.get('/api/auth/get-session')).body.user.id
    sharedFeed = await insertFeed(server.database.db, { title: 'Shared Feed', url: `https://shared.example/${stamp}.xml` })
    entries = await insertEntries(server.database.db, sharedFeed, 3)
    const bobsOwnFeed = await insertFeed(server.database.db, { title: 'Only Bob', url: `https://bob-only.example/${stamp}.xml` })
    for (const c of [alice, bob]) expect((await c.post('/api/subscriptions', { feedId: sharedFeed, view: 0, category: 'News' })).status).toBe(200)
    expect((await bob.post('/api/subscriptions', { feedId: bobsOwnFeed, view: 0 })).status).toBe(200)
    // Alice's list, followed by Bob.
    aliceList = (await alice.post('/api/lists', { title: 'Alice Picks', view: 0 })).body.data.id
    expect((await alice.post('/api/lists/feeds', { listId: aliceList, feedIds: [sharedFeed] })).status).toBe(200)
    expect((await bob.post('/api/subscriptions', { listId: aliceList, view: 0 })).status).toBe(200)
    // Stars, reads, settings.
    expect((await alice.post('/api/collections', { entryId: entries[0], view: 0 })).status).toBe(200)
    expect((await alice.post('/api/reads', { entryIds: [entries[1]] })).status).toBe(200)
    expect((await alice.patch('/api/settings/general', { sendAnonymousData: true })).status).toBe(200)
    expect((await bob.post('/api/collections', { entryId: entries[2], view: 0 })).status).toBe(200)
    // POWER: a reward and a tip from Bob.
    await server.deps.wallets.rewardUser({ userId: aliceId, amount: power(30), reference: 'test', idempotencyKey: `seed-${aliceId}` })
    await server.deps.wallets.rewardUser({ userId: bobId, amount: power(10), reference: 'test', idempotencyKey: `seed-${bobId}` })
    expect((await bob.post('/api/wallets/transactions/tip', { amount: power(4).toString(), userId: aliceId })).status).toBe(200)
    // Two-factor on.
    const enable = await alice.post('/api/auth/two-factor/enable', { password })
    secret = new URL(enable.body.totpURI).searchParams.get('secret')!
    expect((await alice.post('/api/auth/two-factor/verify-totp', { code: totp(secret) })).status).toBe(200)
  }, 90_000)

  afterAll(async () => {
    await server?.stop()
  })

  it("downloads the caller's data as one JSON document, and nobody else's", async () => {
    const answer = await alice.get('/api/account/export')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="brook-data-\d{4}-\d{2}-\d{2}\.json"$/)
    expect(answer.body.code).toBe(0)
    const data = answer.body.data
    expect(data).toMatchObject({ format: 'brook-account-export', version: 1, profile: { id: aliceId, email: aliceEmail, twoFactorEnabled: true } })
    expect(data.subscriptions).toEqual([expect.objectContaining({ type: 'feed', feedId: sharedFeed, url: `https://shared.example/${stamp}.xml`, category: 'News', isPrivate: false })])
    expect(data.opml).toContain(`xmlUrl="https://shared.example/${stamp}.xml"`)
    expect(data.lists).toEqual([expect.objectContaining({ id: aliceList, title: 'Alice Picks', subscriptionCount: 1, feeds: [expect.objectContaining({ id: sharedFeed })] })])
    expect(data.starred.map((s: { entryId: string }) => s.entryId)).toEqual([entries[0]])
    expect(data.reads).toMatchObject({ total: 1, entries: [expect.objectContaining({ entryId: entries[1], feedId: sharedFeed })] })
    expect(data.settings.settings.general.sendAnonymousData).toBe(true)
    expect(data.wallet.balance).toBe(power(34).toString())
    expect(data.wallet.transfers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'tip', direction: 'in', amount: power(4).toString(), counterparty: 'user' }),
        expect.objectContaining({ direction: 'in', amount: power(30).toString(), counterparty: 'treasury' }),
      ]),
    )
    // Nothing of Bob's: not his e-mail, his star, his own feed.
    const text = JSON.stringify(data)
    expect(text).not.toContain(bobEmail)
    expect(text).not.toContain('bob-only.example')
    expect(text).not.toContain(entries[2])
    // Bob's download is his.
    const bobs = (await bob.get('/api/account/export')).body.data
    expect(bobs.profile.email).toBe(bobEmail)
    expect(bobs.subscriptions.map((s: { type: string }) => s.type).sort()).toEqual(['feed', 'feed', 'list'])
    expect(JSON.stringify(bobs)).not.toContain(aliceEmail)
    // Signed out: 1000.
    expect((await new TestClient(server.url).get('/api/account/export')).body.code).toBe(1000)
  })

  it('refuses to delete without the password, with a wrong one, without or with a wrong two-factor code; not with an API token', async () => {
    expect((await new TestClient(server.url).post('/api/auth/delete-user', { password })).body.code).toBe(1000)
    expect((await alice.post('/api/auth/delete-user', {})).body).toMatchObject({ code: 1002, message: 'Invalid parameter' })
    const wrong = await alice.post('/api/auth/delete-user', { password: 'not the password' })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toMatchObject({ code: 1002, reason: 'The password is not right' })
    const noCode = await alice.post('/api/auth/delete-user', { password })
    expect(noCode.body).toMatchObject({ code: 4008, message: 'Two factor code required' })
    const badCode = await alice.post('/api/auth/delete-user', { password, code: wrongCode() })
    expect(badCode.body).toMatchObject({ code: 4007, message: 'Invalid two factor code' })
    // An API token of Alice's reads her data but cannot close her account.
    const token = (await alice.post('/api/tokens', { name: 'reader app' })).body.data.token as string
    const app = new TestClient(server.url)
    app.bearer = token
    expect((await app.get('/api/account/export')).status).toBe(200)
    expect((await app.post('/api/auth/delete-user', { password, code: totp(secret) })).body.code).toBe(1004)
    // Unknown fields are invalid input, not ignored.
    expect((await alice.post('/api/auth/delete-user', { password, code: totp(secret), everything: true })).body.code).toBe(4)
    expect((await alice.get('/api/auth/get-session')).body.user.id).toBe(aliceId)
  })

  it('deletes everything of the user; shared counters stay exact; the balance goes to the treasury', async () => {
    const treasuryBefore = BigInt((await server.database.db.selectFrom('ledger_accounts').select('balance').where('id', '=', 'treasury').executeTakeFirstOrThrow()).balance)
    const countBefore = await feedCount(sharedFeed)
    const other = new TestClient(server.url)
    expect((await other.signIn(aliceEmail)).status).toBe(200) // a second session (two-factor pending)

    const done = await alice.post('/api/auth/delete-user', { password, code: totp(secret) })
    expect(done.status).toBe(200)
    expect(done.body.data).toEqual({ deleted: true, returnedToTreasury: power(34).toString(), subscriptions: 1, listsDeleted: 1, followersOfListsRemoved: 1 })

    // Signed out everywhere; the account cannot sign in again.
    expect((await alice.get('/api/auth/get-session')).body).toBeNull()
    expect((await alice.get('/api/subscriptions')).body.code).toBe(1000)
    expect((await new TestClient(server.url).signIn(aliceEmail)).status).toBe(401)

    const db = server.database.db
    for (const table of ['subscriptions', 'entry_reads', 'collections', 'settings', 'unread_counts', 'session', 'inboxes', 'api_tokens'] as const) {
      expect((await db.selectFrom(table).select('userId').where('userId', '=', aliceId).execute()).length, table).toBe(0)
    }
    expect(await db.selectFrom('user').select('id').where('id', '=', aliceId).executeTakeFirst()).toBeUndefined()
    expect(await db.selectFrom('lists').select('id').where('id', '=', aliceList).executeTakeFirst()).toBeUndefined()
    expect((await db.selectFrom('mail_outbox').select('id').where('to', '=', aliceEmail).execute()).length).toBe(0)

    // The shared feed lost exactly one subscriber (Bob's stays counted).
    expect(await feedCount(sharedFeed)).toBe(countBefore - 1)
    expect(await feedCount(sharedFeed)).toBe(await realFeedCount(sharedFeed))
    // Bob no longer follows the deleted list, has no counter for it, keeps the rest (and his star).
    const bobSubs = (await bob.get('/api/subscriptions')).body.data as { listId?: string | null; feedId?: string | null }[]
    expect(bobSubs.some((s) => s.listId === aliceList)).toBe(false)
    expect(bobSubs.filter((s) => s.feedId).length).toBe(2)
    expect((await db.selectFrom('unread_counts').select('sourceId').where('sourceId', '=', aliceList).execute()).length).toBe(0)
    expect((await bob.get('/api/account/export')).body.data.starred.length).toBe(1)

    // Money: Alice's 34 POWER went to the treasury; her account holds nothing; the ledger adds up.
    const treasuryAfter = BigInt((await db.selectFrom('ledger_accounts').select('balance').where('id', '=', 'treasury').executeTakeFirstOrThrow()).balance)
    expect(treasuryAfter - treasuryBefore).toBe(power(34))
    expect((await db.selectFrom('ledger_accounts').select('balance').where('id', '=', `user:${aliceId}`).executeTakeFirstOrThrow()).balance).toBe('0')
    expect((await server.deps.wallets.audit()).ok).toBe(true)
    expect((await bob.get('/api/wallets')).body.data[0].powerToken).toBe(power(6).toString())
  })
})
