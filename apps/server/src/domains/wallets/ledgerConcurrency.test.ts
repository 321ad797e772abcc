/**
 * The ledger's one write under concurrency, on both databases (PostgreSQL: one guarded statement;
 * SQLite: group commit): opposite transfers at once, the same idempotency key at once (alone and
 * inside a tip's transaction), withdrawable-only debits, and accounts seen for the first time.
 * After each, balances are exact and the invariant holds.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { newId } from '@brook/shared'
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../../test/testDatabase.ts'
import { insertFeed } from '../../test/factories.ts'
import { walletsRepo, type WalletsRepo } from './repo.ts'
import { createWalletsService } from './service.ts'
import { InsufficientFunds, TREASURY, feedAccount, userAccount } from './ledger.ts'

describeEachDialect('ledger under concurrency', (dialect) => {
  let database: TestDatabase
  let repo: WalletsRepo
  const audit = () => createWalletsService({ repo, config: { POWER_DAILY_BASE: 10 } }).audit()
  const balance = async (account: string) => (await repo.account(account))?.balance.toString()
  const fund = (account: string, amount: bigint) => repo.transfer({ debit: TREASURY, credit: account, amount, kind: 'reward', idempotencyKey: `fund-${newId()}` })

  beforeAll(async () => {
    database = await createTestDatabase(dialect)
    repo = walletsRepo(database.db)
  }, 60_000)

  afterAll(async () => {
    await database?.dispose()
  })

  it('runs 60 transfers both ways between two accounts at once: all move, balances exact', async () => {
    const [a, b] = [userAccount(newId()), userAccount(newId())]
    await fund(a, 1000n)
    await fund(b, 1000n)
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        repo.transfer({ debit: i % 2 ? a : b, credit: i % 2 ? b : a, amount: BigInt(i + 1), kind: 'tip', idempotencyKey: `both-${a}-${i}` }),
      ),
    )
    expect(results.every((r) => !r.replayed)).toBe(true)
    // Odd i (a → b) sum to 900, even i (b → a) to 930.
    expect(await balance(a)).toBe(String(1000 - 930 + 900))
    expect(await balance(b)).toBe(String(1000 + 930 - 900))
    expect((await audit()).ok).toBe(true)
  })

  it('moves money once for one key sent 12 times at once, alone or inside a tip to a feed', async () => {
    const [a, b] = [newId(), newId()]
    await fund(userAccount(a), 100n)
    const alone = await Promise.all(Array.from({ length: 12 }, () => repo.transfer({ debit: userAccount(a), credit: userAccount(b), amount: 7n, kind: 'tip', idempotencyKey: `once-${a}` })))
    expect(new Set(alone.map((r) => r.transfer.id)).size).toBe(1)
    expect(alone.filter((r) => !r.replayed)).toHaveLength(1)
    const feedId = await insertFeed(database.db)
    const tips = await Promise.all(
      Array.from({ length: 12 }, () => repo.tipFeed({ debit: userAccount(a), credit: feedAccount(feedId), amount: 5n, kind: 'tip', reference: feedId, idempotencyKey: `once-feed-${a}`, actorUserId: a, cashable: true }, feedId)),
    )
    expect(new Set(tips.map((r) => r.transfer.id)).size).toBe(1)
    expect(await balance(userAccount(a))).toBe('88')
    expect(await balance(userAccount(b))).toBe('7')
    expect(await balance(feedAccount(feedId))).toBe('5')
    // The tipper is counted once, with the transfer.
    const tippers = await database.db.selectFrom('feed_tippers').select(['userId', 'tips']).where('feedId', '=', feedId).execute()
    expect(tippers).toEqual([{ userId: a, tips: 1 }])
    const keyed = await database.db.selectFrom('ledger_transfers').select('id').where('idempotencyKey', 'in', [`once-${a}`, `once-feed-${a}`]).execute()
    expect(keyed).toHaveLength(2)
    expect((await audit()).ok).toBe(true)
  })

  it('takes withdrawable-only debits while they are covered, never more: 30 at once against 5', async () => {
    const [payer, owner] = [newId(), newId()]
    // 5 withdrawable (received as tips) on top of 100 of rewards.
    await fund(userAccount(payer), 5n)
    await repo.transfer({ debit: userAccount(payer), credit: userAccount(owner), amount: 5n, kind: 'tip', idempotencyKey: `cash-${owner}`, cashable: true })
    await fund(userAccount(owner), 100n)
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => repo.transfer({ debit: userAccount(owner), credit: 'burn', amount: 1n, kind: 'withdraw', idempotencyKey: `w-${owner}-${i}`, fromCashable: true })),
    )
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5)
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toMatchObject({ name: 'InsufficientFunds', cashableOnly: true })
    const account = await repo.account(userAccount(owner))
    expect([String(account?.balance), String(account?.cashable)]).toEqual(['100', '0'])
    expect((await audit()).ok).toBe(true)
  })

  it('creates an account seen for the first time once, while ten senders pay into it at once', async () => {
    const newcomer = userAccount(newId())
    const senders = Array.from({ length: 10 }, () => userAccount(newId()))
    for (const s of senders) await fund(s, 3n)
    const outcomes = await Promise.allSettled(senders.flatMap((s, i) => [1, 2].map((n) => repo.transfer({ debit: s, credit: newcomer, amount: 2n, kind: 'tip', idempotencyKey: `new-${newcomer}-${i}-${n}` }))))
    // Each sender holds 3: its first 2 moves, its second is refused.
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10)
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(InsufficientFunds)
    expect(await balance(newcomer)).toBe('20')
    expect(await database.db.selectFrom('ledger_accounts').select('id').where('id', '=', newcomer).execute()).toHaveLength(1)
    expect((await audit()).ok).toBe(true)
  })
})
