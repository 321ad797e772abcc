/**
 * A Jepsen-style run over HTTP on both databases: many users and feeds, random concurrent daily
 * claims, tips (to users, feeds, entries), boosts and withdrawals, each request sent with an
 * Idempotency-Key that is retried (sometimes at the same moment). Afterwards: the invariant holds
 * (user + feed balances = minted − burned, all accounts sum to 0), no balance is negative, each
 * user claimed at most once per day, and every key moved money at most once — the transfers are
 * exactly the distinct keys that were answered 200. The same with paid-list subscriptions and a
 * SIGKILL of the server process in the middle: ledgerCrash.test.ts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { power } from '@brook/shared'
import { describeEachDialect } from '../../test/testDatabase.ts'
import { signedUpClient, startTestServer, type TestClient, type TestServer } from '../../test/testServer.ts'
import { insertEntries, insertFeed } from '../../test/factories.ts'
import { totp } from '../../test/totp.ts'

const USERS = 8
const ROUNDS = 6
const OPS_PER_ROUND = 40

describeEachDialect('ledger under concurrency', (dialect) => {
  let server: TestServer
  const users: Array<{ client: TestClient; id: string; secret?: string }> = []
  const feeds: string[] = []
  const entries: string[] = []

  beforeAll(async () => {
    server = await startTestServer(dialect)
    for (let i = 0; i < USERS; i++) {
      const client = await signedUpClient(server, `jepsen-${i}@example.com`)
      const id = (await client.get('/api/auth/get-session')).body.user.id as string
      users.push({ client, id })
      await server.deps.wallets.rewardUser({ userId: id, amount: power(30), reference: 'seed', idempotencyKey: `seed-${id}` })
    }
    // One user can withdraw (two-factor on).
    const enable = await users[0].client.post('/api/auth/two-factor/enable', { password: 'correct horse battery' })
    users[0].secret = new URL(enable.body.totpURI).searchParams.get('secret')!
    await users[0].client.post('/api/auth/two-factor/verify-totp', { code: totp(users[0].secret) })
    for (let i = 0; i < 4; i++) {
      const feed = await insertFeed(server.database.db, { title: `Jepsen feed ${i}` })
      feeds.push(feed)
      entries.push(...(await insertEntries(server.database.db, feed, 2)))
    }
    // Half the feeds have an owner (tips go to them), half keep tips waiting.
    await server.database.db.updateTable('feeds').set({ ownerUserId: users[1].id }).where('id', 'in', feeds.slice(0, 2)).execute()
  }, 120_000)

  afterAll(async () => {
    await server?.stop()
  })

  it('keeps every invariant through random concurrent operations with retried keys', async () => {
    let seed = dialect === 'sqlite' ? 11 : 29
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    const answered = new Map<string, number>() // key → how many 200 answers
    let operations = 0
    for (let round = 0; round < ROUNDS; round++) {
      const batch: Promise<void>[] = []
      for (let i = 0; i < OPS_PER_ROUND; i++) {
        const u = users[rand(USERS)]
        const kind = rand(10)
        const key = `r${round}-o${i}`
        let path: string
        let body: Record<string, unknown>
        if (kind === 0) [path, body] = ['/api/wallets/transactions/claim-daily', {}]
        else if (kind <= 3) [path, body] = ['/api/wallets/transactions/tip', { amount: String(1 + rand(3 * 10 ** 18)), userId: users[rand(USERS)].id }]
        else if (kind <= 5) [path, body] = ['/api/wallets/transactions/tip', { amount: String(1 + rand(10 ** 18)), feedId: feeds[rand(feeds.length)] }]
        else if (kind === 6) [path, body] = ['/api/wallets/transactions/tip', { amount: String(1 + rand(10 ** 18)), entryId: entries[rand(entries.length)] }]
        else if (kind <= 8) [path, body] = ['/api/boosts', { feedId: feeds[rand(feeds.length)], amount: power(10).toString() }]
        else [path, body] = ['/api/wallets/transactions/withdraw', { amount: String(1 + rand(2 * 10 ** 18)), TOTPCode: users[0].secret ? totp(users[0].secret) : '000000' }]
        const client = kind === 9 ? users[0].client : u.client
        const userKey = `${kind === 9 ? users[0].id : u.id}:${key}`
        // The same key one to three times, the retries sometimes at once, sometimes after.
        const copies = 1 + rand(3)
        const send = async () => {
          operations++
          const answer = await client.request('POST', path, body, { 'Idempotency-Key': key })
          expect([200, 400, 409], JSON.stringify(answer.body)).toContain(answer.status)
          if (answer.status === 200 && answer.headers.get('idempotent-replayed') !== 'true') answered.set(userKey, (answered.get(userKey) ?? 0) + 1)
        }
        batch.push(rand(2) ? Promise.all(Array.from({ length: copies }, send)).then(() => undefined) : (async () => { for (let c = 0; c < copies; c++) await send() })())
      }
      await Promise.all(batch)
      const audit = await server.deps.wallets.audit()
      expect(audit, `after round ${round}`).toMatchObject({ ok: true, negative: [], total: '0' })
    }
    console.log(`[ledger invariant ${dialect}] ${operations} HTTP requests, ${answered.size} keys answered 200`)

    const db = server.database.db
    // No key moved money twice: one first answer per key at most.
    expect([...answered.values()].every((n) => n === 1)).toBe(true)
    // Each user claimed at most once per day.
    const daily = await db.selectFrom('ledger_transfers').select(['creditAccountId', 'reference']).where('kind', '=', 'daily').execute()
    expect(new Set(daily.map((d) => `${d.creditAccountId}:${d.reference}`)).size).toBe(daily.length)
    // Every transfer made through a request key is one the client got a first 200 for.
    const keyed = await db.selectFrom('ledger_transfers').select('idempotencyKey').where('kind', 'in', ['tip', 'boost', 'withdraw']).execute()
    for (const { idempotencyKey } of keyed) {
      const [, userId, key] = idempotencyKey.split(':')
      expect(answered.has(`${userId}:${key}`), idempotencyKey).toBe(true)
    }
    const balances = await db.selectFrom('ledger_accounts').select(['id', 'balance']).execute()
    for (const b of balances) if (b.id.startsWith('user:') || b.id.startsWith('feed:')) expect(BigInt(b.balance) >= 0n, b.id).toBe(true)
  }, 240_000)
})
