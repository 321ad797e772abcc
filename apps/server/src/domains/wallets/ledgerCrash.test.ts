/**
 * The Jepsen-style run with a process kill (issue 11), on both databases: a real server process
 * takes random concurrent daily claims, tips (users, feeds, entries), boosts, paid-list
 * subscriptions (and unsubscriptions) and withdrawals over HTTP, each with an Idempotency-Key,
 * and is killed with SIGKILL in the middle. A new process on the same database then receives
 * every request again with the same key. Afterwards: the invariant holds, no balance is negative,
 * each user claimed at most once per day, no key moved money twice (every keyed transfer belongs
 * to one request that was sent), and every paid list's purchaseAmount equals its fee transfers.
 * Prints how many operations ran.
 */
import { afterEach, expect, it } from 'vitest'
import { power } from '@brook/shared'
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../../test/testDatabase.ts'
import { TestClient } from '../../test/testServer.ts'
import { kill, startChild, type Child } from '../../test/childServer.ts'
import { insertEntries, insertFeed } from '../../test/factories.ts'
import { totp } from '../../test/totp.ts'
import { walletsRepo } from './repo.ts'
import { createWalletsService } from './service.ts'

const USERS = 8
const LOAD_MS = 2000

type Op = { user: number; path: string; method: 'POST' | 'DELETE'; body: Record<string, unknown>; key: string }

describeEachDialect('ledger through a process kill', (dialect) => {
  let database: TestDatabase | undefined
  let child: Child | undefined

  afterEach(async () => {
    await kill(child)
    await database?.dispose()
    database = undefined
  })

  it('keeps every invariant when the server dies mid-way and every request is retried with its key', { timeout: 180_000 }, async () => {
    database = await createTestDatabase(dialect)
    const db = database.db
    child = await startChild(database.location, { SERVICES: 'web' })
    const users: Array<{ id: string; client: TestClient; secret?: string }> = []
    for (let i = 0; i < USERS; i++) {
      const client = new TestClient(child.url)
      users.push({ id: (await client.signUp(`crash-ledger-${i}@example.com`)).id, client })
    }
    const wallets = createWalletsService({ repo: walletsRepo(db), config: { POWER_DAILY_BASE: 10 } })
    for (const u of users) await wallets.rewardUser({ userId: u.id, amount: power(40), reference: 'seed', idempotencyKey: `seed-${u.id}` })
    const enable = await users[0].client.post('/api/auth/two-factor/enable', { password: 'correct horse battery' })
    users[0].secret = new URL(enable.body.totpURI).searchParams.get('secret')!
    expect((await users[0].client.post('/api/auth/two-factor/verify-totp', { code: totp(users[0].secret) })).status).toBe(200)
    const feeds: string[] = []
    const entries: string[] = []
    for (let i = 0; i < 4; i++) {
      const feed = await insertFeed(db, { title: `Crash feed ${i}` })
      feeds.push(feed)
      entries.push(...(await insertEntries(db, feed, 2)))
    }
    await db.updateTable('feeds').set({ ownerUserId: users[1].id }).where('id', 'in', feeds.slice(0, 2)).execute()
    // Paid lists of user 2 (fees 1–3 POWER), each holding a feed.
    const lists: string[] = []
    for (let i = 0; i < 3; i++) {
      const list = (await users[2].client.post('/api/lists', { title: `Paid ${i}`, view: 0, fee: i + 1 })).body.data.id as string
      await users[2].client.post('/api/lists/feeds', { listId: list, feedIds: [feeds[i]] })
      lists.push(list)
    }

    let seed = dialect === 'sqlite' ? 7 : 41
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    const nextOp = (i: number): Op => {
      const user = rand(USERS)
      const kind = rand(12)
      const key = `k${i}`
      if (kind === 0) return { user, key, method: 'POST', path: '/api/wallets/transactions/claim-daily', body: {} }
      if (kind <= 2) return { user, key, method: 'POST', path: '/api/wallets/transactions/tip', body: { amount: String(1 + rand(3 * 10 ** 18)), userId: users[rand(USERS)].id } }
      if (kind === 3) return { user, key, method: 'POST', path: '/api/wallets/transactions/tip', body: { amount: String(1 + rand(10 ** 18)), feedId: feeds[rand(feeds.length)] } }
      if (kind === 4) return { user, key, method: 'POST', path: '/api/wallets/transactions/tip', body: { amount: String(1 + rand(10 ** 18)), entryId: entries[rand(entries.length)] } }
      if (kind <= 6) return { user, key, method: 'POST', path: '/api/boosts', body: { feedId: feeds[rand(feeds.length)], amount: power(10).toString() } }
      if (kind <= 8) return { user, key, method: 'POST', path: '/api/subscriptions', body: { listId: lists[rand(lists.length)], view: 0 } }
      if (kind === 9) return { user, key, method: 'DELETE', path: '/api/subscriptions', body: { listId: lists[rand(lists.length)] } }
      return { user: 0, key, method: 'POST', path: '/api/wallets/transactions/withdraw', body: { amount: String(1 + rand(2 * 10 ** 18)) } }
    }
    const send = async (op: Op) => {
      const u = users[op.user]
      const body = op.path.endsWith('/withdraw') ? { ...op.body, TOTPCode: totp(u.secret!) } : op.body
      return u.client.request(op.method, op.path, body, { 'Idempotency-Key': op.key })
    }

    // Phase 1: traffic until the kill. Requests cut by the kill simply fail.
    const sent: Op[] = []
    let phase1 = 0
    let acknowledged = 0
    const deadline = Date.now() + LOAD_MS
    const killAt = LOAD_MS / 2 + rand(LOAD_MS / 2)
    const killer = new Promise<void>((resolve) => setTimeout(() => void kill(child).then(resolve), killAt))
    let i = 0
    const worker = async () => {
      while (Date.now() < deadline && child?.process.exitCode === null && child.process.signalCode === null) {
        const op = nextOp(i++)
        sent.push(op)
        phase1++
        const answer = await send(op).catch(() => null)
        if (answer?.status === 200) acknowledged++
        if (answer) expect([200, 400, 403, 409], `${op.path} ${JSON.stringify(answer.body)}`).toContain(answer.status)
      }
    }
    await Promise.all([killer, ...Array.from({ length: 12 }, worker)])
    await kill(child)

    // Phase 2: a new process on the same database; every request again, with its own key, 12 at a time.
    child = await startChild(database.location, { SERVICES: 'web' })
    // The sessions live in the database: each client keeps its cookie on the new process.
    for (const u of users) {
      const next = new TestClient(child.url)
      next.cookies = u.client.cookies
      u.client = next
    }
    let phase2 = 0
    for (let at = 0; at < sent.length; at += 12) {
      await Promise.all(
        sent.slice(at, at + 12).map(async (op) => {
          phase2++
          const answer = await send(op)
          expect([200, 400, 403, 409], `${op.path} ${JSON.stringify(answer.body)}`).toContain(answer.status)
        }),
      )
    }
    console.log(`[ledger crash ${dialect}] ${phase1} requests before the kill (${acknowledged} answered 200, killed at ${killAt} ms), ${phase2} retried after the restart, ${phase1 + phase2} in all`)

    const audit = await wallets.audit()
    expect(audit).toMatchObject({ ok: true, negative: [], total: '0' })
    const daily = await db.selectFrom('ledger_transfers').select(['creditAccountId', 'reference']).where('kind', '=', 'daily').execute()
    expect(new Set(daily.map((d) => `${d.creditAccountId}:${d.reference}`)).size).toBe(daily.length)
    // Every transfer a request made carries that request's key, once: no key moved money twice.
    const keys = new Set(sent.map((op) => `${users[op.user].id}:${op.key}`))
    const keyed = await db.selectFrom('ledger_transfers').select(['idempotencyKey', 'kind']).where('kind', 'in', ['tip', 'boost', 'withdraw']).execute()
    const seen = new Set<string>()
    for (const { idempotencyKey } of keyed) {
      const [, userId, key] = idempotencyKey.split(':')
      expect(keys.has(`${userId}:${key}`), idempotencyKey).toBe(true)
      expect(seen.has(`${userId}:${key}`), idempotencyKey).toBe(false)
      seen.add(`${userId}:${key}`)
    }
    // Paid lists: what the list reports as paid is exactly its fee transfers; each is one subscription's.
    for (const list of lists) {
      const row = await db.selectFrom('lists').select(['purchaseAmount', 'fee']).where('id', '=', list).executeTakeFirstOrThrow()
      const fees = await db.selectFrom('ledger_transfers').select(['amount', 'idempotencyKey']).where('kind', '=', 'list').where('reference', '=', list).execute()
      expect(fees.reduce((sum, f) => sum + BigInt(f.amount), 0n).toString()).toBe(String(row.purchaseAmount))
      for (const f of fees) expect(BigInt(f.amount)).toBe(power(Number(row.fee)))
    }
    const balances = await db.selectFrom('ledger_accounts').select(['id', 'balance']).execute()
    for (const b of balances) if (b.id.startsWith('user:') || b.id.startsWith('feed:')) expect(BigInt(b.balance) >= 0n, b.id).toBe(true)
  })
})
