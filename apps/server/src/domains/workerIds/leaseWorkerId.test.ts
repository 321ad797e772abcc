/**
 * Worker-id leases (docs/operations.md): processes on one database make ids with distinct worker
 * bits, a dead process's id comes free when its lease runs out, and a process whose lease was
 * taken while it was paused moves to another id. Real SQLite and PostgreSQL; real server processes.
 */
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../../test/testDatabase.ts'
import { kill, startChild, type Child } from '../../test/childServer.ts'
import { signedUpClient } from '../../test/testServer.ts'
import { createLogger } from '../../lib/logger.ts'
import { leaseWorkerId } from './leaseWorkerId.ts'
import { workerLeasesRepo } from './repo.ts'

const logger = createLogger('silent')
/** The worker bits of a snowflake id (SPEC §4 id format: 12 sequence bits below them). */
const workerBitsOf = (id: string) => Number((BigInt(id) >> 12n) & 1023n)

describeEachDialect('worker-id leases', (dialect) => {
  let database: TestDatabase
  const children: Child[] = []

  beforeEach(async () => {
    database = await createTestDatabase(dialect)
  })

  afterEach(async () => {
    for (const child of children.splice(0)) await kill(child)
    await database.dispose()
  })

  it('gives each process on the database its own id, and frees it at a clean stop', async () => {
    const repo = workerLeasesRepo(database.db)
    const used: number[] = []
    const a = await leaseWorkerId({ repo, logger, use: (id) => used.push(id) })
    const b = await leaseWorkerId({ repo, logger, use: (id) => used.push(id) })
    expect([a.workerId, b.workerId]).toEqual([0, 1])
    expect(used).toEqual([0, 1])
    await a.close()
    expect(await repo.heldIds()).toEqual([1])
    const c = await leaseWorkerId({ repo, logger, use: () => {} })
    expect(c.workerId).toBe(0)
    await Promise.all([b.close(), c.close()])
    expect(await repo.heldIds()).toEqual([])
  })

  it('frees a dead process id when its lease runs out, and moves a paused process to another id', async () => {
    const repo = workerLeasesRepo(database.db)
    let clock = Date.parse('2026-11-28T00:00:00Z')
    const used: number[] = []
    const paused = await leaseWorkerId({ repo, logger, use: (id) => used.push(id), ttlMs: 60_000, renewEveryMs: 3_600_000, now: () => clock })
    expect(paused.workerId).toBe(0)
    // Not yet expired: a newcomer gets another id.
    const early = await leaseWorkerId({ repo, logger, use: () => {}, now: () => clock + 59_000 })
    expect(early.workerId).toBe(1)
    await early.close()
    // Expired (the holder stopped renewing in time): the id is free for a newcomer.
    const late = await leaseWorkerId({ repo, logger, use: () => {}, now: () => clock + 61_000 })
    expect(late.workerId).toBe(0)
    // The paused holder wakes up, finds its lease gone and takes a free id instead of sharing 0.
    clock += 61_000
    await paused.renew()
    expect(paused.workerId).toBe(1)
    expect(used).toEqual([0, 1])
    expect((await repo.heldIds()).sort()).toEqual([0, 1])
    await Promise.all([paused.close(), late.close()])
  })

  it('two server processes on one database make ids with different worker bits; a killed one keeps its id until its lease ends', async () => {
    const [first, second] = [await startChild(database.location), await startChild(database.location)]
    children.push(first, second)
    expect(await workerLeasesRepo(database.db).heldIds()).toEqual([0, 1])
    const lists = await Promise.all(
      [first, second].map(async (child, i) => {
        const client = await signedUpClient(child, `lease-${i}-${Date.now()}@example.com`)
        const made = await client.request('POST', '/api/lists', { title: `List ${i}`, view: 0 })
        expect(made.status).toBe(200)
        return made.body.data.id as string
      }),
    )
    expect(new Set(lists.map(workerBitsOf))).toEqual(new Set([0, 1]))
    // A process killed without a chance to free its id still holds it: the next one takes 2.
    await kill(first)
    const third = await startChild(database.location)
    children.push(third)
    expect(await workerLeasesRepo(database.db).heldIds()).toEqual([0, 1, 2])
  })
})
