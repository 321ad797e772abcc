/**
 * Group commit and the fair connection lock on a real SQLite file: concurrent transactions share
 * commits, each stays atomic (a failing one is undone alone and the others commit), later members
 * see earlier ones' writes, and the connection is handed out in order of arrival. The ledger on
 * top of it: a batch of tips mixing good ones, overdrafts and repeated idempotency keys.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { openDatabase, type OpenDatabase } from './openDatabase.ts'
import { migrateToLatest } from './migrate.ts'
import { inTransaction } from './transactions.ts'
import { groupCommitStats } from './groupCommit.ts'
import { FifoLock } from './fairSqliteDialect.ts'
import { InsufficientFunds, TREASURY, transferFunds, userAccount } from '../domains/wallets/ledger.ts'
import { walletsRepo } from '../domains/wallets/repo.ts'

describe('group commit (SQLite)', () => {
  let dir: string
  let database: OpenDatabase

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-group-commit-'))
    database = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'brook.db') })
    await migrateToLatest(database.db)
    await sql`create table gc_rows (id integer primary key, owner text not null, value integer not null check (value >= 0))`.execute(database.db)
  })

  afterAll(async () => {
    await database?.close()
    if (dir) fs.rmSync(dir, { recursive: true, force: true })
  })

  const rowsOf = async (owner: string) => (await sql<{ id: number; value: number }>`select id, value from gc_rows where owner = ${owner} order by id`.execute(database.db)).rows

  it('runs concurrent transactions in shared commits, each with its own result', async () => {
    const before = groupCommitStats(database.db)
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        inTransaction(database.db, async (trx) => {
          await sql`insert into gc_rows (id, owner, value) values (${1000 + i}, 'shared', ${i})`.execute(trx)
          return i * 2
        }),
      ),
    )
    expect(results).toEqual(Array.from({ length: 40 }, (_, i) => i * 2))
    expect((await rowsOf('shared')).map((r) => r.value)).toEqual(Array.from({ length: 40 }, (_, i) => i))
    const after = groupCommitStats(database.db)
    expect(after.members - before.members).toBe(40)
    // Forty transactions asked at once: fewer commits than transactions.
    expect(after.batches - before.batches).toBeLessThan(40)
  })

  it('undoes a failing transaction alone: the others of its batch commit', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        inTransaction(database.db, async (trx) => {
          await sql`insert into gc_rows (id, owner, value) values (${2000 + i}, 'mixed', ${i})`.execute(trx)
          // Every third fails after writing: by throwing, or by breaking a CHECK constraint.
          if (i % 3 === 1) throw new Error(`refused ${i}`)
          if (i % 3 === 2) await sql`update gc_rows set value = -1 where id = ${2000 + i}`.execute(trx)
          return i
        }),
      ),
    )
    outcomes.forEach((outcome, i) => {
      if (i % 3 === 0) expect(outcome).toEqual({ status: 'fulfilled', value: i })
      else expect(outcome.status).toBe('rejected')
    })
    expect((outcomes[1] as PromiseRejectedResult).reason.message).toBe('refused 1')
    expect(String((outcomes[2] as PromiseRejectedResult).reason)).toMatch(/CHECK constraint failed/)
    // Only the successful ones' rows exist — nothing of the failed ones, not even their insert.
    expect((await rowsOf('mixed')).map((r) => r.value)).toEqual(Array.from({ length: 10 }, (_, k) => k * 3))
  })

  it('lets each transaction see the writes of the ones before it', async () => {
    await sql`insert into gc_rows (id, owner, value) values (3000, 'counter', 0)`.execute(database.db)
    await Promise.all(
      Array.from({ length: 50 }, () =>
        inTransaction(database.db, async (trx) => {
          const [row] = (await sql<{ value: number }>`select value from gc_rows where id = 3000`.execute(trx)).rows
          await sql`update gc_rows set value = ${row.value + 1} where id = 3000`.execute(trx)
        }),
      ),
    )
    expect((await rowsOf('counter'))[0].value).toBe(50)
  })

  it('moves money in a batch of tips with overdrafts and repeated keys: each decided alone, the ledger exact', async () => {
    const repo = walletsRepo(database.db)
    const [alice, bob] = [userAccount('gc-alice'), userAccount('gc-bob')]
    await repo.transfer({ debit: TREASURY, credit: alice, amount: 10n, kind: 'reward', idempotencyKey: 'gc-seed' })
    // 30 tips of 1 at once, every key sent twice: 10 keys can be paid, the rest overdraw.
    const keys = Array.from({ length: 30 }, (_, i) => `gc-tip-${i % 15}`)
    const outcomes = await Promise.allSettled(keys.map((key) => inTransaction(database.db, (trx) => transferFunds(trx, { debit: alice, credit: bob, amount: 1n, kind: 'tip', idempotencyKey: key }))))
    const paid = new Set(outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value.transfer.id] : [])))
    expect(paid.size).toBe(10)
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(InsufficientFunds)
    // A repeated key answers the transfer of its first request, never a second one.
    const replayed = outcomes.filter((o) => o.status === 'fulfilled' && o.value.replayed)
    expect(replayed.length).toBe(10)
    expect((await repo.account(alice))?.balance).toBe('0')
    expect((await repo.account(bob))?.balance).toBe('10')
    const tips = await database.db.selectFrom('ledger_transfers').select('idempotencyKey').where('idempotencyKey', 'like', 'gc-tip-%').execute()
    expect(tips.length).toBe(10)
    expect(new Set(tips.map((t) => t.idempotencyKey)).size).toBe(10)
  })

  it('hands the connection out in order of arrival: a busy caller cannot starve the others', async () => {
    const order: number[] = []
    await Promise.all(Array.from({ length: 200 }, (_, i) => sql`select ${i} as n`.execute(database.db).then(() => order.push(i))))
    expect(order).toEqual(Array.from({ length: 200 }, (_, i) => i))
    // One caller issuing 100 queries back to back, 100 others one query each, all at once: each of
    // the busy caller's queries queues behind those already waiting, so the others finish first.
    let busyDone = 0
    let busyDoneWhenOthersFinished = -1
    const busy = (async () => {
      for (let i = 0; i < 100; i++) {
        await sql`select ${i} as n`.execute(database.db)
        busyDone++
      }
    })()
    const others = Promise.all(Array.from({ length: 100 }, (_, i) => sql`select ${i} as n`.execute(database.db))).then(() => (busyDoneWhenOthersFinished = busyDone))
    await Promise.all([busy, others])
    expect(busyDoneWhenOthersFinished).toBeLessThanOrEqual(2)
  })
})

describe('FifoLock', () => {
  it('grants the lock in call order, one holder at a time', async () => {
    const lock = new FifoLock()
    const granted: number[] = []
    let holders = 0
    await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        await lock.acquire()
        holders++
        expect(holders).toBe(1)
        granted.push(i)
        await new Promise((resolve) => setImmediate(resolve))
        holders--
        lock.release()
      }),
    )
    expect(granted).toEqual(Array.from({ length: 50 }, (_, i) => i))
    expect(lock.waiting).toBe(0)
  })
})
